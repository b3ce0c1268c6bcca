import { DateTime, IANAZone } from 'luxon';

/**
 * Time-zone helpers on Luxon (no hand-made offsets: every UTC offset comes from Luxon's IANA
 * zone data). Wall-clock dates are 'yyyy-MM-dd', wall-clock times 'HH:mm' (or minutes of the day).
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

const zoneCache = new Map<string, IANAZone>();

/** Luxon's zone object for an IANA name (cached); throws on an unknown zone. */
export function zone(timeZone: string): IANAZone {
  let z = zoneCache.get(timeZone);
  if (!z) {
    if (!IANAZone.isValidZone(timeZone)) throw new RangeError(`Unknown time zone "${timeZone}"`);
    z = IANAZone.create(timeZone);
    zoneCache.set(timeZone, z);
  }
  return z;
}

/** Whether `timeZone` is a valid IANA zone name (e.g. "America/New_York"). */
export function isValidTimeZone(timeZone: unknown): timeZone is string {
  return typeof timeZone === 'string' && timeZone.length > 0 && IANAZone.isValidZone(timeZone);
}

const TIME_RE = /^([01]\d|2[0-4]):([0-5]\d)(?::([0-5]\d))?$/;

/**
 * 'HH:mm' (or 'HH:mm:ss' as PostgreSQL's `time` prints it) → minutes since midnight; '24:00' is
 * 1440 (the end of the day). Returns null for anything else.
 */
export function parseWallTime(value: string): number | null {
  const m = TIME_RE.exec(value);
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  if (minutes > 1440 || (minutes === 1440 && m[3] && m[3] !== '00')) return null;
  return minutes;
}

/** Minutes since midnight → 'HH:mm'. */
export function formatWallTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'yyyy-MM-dd' → the UTC midnight of that calendar date in ms (a "floating" date), or null. */
export function parseLocalDate(date: string): number | null {
  const m = DATE_RE.exec(date);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(ms);
  if (
    d.getUTCFullYear() !== Number(m[1]) ||
    d.getUTCMonth() !== Number(m[2]) - 1 ||
    d.getUTCDate() !== Number(m[3])
  ) {
    return null;
  }
  return ms;
}

/** A floating ms value (wall-clock fields stored as UTC) → 'yyyy-MM-dd'. */
function floatingDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * The instants whose wall-clock time in `timeZone` is the floating time `wallMs` (wall-clock
 * fields encoded as if UTC), earliest first: one normally, two in a repeated hour (fall back),
 * none in a skipped hour (spring forward). Same method as Temporal's GetPossibleInstantsFor:
 * try the zone's offsets a day before and a day after, keep those that round-trip.
 */
export function possibleInstants(wallMs: number, timeZone: string): number[] {
  const z = zone(timeZone);
  const before = z.offset(wallMs - DAY);
  const after = z.offset(wallMs + DAY);
  const out: number[] = [];
  for (const offset of before === after ? [before] : [before, after]) {
    const instant = wallMs - offset * MINUTE;
    if (z.offset(instant) === offset) out.push(instant);
  }
  if (out.length === 0 && before === after) {
    // A transition within the day itself (rare zones): ask for the offset at the guess.
    const guess = wallMs - z.offset(wallMs) * MINUTE;
    const offset = z.offset(guess);
    const instant = wallMs - offset * MINUTE;
    if (z.offset(instant) === offset) out.push(instant);
  }
  return out.sort((a, b) => a - b);
}

export type NonexistentTime = 'skip' | 'later';

/**
 * The instant of the wall-clock `date` + `time` in `timeZone`. A time that exists twice (the
 * repeated hour when clocks go back) gives the earlier instant. A time that does not exist (the
 * skipped hour when clocks go forward) gives null with `nonexistent: 'skip'` (the default), or
 * with `'later'` the instant of that wall time read with the offset before the gap, as RFC 5545
 * says (02:30 on a spring-forward day in New York → 03:30 EDT).
 */
