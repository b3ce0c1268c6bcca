/**
 * The friendly builder of a group class's recurrence: weekdays, a wall-clock time and an
 * interval in weeks ↔ the RRULE the API stores (`FREQ=WEEKLY;BYDAY=TU;BYHOUR=18;BYMINUTE=0`).
 * BYHOUR/BYMINUTE are wall-clock times in the instructor's time zone (docs/connect.md).
 */

export const RRULE_DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type RruleDay = (typeof RRULE_DAYS)[number];

export const RRULE_DAY_LABEL: Record<RruleDay, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};

export const RRULE_DAY_SHORT: Record<RruleDay, string> = {
  MO: 'Mon',
  TU: 'Tue',
  WE: 'Wed',
  TH: 'Thu',
  FR: 'Fri',
  SA: 'Sat',
  SU: 'Sun',
};

export interface WeeklyRecurrence {
  /** The class days, in week order (Monday first). */
  days: RruleDay[];
  /** The start time, 'HH:mm' (24 hours) in the instructor's zone. */
  time: string;
  /** Every N weeks (1 = weekly). */
  interval: number;
}

export const DEFAULT_RECURRENCE: WeeklyRecurrence = { days: ['TU'], time: '18:00', interval: 1 };

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

const sortDays = (days: readonly RruleDay[]): RruleDay[] => RRULE_DAYS.filter((day) => days.includes(day));

/** Why the recurrence cannot be saved, or null when it can. */
export function recurrenceError(recurrence: WeeklyRecurrence): string | null {
  if (recurrence.days.length === 0) return 'Pick at least one weekday';
  if (!TIME.test(recurrence.time)) return 'Enter a start time, e.g. 18:00';
  if (!Number.isInteger(recurrence.interval) || recurrence.interval < 1 || recurrence.interval > 4)
    return 'Repeat every 1 to 4 weeks';
  return null;
}

/** The RRULE of a valid recurrence, e.g. `FREQ=WEEKLY;BYDAY=TU,TH;BYHOUR=18;BYMINUTE=30`. */
export function buildWeeklyRule(recurrence: WeeklyRecurrence): string {
  const error = recurrenceError(recurrence);
  if (error) throw new Error(error);
  const [hour, minute] = recurrence.time.split(':').map(Number);
  const parts = ['FREQ=WEEKLY'];
  if (recurrence.interval > 1) parts.push(`INTERVAL=${recurrence.interval}`);
  parts.push(`BYDAY=${sortDays(recurrence.days).join(',')}`, `BYHOUR=${hour}`, `BYMINUTE=${minute}`);
  return parts.join(';');
}

/**
 * The builder's values of an RRULE (an optional `RRULE:` prefix is accepted), or null when the
 * rule is not a weekly rule the builder can show (another frequency, several hours, COUNT …).
 */
export function parseWeeklyRule(rule: string | null | undefined): WeeklyRecurrence | null {
  if (!rule) return null;
  const body = rule.trim().replace(/^RRULE:/i, '');
  const fields = new Map<string, string>();
  for (const part of body.split(';')) {
    if (!part) continue;
    const [key, value, ...rest] = part.split('=');
    if (!key || value === undefined || rest.length > 0) return null;
    const name = key.toUpperCase();
    if (fields.has(name)) return null;
    fields.set(name, value.toUpperCase());
  }
  if (fields.get('FREQ') !== 'WEEKLY') return null;
  for (const name of fields.keys()) {
    if (!['FREQ', 'INTERVAL', 'BYDAY', 'BYHOUR', 'BYMINUTE', 'BYSECOND', 'WKST'].includes(name)) return null;
  }
  const days = (fields.get('BYDAY') ?? '').split(',').filter(Boolean);
  if (
    days.length === 0 ||
    !days.every((day): day is RruleDay => (RRULE_DAYS as readonly string[]).includes(day))
  )
    return null;
  const hour = Number(fields.get('BYHOUR'));
  const minute = Number(fields.get('BYMINUTE') ?? '0');
  const second = Number(fields.get('BYSECOND') ?? '0');
  if (!/^\d{1,2}$/.test(fields.get('BYHOUR') ?? '') || hour > 23) return null;
  if (!Number.isInteger(minute) || minute < 0 || minute > 59 || second !== 0) return null;
  const interval = Number(fields.get('INTERVAL') ?? '1');
  if (!Number.isInteger(interval) || interval < 1) return null;
  return {
    days: sortDays([...new Set(days as RruleDay[])]),
    time: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
    interval,
  };
}

/** "6:00 PM" for '18:00'. */
export function formatWallTime(time: string): string {
  const match = TIME.exec(time);
  if (!match) return time;
  const hour = Number(match[1]);
  const suffix = hour < 12 ? 'AM' : 'PM';
  return `${hour % 12 === 0 ? 12 : hour % 12}:${match[2]} ${suffix}`;
}

/** "Every Tuesday and Thursday at 6:00 PM", "Every 2 weeks on Monday at 9:30 AM". */
export function describeRecurrence(recurrence: WeeklyRecurrence): string {
  const names = sortDays(recurrence.days).map((day) => RRULE_DAY_LABEL[day]);
  const list =
    names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  const every = recurrence.interval > 1 ? `Every ${recurrence.interval} weeks on ${list}` : `Every ${list}`;
  return `${every} at ${formatWallTime(recurrence.time)}`;
}

/** A stored rule in words (the raw rule when the builder cannot read it). */
export function describeRule(rule: string | null | undefined): string {
  const parsed = parseWeeklyRule(rule);
  return parsed ? describeRecurrence(parsed) : (rule ?? '');
}
