import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { AFTER_ARG_DESCRIPTION, FIRST_ARG_DESCRIPTION, pageSize } from '../../graphql/connection';
import { payload } from '../../graphql/payload';
import { User } from '../users';
import { InstructorProfile } from '../instructors';
import { InstructorReview } from '../instructors';
import { SessionType } from '../instructors';
import { Booking, BookingStatus } from './booking.entity';
import { cancellationTermsText, clientCancelTerms } from './booking-policy';
import type { BookingCreateResult } from './bookings.service';
import {
  AdminBookingCancelInput,
  BookingConnection,
  BookingCreateInput,
  BookingIdInput,
  BookingPayload,
  BookingReasonInput,
  BookingRescheduleInput,
  BookingReviewCreateInput,
  BookingWhen,
} from './bookings.types';

const viewerOf = (ctx: Context): User => ctx.viewer as User;
const whenArg = {
  nullable: true,
  description: 'UPCOMING (not ended, soonest first) or PAST (ended, latest first); null: all, latest first.',
} as const;

type Result = { booking: Booking | null; payment: null };
const done = (booking: Booking): Result => ({ booking, payment: null });
const empty = { booking: null, payment: null };

/** Bookings of clients, instructors and admins (ownership is checked in BookingsService). */
@Resolver(() => Booking)
export class BookingsResolver {
  @Query(() => BookingConnection, {
    description: 'My bookings as a client (held and expired ones left out).',
  })
  myBookings(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
    @Arg('when', () => BookingWhen, whenArg) when?: BookingWhen,
  ) {
    return ctx.services.bookings.myBookings(viewerOf(ctx), { when }, pageSize(first), after);
  }

  @Query(() => BookingConnection, { description: 'The bookings of my sessions as an instructor.' })
  instructorBookings(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
    @Arg('when', () => BookingWhen, whenArg) when?: BookingWhen,
    @Arg('status', () => BookingStatus, { nullable: true, description: 'Only bookings with this status.' })
    status?: BookingStatus,
  ) {
    return ctx.services.bookings.instructorBookings(viewerOf(ctx), { when, status }, pageSize(first), after);
  }

  @Query(() => Booking, {
    nullable: true,
    description:
      'One booking, for its client, its instructor and staff; null when there is none or it is not yours.',
  })
  booking(@Ctx() ctx: Context, @Arg('id', () => ID, { description: 'The booking’s id.' }) id: string) {
    return ctx.services.bookings.findVisible(viewerOf(ctx), id);
  }

  @Query(() => BookingConnection, { description: 'All bookings, latest start first, with filters.' })
  adminBookings(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
    @Arg('status', () => BookingStatus, { nullable: true, description: 'Only bookings with this status.' })
    status?: BookingStatus,
    @Arg('instructorId', () => ID, { nullable: true, description: 'Only this instructor’s bookings.' })
    instructorId?: string,
    @Arg('search', () => String, {
      nullable: true,
      description: 'Part of the title, or the client’s or instructor’s username, name or the client’s email.',
    })
    search?: string,
    @Arg('from', () => Date, {
      nullable: true,
      description: 'Only sessions starting at or after this instant.',
    })
    from?: Date,
    @Arg('to', () => Date, { nullable: true, description: 'Only sessions starting before this instant.' })
    to?: Date,
  ) {
    return ctx.services.bookings.adminBookings(
      { status, instructorId, search, from, to },
      pageSize(first),
      after,
    );
  }

  @FieldResolver(() => Boolean, {
    description: 'Whether the viewer may cancel it now (requested or confirmed, before the start).',
  })
  canCancel(@Root() b: Booking, @Ctx() ctx: Context): boolean {
    const viewer = ctx.viewer;
    if (!viewer || (viewer.id !== b.clientId && viewer.id !== b.instructorId)) return false;
    return live(b) && b.startsAt.getTime() > Date.now();
  }

  @FieldResolver(() => Boolean, {
    description:
      'Whether the viewer may reschedule it now: the instructor before the start, the client only inside the free-cancellation window.',
  })
  canReschedule(@Root() b: Booking, @Ctx() ctx: Context): boolean {
    const viewer = ctx.viewer;
    if (!viewer || !live(b) || b.startsAt.getTime() <= Date.now()) return false;
    if (viewer.id === b.instructorId) return true;
    return viewer.id === b.clientId && clientCancelTerms(b, new Date()).free;
  }

