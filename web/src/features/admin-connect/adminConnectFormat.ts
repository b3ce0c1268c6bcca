/**
 * The instants of a date-range filter: from the start of `from` to the end of `to`, both in the
 * admin's local time (dates typed 'yyyy-MM-dd'); empty dates give no bound.
 */
export function dateRangeBounds(from: string, to: string): { from: string | null; to: string | null } {
  const start = /^\d{4}-\d{2}-\d{2}$/.test(from) ? new Date(`${from}T00:00:00`) : null;
  const endDay = /^\d{4}-\d{2}-\d{2}$/.test(to) ? new Date(`${to}T00:00:00`) : null;
  if (endDay) endDay.setDate(endDay.getDate() + 1);
  return {
    from: start && !Number.isNaN(start.getTime()) ? start.toISOString() : null,
    to: endDay && !Number.isNaN(endDay.getTime()) ? endDay.toISOString() : null,
  };
}
