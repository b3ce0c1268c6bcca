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