  @FieldResolver(() => Boolean, {
    description: 'Whether the viewer (its client) may review it now: completed, not yet reviewed.',
  })
  async canReview(@Root() b: Booking, @Ctx() ctx: Context): Promise<boolean> {
    if (!ctx.viewer || ctx.viewer.id !== b.clientId || b.status !== BookingStatus.COMPLETED) return false;
    return !(await ctx.services.bookings.hasReview(b.id));
  }

  @FieldResolver(() => String, {
    description:
      'What cancelling now would do for the client, times in the client’s zone: e.g. “Free cancellation until Tue, Mar 9, 6:00 PM EST” or the late fee kept and the amount refunded.',
  })
  cancellationTerms(@Root() b: Booking): string {
    return cancellationTermsText(b, new Date());
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      'The number of the booking’s order (a booking paid with a lesson credit has one of total 0); null when free.',
  })
  orderNumber(@Root() b: Booking, @Ctx() ctx: Context): Promise<string | null> | null {
    return b.orderId ? ctx.services.bookings.orderNumber(b.orderId) : null;
  }

  @FieldResolver(() => SessionType, { description: 'The session type booked (as it is now).' })
  sessionType(@Root() b: Booking, @Ctx() ctx: Context): Promise<SessionType> {
    return ctx.em.findOneOrFail(SessionType, { id: b.sessionTypeId });
  }

  @FieldResolver(() => InstructorProfile, { description: 'The instructor’s profile.' })
  instructor(@Root() b: Booking, @Ctx() ctx: Context): Promise<InstructorProfile> {
    return ctx.em.findOneOrFail(InstructorProfile, { user: b.instructorId });
  }

  @FieldResolver(() => InstructorReview, {
    nullable: true,
    description: 'The client’s review of this session; null until reviewed.',
  })
  review(@Root() b: Booking, @Ctx() ctx: Context): Promise<InstructorReview | null> {
    return ctx.em.findOne(InstructorReview, { bookingId: b.id });
  }

  @FieldResolver(() => User, { description: 'The client who booked it.' })
  client(@Root() b: Booking, @Ctx() ctx: Context): Promise<User> {
    return ctx.em.findOneOrFail(User, { id: b.clientId });
  }

  @Mutation(() => BookingPayload, {
    description:
      'Books a session type at one of its bookable slots (instructorSlots). Free: confirmed at once (requested when the type requires approval). Paid with a lesson credit of my membership (useCredit; private lessons and consultations with a price): confirmed or requested at once with a paid booking order of total 0 (payment provider credit), no payment (paidWithCredit). Paid: held for 10 minutes with an order of kind booking — pay it with `payment` (test provider: checkoutConfirm(orderId)). userErrors: SLOT_TAKEN (“This time was just booked — please pick another”), CLASS_FULL, INVALID_INPUT (not a bookable time, bad zone, note, useCredit on a type credits do not pay), NOT_FOUND, CONFLICT (already a seat; useCredit true without a credit left), PAYMENTS_NOT_CONFIGURED, PAYMENT_FAILED.',
  })
  bookingCreate(
    @Arg('input', () => BookingCreateInput, { description: 'What to book and when.' })
    input: BookingCreateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<BookingCreateResult | typeof empty>(
      () => ctx.services.bookings.create(viewerOf(ctx), input),
      empty,
    );
  }

  @Mutation(() => BookingPayload, {
    description:
      'The client or the instructor cancels a requested or confirmed booking before its start. The client: a full refund until cancelFreeHours before the start, later the late-cancellation fee is kept and the rest refunded; the instructor: a full refund. The client may also leave a held booking (not paid yet): its payment is canceled and its time freed at once, as with checkoutCancel (→ expired). userErrors: NOT_FOUND, FORBIDDEN, CONFLICT (not cancellable now; a held booking paid meanwhile), PAYMENT_FAILED.',
  })
  async bookingCancel(
    @Arg('input', () => BookingReasonInput, { description: 'The booking and an optional reason.' })
    input: BookingReasonInput,
    @Ctx() ctx: Context,
  ) {
    return payload(
      async () => done(await ctx.services.bookings.cancel(viewerOf(ctx), input.bookingId, input.reason)),
      empty,
    );
  }

  @Mutation(() => BookingPayload, {
    description:
      'Moves a booking to another bookable slot of its session type, keeping its payment: the instructor until the start, the client only inside the free-cancellation window. userErrors: SLOT_TAKEN, CLASS_FULL, INVALID_INPUT, NOT_FOUND, FORBIDDEN, CONFLICT (outside the window, not live).',
  })
  async bookingReschedule(
    @Arg('input', () => BookingRescheduleInput, { description: 'The booking and its new start.' })
    input: BookingRescheduleInput,
    @Ctx() ctx: Context,
  ) {
    return payload(
      async () => done(await ctx.services.bookings.reschedule(viewerOf(ctx), input.bookingId, input.start)),
      empty,
    );
  }

  @Mutation(() => BookingPayload, {
    description:
      'The instructor approves a requested booking (→ confirmed). userErrors: NOT_FOUND, FORBIDDEN, CONFLICT.',
  })
  async bookingApprove(
    @Arg('input', () => BookingIdInput, { description: 'The requested booking.' }) input: BookingIdInput,
    @Ctx() ctx: Context,
  ) {
    return payload(
      async () => done(await ctx.services.bookings.approve(viewerOf(ctx), input.bookingId)),
      empty,
    );
  }

  @Mutation(() => BookingPayload, {
    description:
      'The instructor declines a requested booking (→ declined) with a full refund. userErrors: NOT_FOUND, FORBIDDEN, CONFLICT, PAYMENT_FAILED.',
  })
  async bookingDecline(
    @Arg('input', () => BookingReasonInput, { description: 'The requested booking and an optional reason.' })
    input: BookingReasonInput,
    @Ctx() ctx: Context,
  ) {
    return payload(
      async () => done(await ctx.services.bookings.decline(viewerOf(ctx), input.bookingId, input.reason)),
      empty,
    );
  }

  @Mutation(() => BookingPayload, {
    description:
      'The instructor marks a confirmed booking completed, after its start. userErrors: NOT_FOUND, FORBIDDEN, CONFLICT.',
  })
  async bookingComplete(
    @Arg('input', () => BookingIdInput, { description: 'The confirmed booking.' }) input: BookingIdInput,
    @Ctx() ctx: Context,
  ) {
    return payload(
      async () => done(await ctx.services.bookings.complete(viewerOf(ctx), input.bookingId, 'completed')),
      empty,
    );
  }

  @Mutation(() => BookingPayload, {
    description:
      'The instructor marks a confirmed booking as a no-show, after its start. userErrors: NOT_FOUND, FORBIDDEN, CONFLICT.',
  })
  async bookingNoShow(
    @Arg('input', () => BookingIdInput, { description: 'The confirmed booking.' }) input: BookingIdInput,
    @Ctx() ctx: Context,
  ) {
    return payload(
      async () => done(await ctx.services.bookings.complete(viewerOf(ctx), input.bookingId, 'no_show')),
      empty,
    );
  }

  @Mutation(() => BookingPayload, {
    description:
      'The client reviews a completed booking once (1–5 stars, a comment). userErrors: NOT_FOUND, INVALID_INPUT, CONFLICT (not completed, already reviewed).',
  })
  async bookingReviewCreate(
    @Arg('input', () => BookingReviewCreateInput, { description: 'The booking, the rating and a comment.' })
    input: BookingReviewCreateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<Result>(async () => done(await ctx.services.bookings.review(viewerOf(ctx), input)), empty);
  }

  @Mutation(() => BookingPayload, {
    description:
      'An admin cancels a requested or confirmed booking with a reason: always a full refund. userErrors: NOT_FOUND, INVALID_INPUT, CONFLICT, PAYMENT_FAILED.',
  })
  async adminBookingCancel(
    @Arg('input', () => AdminBookingCancelInput, { description: 'The booking and the reason.' })
    input: AdminBookingCancelInput,
    @Ctx() ctx: Context,
  ) {
    return payload(
      async () => done(await ctx.services.bookings.adminCancel(viewerOf(ctx), input.bookingId, input.reason)),
      empty,
    );
  }
}

function live(b: Booking): boolean {
  return b.status === BookingStatus.CONFIRMED || b.status === BookingStatus.REQUESTED;
}
