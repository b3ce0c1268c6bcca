import { formatWallTime } from './recurrence';

/**
 * The weekly-hours editor's model: per ISO weekday (1 = Monday … 7 = Sunday) several wall-clock
 * ranges 'HH:mm'–'HH:mm' in the instructor's time zone, saved whole with `availabilityRulesSet`.
 */

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export const WEEKDAY_LABEL: Record<number, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};

export interface HourRange {
  start: string;
  end: string;
}

/** Ranges per weekday 1–7 (every weekday present, maybe empty). */
export type WeekHours = Record<number, HourRange[]>;

export interface RuleLike {
  weekday: number;
  startTime: string;
  endTime: string;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** 'HH:mm' of a 'HH:mm' or 'HH:mm:ss' time. */
export const shortTime = (time: string): string => time.slice(0, 5);

const minutes = (time: string): number => {
  const [hour, minute] = time.split(':').map(Number);
  return hour * 60 + minute;
};

const toTime = (total: number): string =>
  `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

export function emptyWeek(): WeekHours {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, [] as HourRange[]]));
}

/** The editor's week of the API's rules, each day's ranges sorted by start. */
export function weekFromRules(rules: readonly RuleLike[]): WeekHours {
  const week = emptyWeek();
  for (const rule of rules) {
    if (!week[rule.weekday]) continue;
    week[rule.weekday].push({ start: shortTime(rule.startTime), end: shortTime(rule.endTime) });
  }
  for (const day of WEEKDAYS) week[day].sort((a, b) => a.start.localeCompare(b.start));
  return week;
}

/** The `availabilityRulesSet` rules of a week (weekday order, then start). */
export function rulesFromWeek(week: WeekHours): RuleLike[] {
  return WEEKDAYS.flatMap((weekday) =>
    [...(week[weekday] ?? [])]
      .sort((a, b) => a.start.localeCompare(b.start))
      .map((range) => ({ weekday, startTime: range.start, endTime: range.end })),
  );
}

/**
 * What is wrong with each range, keyed `weekday:index`: a time that is not 'HH:mm', an end not
 * after the start, or a range overlapping another of the same day (touching ranges are fine).
 */
export function weekErrors(week: WeekHours): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const day of WEEKDAYS) {
    const ranges = week[day] ?? [];
    ranges.forEach((range, index) => {
      const key = `${day}:${index}`;
      if (!TIME.test(range.start) || !TIME.test(range.end)) {
        errors[key] = 'Enter both times as HH:mm';
      } else if (minutes(range.end) <= minutes(range.start)) {
        errors[key] = 'The end must be after the start';
      }
    });
    const unreadable = new Set(Object.keys(errors));
    ranges.forEach((range, index) => {
      const key = `${day}:${index}`;
      if (unreadable.has(key)) return;
      const other = ranges.findIndex(
        (candidate, j) =>
          j !== index &&
          !unreadable.has(`${day}:${j}`) &&
          minutes(candidate.start) < minutes(range.end) &&
          minutes(range.start) < minutes(candidate.end),
      );
      if (other >= 0) {
        errors[key] = `Overlaps ${formatWallTime(ranges[other].start)}–${formatWallTime(ranges[other].end)}`;
      }
    });
  }
  return errors;
}

/** A new range for a day: after its last range (an hour, if the day has room), else 09:00–17:00. */
export function nextRange(ranges: readonly HourRange[]): HourRange {
  if (ranges.length === 0) return { start: '09:00', end: '17:00' };
  const latest = Math.max(...ranges.filter((r) => TIME.test(r.end)).map((r) => minutes(r.end)), 0);
  const start = Math.min(latest + 60, 22 * 60);
  return { start: toTime(start), end: toTime(Math.min(start + 60, 23 * 60 + 59)) };
}

export function addRange(week: WeekHours, weekday: number): WeekHours {
  return { ...week, [weekday]: [...week[weekday], nextRange(week[weekday])] };
}

export function removeRange(week: WeekHours, weekday: number, index: number): WeekHours {
  return { ...week, [weekday]: week[weekday].filter((_, i) => i !== index) };
}

export function updateRange(week: WeekHours, weekday: number, index: number, range: HourRange): WeekHours {
  return { ...week, [weekday]: week[weekday].map((r, i) => (i === index ? range : r)) };
}

/** Every weekday gets a copy of `weekday`'s ranges. */
export function copyToAllDays(week: WeekHours, weekday: number): WeekHours {
  const source = week[weekday] ?? [];
  return Object.fromEntries(WEEKDAYS.map((day) => [day, source.map((range) => ({ ...range }))]));
}

/** Monday to Friday get a copy of `weekday`'s ranges; the weekend keeps its own. */
export function copyToWeekdays(week: WeekHours, weekday: number): WeekHours {
  const source = week[weekday] ?? [];
  return Object.fromEntries(
    WEEKDAYS.map((day) => [day, day <= 5 ? source.map((range) => ({ ...range })) : week[day]]),
  );
}

/** Hours of work a week ("32.5"), counting valid ranges only. */
export function weeklyTotalHours(week: WeekHours): number {
  const errors = weekErrors(week);
  let total = 0;
  for (const day of WEEKDAYS) {
    week[day].forEach((range, index) => {
      if (!errors[`${day}:${index}`]) total += minutes(range.end) - minutes(range.start);
    });
  }
  return Math.round((total / 60) * 10) / 10;
}

/** What an override does, in words. */
export function overrideLabel(override: {
  kind: string;
  startTime?: string | null;
  endTime?: string | null;
}): string {
  const kind = override.kind.toLowerCase();
  const range =
    override.startTime && override.endTime
      ? `${formatWallTime(shortTime(override.startTime))}–${formatWallTime(shortTime(override.endTime))}`
      : '';
  if (kind === 'extra') return `Extra hours ${range}`;
  return range ? `Blocked ${range}` : 'Day off';
}
