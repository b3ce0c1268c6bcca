import {
  addDays,
  isoWeekday,
  localDate,
  parseLocalDate,
  parseWallTime,
  plusZonedDays,
  wallBoundToInstant,
  wallToInstant,
  zone,
} from './zoned-time';

/** Weekly working hours: wall-clock times in the instructor's zone. */
export interface WeeklyRange {
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** 'HH:mm' */
  start: string;
  /** 'HH:mm' (may be '24:00') */
  end: string;
}

/** A date override: `off` without times removes the day's weekly hours, `off` with times removes
 * that range of them, `extra` adds a range. */
export interface DateOverride {
  /** 'yyyy-MM-dd' in the instructor's zone */
  date: string;
  kind: 'extra' | 'off';
  start: string | null;
  end: string | null;
}

/** Another booking's blocked range, already widened by that booking's buffers; [start, end). */
export interface BusyInterval {
  start: Date;
  end: Date;
}

export interface SlotRules {
  /** The instructor's IANA zone. */
  timeZone: string;
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
  maxPerDay: number | null;
  /** Default: 15 when the duration is a multiple of 15, else the duration. Start times are on the
   * step from each (merged) range's start, in wall-clock minutes. */
  stepMinutes?: number;
}

export interface Slot {
  start: Date;
  end: Date;
}

export interface GenerateSlotsArgs {
  rules: SlotRules;
  weekly: WeeklyRange[];
  overrides: DateOverride[];
  /** Other bookings' blocked ranges and group-class occurrences. */
  busy: BusyInterval[];
  /** 'yyyy-MM-dd' (instructor's zone) → live bookings that day. */
  bookingsPerDay: Map<string, number>;
  from: Date;
  to: Date;
  now: Date;
}

const MINUTE = 60_000;

/** The wall-clock date of an instant in the instructor's zone: the key of `bookingsPerDay`. */
export function dayKey(instant: Date | number, timeZone: string): string {
  return localDate(instant, timeZone);
}

/** The default step between offered start times. */
export function defaultStepMinutes(durationMinutes: number): number {
  return durationMinutes % 15 === 0 ? 15 : durationMinutes;
}

type Range = [number, number]; // wall-clock minutes of a day, [start, end)

function toRange(start: string | null, end: string | null): Range | null {
  if (start === null || end === null) return null;
  const s = parseWallTime(start);
  const e = parseWallTime(end);
  if (s === null || e === null || e <= s) return null;
  return [s, e];
}

