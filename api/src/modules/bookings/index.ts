/** The bookings module's front door: what other modules may use of it. */
export { type BookingsService } from './bookings.service';
export { sqlState } from './sql-state';
export { bookingParties, bookingTitles, hasBookingBetween } from './booking-ties';
export {
  eraseBookingsData,
  exportBookingsData,
  liveClientBookings,
  upcomingClientBookings,
  upcomingInstructorBookingCount,
} from './personal-data';
export { withoutBookingNotifications } from './booking-events';
export { takeSeat } from './booking-holds';
export { type SessionTypeRow, bookingLineTitle } from './bookings.service';
export { installBookingNotifications } from './notifications/booking-notifications.listener';
