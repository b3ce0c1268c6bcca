import { RRule, type Options } from 'rrule';
import type { DateOverride } from './slot-generation';
import { formatWallTime, instantToWall, localDate, parseLocalDate, wallToInstant, zone } from './zoned-time';

/**
 * Group-class recurrences. A rule such as `FREQ=WEEKLY;BYDAY=TU;BYHOUR=18;BYMINUTE=0` (optionally
 * with `DTSTART`, `UNTIL`, `COUNT`, as `DTSTART:20270105T180000\nRRULE:FREQ=…`) is expanded by
 * `rrule` in *floating* time (wall-clock fields stored as UTC, so `rrule` never applies an offset),
 * and each occurrence is then mapped to an instant in the class's zone with Luxon: "every Tuesday
 * 18:00 in New York" is 18:00 local before and after a DST change.
 *
 * DST rules for occurrences (RFC 5545 §3.3.5): a wall time that exists twice is the earlier
 * instant; one that does not exist is read with the offset before the gap (02:30 → 03:30 EDT).
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

export interface Occurrence {
  start: Date;
  end: Date;
}

const ALLOWED_FREQ = new Set([RRule.YEARLY, RRule.MONTHLY, RRule.WEEKLY, RRule.DAILY]);

interface ParsedRule {
  options: Partial<Options>;
  /** DTSTART given with a 'Z' (an instant) rather than floating. */
  dtstartIsUtc: boolean;
  untilIsUtc: boolean;
}

function parseRule(rule: string): ParsedRule {
  const text = rule.trim();
  if (!text) throw new Error('The recurrence rule is empty');
  const options = RRule.parseString(text);
  const dtstartLine = /DTSTART[^:\n]*:(\S+)/i.exec(text);
  const untilMatch = /UNTIL=([0-9TZ]+)/i.exec(text);
  return {
    options,
    dtstartIsUtc: !!dtstartLine && /Z$/i.test(dtstartLine[1]),
    untilIsUtc: !!untilMatch && /Z$/i.test(untilMatch[1]),
  };
}

/**
 * Why a recurrence rule cannot be used, as a message for the instructor, or null when it is fine.
 * Accepted: FREQ DAILY/WEEKLY/MONTHLY/YEARLY with the time of day given by BYHOUR (and BYMINUTE)
 * or by a DTSTART with a time; BYDAY, BYMONTHDAY, INTERVAL, COUNT, UNTIL and the other RFC 5545
 * parts `rrule` knows.
 */
export function validateRecurrenceRule(rule: string): string | null {
  let parsed: ParsedRule;
  try {
    parsed = parseRule(rule);
  } catch (e) {
    return `The recurrence rule could not be read: ${(e as Error).message}`;
  }
  const o = parsed.options;
  if (o.freq === undefined || o.freq === null) return 'The recurrence rule needs a FREQ (e.g. FREQ=WEEKLY)';
  if (!ALLOWED_FREQ.has(o.freq)) return 'Classes can repeat daily, weekly, monthly or yearly, not more often';
  if (Array.isArray(o.byweekday) && o.byweekday.some((d) => d === undefined || d === null)) {
    return 'BYDAY must list days as MO, TU, WE, TH, FR, SA, SU';
  }
  if (o.interval !== undefined && !(Number.isInteger(o.interval) && o.interval >= 1)) {
    return 'INTERVAL must be a whole number of at least 1';
  }
  if (o.count !== undefined && o.count !== null && !(Number.isInteger(o.count) && o.count >= 1)) {
    return 'COUNT must be a whole number of at least 1';
  }
  const hours = o.byhour === undefined || o.byhour === null ? [] : ([] as number[]).concat(o.byhour);
  const minutes = o.byminute === undefined || o.byminute === null ? [] : ([] as number[]).concat(o.byminute);
  if (hours.some((h) => !(Number.isInteger(h) && h >= 0 && h <= 23)))
    return 'BYHOUR must be between 0 and 23';
  if (minutes.some((m) => !(Number.isInteger(m) && m >= 0 && m <= 59)))
    return 'BYMINUTE must be between 0 and 59';
  if (hours.length === 0 && !/DTSTART[^:\n]*:\d{8}T\d{4}/i.test(rule)) {
    return 'The recurrence rule needs the time of day: BYHOUR (and BYMINUTE), e.g. BYHOUR=18;BYMINUTE=0';
  }
  try {
    const r = new RRule(floatingOptions(parsed, 'UTC', '2027-01-01'));
    r.after(new Date(Date.UTC(1970, 0, 1)), true);
  } catch (e) {
    return `The recurrence rule is invalid: ${(e as Error).message}`;
  }
  return null;
}