export function zonedInstant(
  date: string,
  time: string | number,
  timeZone: string,
  nonexistent: NonexistentTime = 'skip',
): Date | null {
  const day = parseLocalDate(date);
  if (day === null) throw new RangeError(`Invalid date "${date}" (expected yyyy-MM-dd)`);
  const minutes = typeof time === 'number' ? time : parseWallTime(time);
  if (minutes === null) throw new RangeError(`Invalid time "${String(time)}" (expected HH:mm)`);
  const ms = wallToInstant(day + minutes * MINUTE, timeZone, nonexistent);
  return ms === null ? null : new Date(ms);
}

/** Floating wall-clock ms → instant ms in `timeZone` (see zonedInstant for the DST rules). */
export function wallToInstant(
  wallMs: number,
  timeZone: string,
  nonexistent: NonexistentTime = 'skip',
): number | null {
  const instants = possibleInstants(wallMs, timeZone);
  if (instants.length > 0) return instants[0];
  if (nonexistent === 'skip') return null;
  const offsetBefore = zone(timeZone).offset(wallMs - DAY);
  return wallMs - offsetBefore * MINUTE;
}

/**
 * The first instant whose wall clock in `timeZone` shows `wallMs` or later: the wall time itself
 * (the earlier one if repeated), or the end of the gap when it was skipped. Used for range bounds.
 */
export function wallBoundToInstant(wallMs: number, timeZone: string): number {
  const instants = possibleInstants(wallMs, timeZone);
  if (instants.length > 0) return instants[0];
  // In a gap: the transition instant is where the offset after the gap starts.
  const z = zone(timeZone);
  const offsetAfter = z.offset(wallMs + DAY);
  let lo = wallMs - z.offset(wallMs - DAY) * MINUTE; // read with the offset before: after the gap
  let hi = wallMs - offsetAfter * MINUTE; // read with the offset after: before the gap
  if (hi > lo) [lo, hi] = [hi, lo];
  // Binary search the transition between hi (old offset) and lo (new offset), to the minute.
  while (lo - hi > MINUTE) {
    const mid = hi + Math.floor((lo - hi) / 2 / MINUTE) * MINUTE;
    if (z.offset(mid) === offsetAfter) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** The wall-clock date ('yyyy-MM-dd') of an instant in `timeZone`. */
export function localDate(instant: Date | number, timeZone: string): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  return floatingDate(ms + zone(timeZone).offset(ms) * MINUTE);
}

/** The floating wall-clock ms (wall fields as UTC) of an instant in `timeZone`. */
export function instantToWall(instant: Date | number, timeZone: string): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  return ms + zone(timeZone).offset(ms) * MINUTE;
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a 'yyyy-MM-dd' date. */
export function isoWeekday(date: string): number {
  const ms = parseLocalDate(date);
  if (ms === null) throw new RangeError(`Invalid date "${date}"`);
  const d = new Date(ms).getUTCDay();
  return d === 0 ? 7 : d;
}

/** 'yyyy-MM-dd' + n calendar days. */
export function addDays(date: string, days: number): string {
  const ms = parseLocalDate(date);
  if (ms === null) throw new RangeError(`Invalid date "${date}"`);
  return floatingDate(ms + days * DAY);
}

/** `instant` + n calendar days in `timeZone` (the same wall time n days later, via Luxon). */
export function plusZonedDays(instant: Date, days: number, timeZone: string): Date {
  return DateTime.fromJSDate(instant, { zone: timeZone }).plus({ days }).toJSDate();
}

/** An instant shown in a zone, e.g. for messages and tests: '2027-03-14T09:00:00.000-04:00'. */
export function toZonedISO(instant: Date, timeZone: string): string {
  return DateTime.fromJSDate(instant, { zone: timeZone }).toISO() ?? instant.toISOString();
}