/** Sorted union of ranges; touching ranges merge (09:00–12:00 + 12:00–15:00 = 09:00–15:00). */
function union(ranges: Range[]): Range[] {
  const sorted = ranges.slice().sort((a, b) => a[0] - b[0]);
  const out: Range[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

function subtract(ranges: Range[], cut: Range): Range[] {
  const out: Range[] = [];
  for (const [s, e] of ranges) {
    if (cut[1] <= s || cut[0] >= e) {
      out.push([s, e]);
      continue;
    }
    if (s < cut[0]) out.push([s, cut[0]]);
    if (cut[1] < e) out.push([cut[1], e]);
  }
  return out;
}

/**
 * The working ranges of one local date, in wall-clock minutes: (weekly hours − `off` overrides) ∪
 * `extra` overrides. An all-day `off` removes the weekly hours; an `extra` of the same date is
 * still added (so "day off + extra 14:00–16:00" means only 14:00–16:00 that day).
 */
export function dayRanges(
  weeklyByDay: Map<number, Range[]>,
  overridesByDate: Map<string, DateOverride[]>,
  date: string,
): Range[] {
  let ranges = weeklyByDay.get(isoWeekday(date)) ?? [];
  const overrides = overridesByDate.get(date);
  if (!overrides) return ranges;
  const extras: Range[] = [];
  for (const o of overrides) {
    if (o.kind === 'off') {
      if (o.start === null || o.end === null) ranges = [];
      else {
        const cut = toRange(o.start, o.end);
        if (cut) ranges = subtract(ranges, cut);
      }
    } else {
      const r = toRange(o.start, o.end);
      if (r) extras.push(r);
    }
  }
  return union([...ranges, ...extras]);
}

/**
 * The bookable slots [start, end) of one session type whose start lies in [from, to), sorted by
 * start, without duplicates. A slot is offered when it lies inside a working range of its local
 * day (wall-clock times in `rules.timeZone` for that very date, so 09:00–17:00 is 09:00–17:00
 * local on DST days too; a start time that does not exist that day is skipped, one that exists
 * twice is taken once, the earlier), its range widened by the buffers [start − before, end + after)
 * meets no busy interval, start ≥ now + notice, start < now + horizon days (calendar days in the
 * zone), and the day's live bookings < maxPerDay.
 *
 * Cost: busy intervals are sorted and merged once, then walked with one pointer as the candidate
 * starts increase; a day without a DST transition maps wall times to instants by adding minutes
 * to its midnight instant (both computed with Luxon's zone data).
 */
export function generateSlots(args: GenerateSlotsArgs): Slot[] {
  const { rules, weekly, overrides, busy, bookingsPerDay, from, to, now } = args;
  const tz = rules.timeZone;
  zone(tz); // throws on an unknown zone
  const duration = rules.durationMinutes;
  if (!(duration > 0)) return [];
  const step = rules.stepMinutes && rules.stepMinutes > 0 ? rules.stepMinutes : defaultStepMinutes(duration);
  const durationMs = duration * MINUTE;
  const beforeMs = Math.max(0, rules.bufferBeforeMinutes) * MINUTE;
  const afterMs = Math.max(0, rules.bufferAfterMinutes) * MINUTE;

  const earliest = Math.max(from.getTime(), now.getTime() + Math.max(0, rules.minNoticeMinutes) * MINUTE);
  const latest = Math.min(to.getTime(), plusZonedDays(now, Math.max(0, rules.horizonDays), tz).getTime());
  if (earliest >= latest) return [];

  const weeklyByDay = new Map<number, Range[]>();
  for (const w of weekly) {
    const r = toRange(w.start, w.end);
    if (!r || !(w.weekday >= 1 && w.weekday <= 7)) continue;
    const list = weeklyByDay.get(w.weekday) ?? [];
    list.push(r);
    weeklyByDay.set(w.weekday, list);
  }
  for (const [d, list] of weeklyByDay) weeklyByDay.set(d, union(list));
  const overridesByDate = new Map<string, DateOverride[]>();
  for (const o of overrides) {
    const list = overridesByDate.get(o.date) ?? [];
    list.push(o);
    overridesByDate.set(o.date, list);
  }

  // Busy intervals: sorted by start and merged once; a pointer walks them.
  const blocks: [number, number][] = [];
  for (const b of busy) {
    const s = b.start.getTime();
    const e = b.end.getTime();
    if (e > s) blocks.push([s, e]);
  }
  blocks.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const b of blocks) {
    const last = merged[merged.length - 1];
    if (last && b[0] <= last[1]) last[1] = Math.max(last[1], b[1]);
    else merged.push([b[0], b[1]]);
  }
  let bi = 0;

  const maxPerDay = rules.maxPerDay;
  const slots: Slot[] = [];
  let lastStart = -Infinity;
  const lastDate = localDate(latest - 1, tz);
  // Ranges end by 24:00, so a slot starting at or after `earliest` belongs to its local date or later.
  for (let date = localDate(earliest, tz); date <= lastDate; date = addDays(date, 1)) {
    if (maxPerDay !== null && (bookingsPerDay.get(date) ?? 0) >= maxPerDay) continue;
    const ranges = dayRanges(weeklyByDay, overridesByDate, date);
    if (ranges.length === 0) continue;
    const dayWall = parseLocalDate(date)!;
    // A day without a transition: one offset from midnight to the next midnight.
    const midnight = wallToInstant(dayWall, tz);
    const nextMidnight = wallToInstant(dayWall + 1440 * MINUTE, tz);
    const regular = midnight !== null && nextMidnight !== null && nextMidnight - midnight === 1440 * MINUTE;
    for (const [rs, re] of ranges) {
      const rangeStart = regular ? midnight + rs * MINUTE : wallBoundToInstant(dayWall + rs * MINUTE, tz);
      const rangeEnd = regular ? midnight + re * MINUTE : wallBoundToInstant(dayWall + re * MINUTE, tz);
      for (let m = rs; m < re; m += step) {
        const start = regular ? midnight + m * MINUTE : wallToInstant(dayWall + m * MINUTE, tz, 'skip');
        if (start === null) continue; // that wall time does not exist today
        const end = start + durationMs;
        if (end > rangeEnd) break;
        if (start < rangeStart || start < earliest) continue;
        if (start >= latest) break;
        if (start <= lastStart) continue; // overlapping ranges or a repeated wall time
        const wStart = start - beforeMs;
        const wEnd = end + afterMs;
        while (bi < merged.length && merged[bi][1] <= wStart) bi++;
        if (bi < merged.length && merged[bi][0] < wEnd) continue;
        slots.push({ start: new Date(start), end: new Date(end) });
        lastStart = start;
      }
    }
  }
  return slots;
}
