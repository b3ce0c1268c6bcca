/** "1 licence", "3 licences": quantity N of a resource is N licences (one is the buyer's). */
export function licenceLabel(count: number): string {
  return `${count} ${count === 1 ? 'licence' : 'licences'}`;
}

/**
 * What a line's quantity says under its title: "Course", "Booked session" (an Instructor Connect
 * booking) or "Resource · 3 licences".
 */
export function lineKindLabel(line: {
  itemType: string;
  quantity: number;
  licences?: number | null;
}): string {
  if (line.itemType === 'course') return 'Course';
  if (line.itemType === 'booking') return 'Booked session';
  return `Resource · ${licenceLabel(line.licences ?? line.quantity)}`;
}

/**
 * Where a line's title leads: the course (its URL from the server), the buyer's bookings
 * (/my-bookings; staff: /admin/bookings) for a booked session, or the resource page.
 */
export function orderLinePath(
  line: { itemType: string; itemId: string; courseUrl?: string | null },
  { staff = false }: { staff?: boolean } = {},
): string {
  if (line.itemType === 'course') return line.courseUrl ?? `/courses/${encodeURIComponent(line.itemId)}`;
  if (line.itemType === 'booking') return staff ? '/admin/bookings' : '/my-bookings';
  return `/curriculum/${encodeURIComponent(line.itemId)}`;
}

/** "1 licence left to give", "2 licences left to give". */
export function licencesLeftLabel(left: number): string {
  return `${licenceLabel(left)} left to give`;
}
