/** The bookings module's front door: what other modules may use of it. */
export { type BookingsService } from './bookings.service';
export { sqlState } from './sql-state';
export { bookingParties, bookingTitles, hasBookingBetween } from './booking-ties';
