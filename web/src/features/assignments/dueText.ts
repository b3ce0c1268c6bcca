/**
 * The learner's due line of an assignment, in their time zone: "Due today at 14:05", "Due tomorrow",
 * "Due 12 Dec 2026", "Overdue since 09:30" (earlier today) or "Overdue by 3 days" (calendar days).
 */

/** The calendar day of `d` in `timeZone`, as a day number (days since 1970-01-01). */
function dayNumber(d: Date, timeZone: string | undefined): number {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(d);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return Math.round(Date.UTC(part('year'), part('month') - 1, part('day')) / 86_400_000);
}

function clock(d: Date, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(d);
}

export interface DueText {
  text: string;
  overdue: boolean;
}

/** The due line for `dueAt` seen at `now` (time zone: the browser's unless given). */
export function dueText(dueAt: Date, now: Date = new Date(), timeZone?: string): DueText {
  const days = dayNumber(dueAt, timeZone) - dayNumber(now, timeZone);
  if (dueAt.getTime() <= now.getTime()) {
    if (days === 0) return { text: `Overdue since ${clock(dueAt, timeZone)}`, overdue: true };
    const late = -days;
    return { text: `Overdue by ${late} day${late === 1 ? '' : 's'}`, overdue: true };
  }
  if (days === 0) return { text: `Due today at ${clock(dueAt, timeZone)}`, overdue: false };
  if (days === 1) return { text: 'Due tomorrow', overdue: false };
  const date = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(dueAt);
  return { text: `Due ${date}`, overdue: false };
}
