import { defineModule } from '../../lib/define-module';
import { BookingsService } from './bookings.service';
import { Booking, ClassOccurrence } from './booking.entity';
import { bookingsPermissions } from './bookings.permissions';
import { BookingsResolver } from './bookings.resolver';
import { bookingsRoutes } from './bookings.routes';
import { calendarPermissions } from './calendar/calendar.permissions';
import { calendarResolvers } from './calendar/calendar.resolver';
import { instructorEarningsPermissions, instructorEarningsResolvers } from './instructor-earnings';
import { InstructorTransfersResolver, instructorTransfersPermissions } from './instructor-transfers';
import { requireScope } from '../api-tokens';
import { registerOrderLineKind } from '../orders';
import { bookingOrderLineKind } from './booking-orders';
import { registerBookingSql } from '../instructors';
import { instructorBookingSql } from './instructor-booking-sql';
import { bookingIcsRoute, calendarFeedRoute } from './calendar/calendar.routes';
import './notifications/booking-reminders.jobs';
import './booking-holds.jobs';
import './hold-payment-cancel.jobs';

// The orders module fulfils, refuses, releases and refunds booking orders' lines through these.
registerOrderLineKind('booking', bookingOrderLineKind);
// The slot finder and the data export read bookings through this (instructors/booking-sql.ts).
registerBookingSql(instructorBookingSql);

/** The bookings module's contribution to the app (listed in `modules/index.ts`). */
export const bookingsModule = defineModule({
  name: 'bookings',
  services: {
    bookings: ({ em, payments }) => new BookingsService(em, payments),
  },
  resolvers: [
    ...calendarResolvers,
    BookingsResolver,
    ...instructorEarningsResolvers,
    InstructorTransfersResolver,
  ],
  permissions: [
    calendarPermissions,
    bookingsPermissions,
    instructorEarningsPermissions,
    instructorTransfersPermissions,
  ],
  graphRoutes: bookingsRoutes,
  entities: [Booking, ClassOccurrence],
  restHandlers: ({ router, createContext }) => {
    router.get('/bookings/:id/ics', requireScope('bookings:read'), bookingIcsRoute(createContext));
    router.get('/calendar/:token.ics', calendarFeedRoute(createContext));
  },
});

declare module '../../services' {
  interface Services {
    bookings: BookingsService;
  }
}
