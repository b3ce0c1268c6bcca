/** Labels and colours of Connect bookings (`Booking.status`, `InstructorProfile.status`). */

export const BOOKING_STATUSES = [
  'held',
  'requested',
  'confirmed',
  'completed',
  'no_show',
  'declined',
  'canceled',
  'expired',
] as const;

const BOOKING_STATUS_LABEL: Record<string, string> = {
  held: 'Awaiting payment',
  requested: 'Request',
  confirmed: 'Confirmed',
  completed: 'Completed',
  no_show: 'No-show',
  declined: 'Declined',
  canceled: 'Canceled',
  expired: 'Expired',
};

const BOOKING_STATUS_PALETTE: Record<string, string> = {
  held: 'orange',
  requested: 'purple',
  confirmed: 'green',
  completed: 'blue',
  no_show: 'red',
  declined: 'gray',
  canceled: 'gray',
  expired: 'gray',
};

/** The graph may spell enum values in capitals (CONFIRMED) or as stored (confirmed). */
export const normalizeStatus = (status: string): string => status.toLowerCase();

export const bookingStatusLabel = (status: string): string =>
  BOOKING_STATUS_LABEL[normalizeStatus(status)] ?? status;

export const bookingStatusPalette = (status: string): string =>
  BOOKING_STATUS_PALETTE[normalizeStatus(status)] ?? 'gray';

/** The status filter's choices; values are the graph's `BookingStatus` names (CONFIRMED …). */
export const BOOKING_STATUS_OPTIONS = BOOKING_STATUSES.map((value) => ({
  value: value.toUpperCase(),
  label: bookingStatusLabel(value),
}));

const PROFILE_STATUS_LABEL: Record<string, string> = {
  pending: 'Pending approval',
  approved: 'Approved',
  suspended: 'Suspended',
};

const PROFILE_STATUS_PALETTE: Record<string, string> = {
  pending: 'orange',
  approved: 'green',
  suspended: 'red',
};

export const profileStatusLabel = (status: string): string =>
  PROFILE_STATUS_LABEL[normalizeStatus(status)] ?? status;

export const profileStatusPalette = (status: string): string =>
  PROFILE_STATUS_PALETTE[normalizeStatus(status)] ?? 'gray';

/** The status filter's choices; values are the graph's `InstructorStatus` names (APPROVED …). */
export const PROFILE_STATUS_OPTIONS = ['pending', 'approved', 'suspended'].map((value) => ({
  value: value.toUpperCase(),
  label: profileStatusLabel(value),
}));

/** "Canceled by the client: Feeling ill" style line of a canceled booking. */
export function cancelLine(booking: {
  status?: string;
  canceledBy?: string | null;
  cancelReason?: string | null;
}): string {
  if (booking.status && normalizeStatus(booking.status) === 'declined') {
    return `Declined${booking.cancelReason ? `: ${booking.cancelReason}` : ''}`;
  }
  const by = booking.canceledBy ? ` by the ${normalizeStatus(booking.canceledBy)}` : '';
  return `Canceled${by}${booking.cancelReason ? `: ${booking.cancelReason}` : ''}`;
}

/** The client's name as shown in lists: first and last name, else the display name. */
export function personName(user: {
  firstName?: string | null;
  lastName?: string | null;
  displayName?: string | null;
  username: string;
}): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.displayName || user.username;
}
