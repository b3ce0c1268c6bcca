// Dates and times for people, in US English and the viewer's time zone.
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function toDate(value: unknown): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Nov 21, 2026'; '' when missing or invalid. */
export function formatDate(value: unknown): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '';
}

/** 'Nov 21, 2026, 9:05 PM'; '' when missing or invalid. */
export function formatDateTime(value: unknown): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : '';
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relative = /* @__PURE__ */ new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/**
 * '5 minutes ago', 'yesterday', '3 weeks ago' … or 'just now' under a minute (a time a little
 * ahead of this clock counts as now); '' when missing or invalid.
 */
export function timeAgo(value: unknown, now: Date = new Date()): string {
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) return '';
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return '';
  const seconds = Math.max(0, Math.round((now.getTime() - time) / 1000));
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}
