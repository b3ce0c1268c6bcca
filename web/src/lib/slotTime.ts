/**
 * Time helpers of Connect's booking pages. Every instant is formatted with Intl in an IANA zone
 * (the booker's or the instructor's); nothing adds offsets by hand. Calendar days are
 * 'yyyy-MM-dd' keys of the zone in question.
 */

/** Where the booker's chosen time zone is remembered (localStorage). */
export const TIME_ZONE_STORAGE_KEY = 'drx_booking_time_zone';

/** Whether Intl knows this IANA zone name. */
export function isValidTimeZone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The browser's own zone (UTC when the browser does not say). */
export function detectTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return isValidTimeZone(zone) ? zone : 'UTC';
  } catch {
    return 'UTC';
  }
}

interface ZoneStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function localStore(): ZoneStore | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The zone the booker chose earlier, else the browser's. */
export function initialTimeZone(store: ZoneStore | null = localStore()): string {
  let stored: string | null = null;
  try {
    stored = store?.getItem(TIME_ZONE_STORAGE_KEY) ?? null;
  } catch {
    stored = null;
  }
  return isValidTimeZone(stored) ? stored : detectTimeZone();
}

/** Remembers the booker's zone for the next visit. */
export function rememberTimeZone(zone: string, store: ZoneStore | null = localStore()): void {
  try {
    store?.setItem(TIME_ZONE_STORAGE_KEY, zone);
  } catch {
    // Private mode or storage full: the choice lasts for this page only.
  }
}

/** The zones of the picker: every zone Intl knows, plus the given ones (sorted, no repeats). */
export function timeZoneOptions(include: readonly string[] = []): string[] {
  let known: string[] = [];
  try {
    known =
      (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.(
        'timeZone',
      ) ?? [];
  } catch {
    known = [];
  }
  const all = new Set([...known, 'UTC', ...include.filter(isValidTimeZone)]);
  return [...all].sort((a, b) => a.localeCompare(b));
}

const keyFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day ('yyyy-MM-dd') of an instant in a zone. */
export function dayKey(instant: Date | string, timeZone: string): string {
  let formatter = keyFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    keyFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A calendar day as a UTC noon Date: only for calendar arithmetic and naming the day. */
function keyToCalendarDate(key: string): Date {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d, 12));
}

/** The calendar day `days` after (or before) `key` (plain calendar arithmetic, no zone). */
export function addDays(key: string, days: number): string {
  const date = keyToCalendarDate(key);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** `count` consecutive days starting at `startKey`. */
export function daysFrom(startKey: string, count = 7): string[] {
  return Array.from({ length: count }, (_, i) => addDays(startKey, i));
}

/** A day key as "Tue, Mar 9" (or with the year: "Tue, Mar 9, 2027"). */
export function formatDayKey(key: string, options: { long?: boolean } = {}): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: options.long ? 'long' : 'short',
    month: options.long ? 'long' : 'short',
    day: 'numeric',
    ...(options.long ? { year: 'numeric' } : {}),
  }).format(keyToCalendarDate(key));
}

/**
 * The instants to ask the server for so that every slot of the days `firstKey` … `lastKey` in any
 * zone is included (a calendar day lies within UTC−12 … UTC+14 of the same UTC day): from the
 * start of `firstKey` at UTC+14 to the end of `lastKey` at UTC−12, never before `now`.
 */
export function slotWindow(
  firstKey: string,
  lastKey: string,
  now: Date = new Date(),
): { from: string; to: string } {
  const HOUR = 3_600_000;
  const first = keyToCalendarDate(firstKey).getTime() - 12 * HOUR; // 00:00 UTC of that day
  const last = keyToCalendarDate(lastKey).getTime() + 12 * HOUR; // 00:00 UTC of the next day
  const from = Math.max(first - 14 * HOUR, now.getTime());
  const to = Math.max(last + 12 * HOUR, from + HOUR);
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/** Slots grouped by their calendar day in `timeZone`, each day's slots in time order. */
export function groupSlotsByDay<T extends { start: string | Date }>(
  slots: readonly T[],
  timeZone: string,
): Map<string, T[]> {
  const sorted = [...slots].sort((a, b) => new Date(a.start).getTime() - new Date(b.start).getTime());
  const days = new Map<string, T[]>();
  for (const slot of sorted) {
    const key = dayKey(slot.start, timeZone);
    const list = days.get(key);
    if (list) list.push(slot);
    else days.set(key, [slot]);
  }
  return days;
}

/** "9:30 AM" in the zone. */
export function formatTime(instant: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(
    new Date(instant),
  );
}

/** "9:30 AM – 10:30 AM" in the zone. */
export function formatTimeRange(start: Date | string, end: Date | string, timeZone: string): string {
  return `${formatTime(start, timeZone)} – ${formatTime(end, timeZone)}`;
}

/** "Tue, Mar 9, 2027, 6:00 PM EST" in the zone (the zone's short name from Intl). */
export function formatDateTime(instant: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(instant));
}

/** "Tue, Mar 9, 9:00 – 10:00 AM EST" style line of a booking: day, time range and zone name. */
export function formatSession(start: Date | string, end: Date | string, timeZone: string): string {
  const day = formatDayKey(dayKey(start, timeZone));
  const zoneName =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
      .formatToParts(new Date(start))
      .find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  return `${day}, ${formatTimeRange(start, end, timeZone)} ${zoneName}`;
}

/**
 * The next free slot on a card: "Today, 3:00 PM", "Tomorrow, 9:00 AM" or "Thu, Mar 11, 9:00 AM",
 * in the viewer's zone.
 */
export function formatNextSlot(instant: Date | string, timeZone: string, now: Date = new Date()): string {
  const key = dayKey(instant, timeZone);
  const today = dayKey(now, timeZone);
  const time = formatTime(instant, timeZone);
  if (key === today) return `Today, ${time}`;
  if (key === addDays(today, 1)) return `Tomorrow, ${time}`;
  return `${formatDayKey(key)}, ${time}`;
}

/** "Times in Europe/London · instructor in America/New_York" (or one zone when both agree). */
export function zoneSummary(viewerZone: string, instructorZone: string): string {
  if (viewerZone === instructorZone) return `Times in ${viewerZone} (the instructor's zone too)`;
  return `Times in ${viewerZone} · instructor in ${instructorZone}`;
}

/** A countdown "9:05" (minutes:seconds), never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** "60 min", "1 h 30 min", "2 h". */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}
