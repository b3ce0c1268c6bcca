import { allow } from 'graphql-shield';
import { withAudience } from '../../graphql/audience';
import { isAdmin, isAuthenticated } from '../../graphql/rules';
import { rule } from 'graphql-shield';
import type { Context } from '../../graphql/context';
import { forbidden, unauthenticated } from '../../graphql/errors';
import { hasAnyRole } from '../users';

/** Instructors (and admins, who may hold an instructor profile too). */
const isInstructor = withAudience(
  rule({ cache: 'contextual' })((_p, _a, ctx: Context) => {
    if (!ctx.viewer) return unauthenticated();
    return hasAnyRole(ctx.viewer, ['instructor', 'admin']) ? true : forbidden();
  }),
  'instructors (FORBIDDEN for other roles); only their own sessions’ bookings',
);

const signedIn = withAudience(
  rule({ cache: 'contextual' })((_p, _a, ctx: Context) => (ctx.viewer ? true : unauthenticated())),
  'any signed-in user; a booking is seen and changed only by its client, its instructor and staff (checked per booking)',
);

/** Bookings: clients their own, instructors theirs, admins all (ownership checked in BookingsService). */
export const bookingsPermissions = {
  Query: {
    myBookings: isAuthenticated,
    instructorBookings: isInstructor,
    booking: signedIn,
    adminBookings: isAdmin,
  },
  Mutation: {
    bookingCreate: isAuthenticated,
    bookingCancel: signedIn,
    bookingReschedule: signedIn,
    bookingApprove: signedIn,
    bookingDecline: signedIn,
    bookingComplete: signedIn,
    bookingNoShow: signedIn,
    bookingReviewCreate: signedIn,
    adminBookingCancel: isAdmin,
  },
  // Reached only through the guarded root fields above.
  Booking: allow,
  BookingConnection: allow,
  BookingEdge: allow,
  BookingPayload: allow,
  BookingPayment: allow,
};