/** Options for a floating expansion: DTSTART and UNTIL as wall-clock fields in `timeZone`. */
function floatingOptions(parsed: ParsedRule, timeZone: string, defaultStartDate: string): Partial<Options> {
  const o: Partial<Options> = { ...parsed.options, tzid: null };
  if (o.dtstart) {
    if (parsed.dtstartIsUtc) o.dtstart = new Date(instantToWall(o.dtstart, timeZone));
  } else {
    const day = parseLocalDate(defaultStartDate);
    if (day === null) throw new RangeError(`Invalid start date "${defaultStartDate}"`);
    o.dtstart = new Date(day);
  }
  if (o.until && parsed.untilIsUtc) o.until = new Date(instantToWall(o.until, timeZone));
  if (o.byhour !== undefined && o.byhour !== null && (o.byminute === undefined || o.byminute === null))
    o.byminute = 0;
  if (o.bysecond === undefined || o.bysecond === null) o.bysecond = 0;
  return o;
}

/**
 * The occurrences of a group class whose start lies in [from, to), sorted. `rule` is an RRULE
 * whose BYHOUR/BYMINUTE (or DTSTART time) are wall-clock times in `timeZone`. Without a DTSTART
 * in the rule, the series starts on `startDate` ('yyyy-MM-dd' in the zone, e.g. the day the
 * session type was created; this matters with COUNT and INTERVAL), else on the local date of
 * `from`.
 */
export function occurrences(
  rule: string,
  timeZone: string,
  durationMinutes: number,
  from: Date,
  to: Date,
  startDate?: string,
): Occurrence[] {
  zone(timeZone);
  if (to.getTime() <= from.getTime()) return [];
  const parsed = parseRule(rule);
  const rrule = new RRule(floatingOptions(parsed, timeZone, startDate ?? localDate(from, timeZone)));
  // Floating window, a day wider on each side (offsets are under 24 h), filtered by instants below.
  const wallFrom = new Date(instantToWall(from, timeZone) - DAY);
  const wallTo = new Date(instantToWall(to, timeZone) + DAY);
  const out: Occurrence[] = [];
  let last = -Infinity;
  for (const wall of rrule.between(wallFrom, wallTo, true)) {
    const start = wallToInstant(wall.getTime(), timeZone, 'later');
    if (start === null || start < from.getTime() || start >= to.getTime() || start <= last) continue;
    out.push({ start: new Date(start), end: new Date(start + durationMinutes * MINUTE) });
    last = start;
  }
  return out;
}

/**
 * Occurrences without those an `off` override cancels: an all-day `off` removes the date's
 * occurrences, an `off` range removes those that start inside it (dates and times in `timeZone`).
 */
export function withoutOffDays(
  list: Occurrence[],
  overrides: DateOverride[],
  timeZone: string,
): Occurrence[] {
  const offs = overrides.filter((o) => o.kind === 'off');
  if (offs.length === 0) return list;
  return list.filter((occ) => {
    const date = localDate(occ.start, timeZone);
    const wall = instantToWall(occ.start, timeZone);
    const minute = Math.round((wall - parseLocalDate(date)!) / MINUTE);
    return !offs.some((o) => {
      if (o.date !== date) return false;
      if (o.start === null || o.end === null) return true;
      const [sh, sm] = o.start.split(':').map(Number);
      const [eh, em] = o.end.split(':').map(Number);
      return minute >= sh * 60 + sm && minute < eh * 60 + em;
    });
  });
}

/**
 * A human description for the UI, e.g. "every week on Tuesday at 6:00 PM (America/New_York)".
 * Falls back to the rule itself when `rrule` cannot describe it.
 */
export function describeRecurrenceRule(rule: string, timeZone?: string): string {
  try {
    const parsed = parseRule(rule);
    const o: Partial<Options> = {
      ...parsed.options,
      tzid: null,
      byhour: null,
      byminute: null,
      bysecond: null,
    };
    if (!o.dtstart) o.dtstart = new Date(Date.UTC(2027, 0, 1));
    let text = new RRule(o).toText();
    const hours = parsed.options.byhour == null ? [] : ([] as number[]).concat(parsed.options.byhour);
    const minutes = parsed.options.byminute == null ? [0] : ([] as number[]).concat(parsed.options.byminute);
    const times: string[] = [];
    for (const h of hours.slice().sort((a, b) => a - b)) {
      for (const m of minutes.slice().sort((a, b) => a - b)) times.push(twelveHour(h * 60 + m));
    }
    if (times.length > 0) text += ` at ${times.join(', ')}`;
    return timeZone ? `${text} (${timeZone})` : text;
  } catch {
    return rule;
  }
}

function twelveHour(minutes: number): string {
  const [hh, mm] = formatWallTime(minutes).split(':').map(Number);
  const suffix = hh < 12 ? 'AM' : 'PM';
  const h = hh % 12 === 0 ? 12 : hh % 12;
  return `${h}:${String(mm).padStart(2, '0')} ${suffix}`;
}
