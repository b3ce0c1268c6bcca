import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { UserError } from '../../graphql/errors';
import { Booking } from './booking.entity';

/** Which bookings a list shows, by start. */
export enum BookingWhen {
  UPCOMING = 'upcoming',
  PAST = 'past',
}

registerEnumType(BookingWhen, {
  name: 'BookingWhen',
  description: 'Upcoming (ending now or later, soonest first) or past (ended, latest first) bookings.',
  valuesConfig: {
    UPCOMING: { description: 'Bookings that have not ended yet, soonest first.' },
    PAST: { description: 'Bookings that have ended, latest first.' },
  },
});

@ObjectType({ description: 'A page of bookings (a Relay connection).' })
export class BookingConnection extends Connection(Booking, 'Booking') {}

@ObjectType({
  description:
    'How to pay a held booking: pay its order as any order (test provider: checkoutConfirm(orderId); Stripe: confirm clientSecret with publishableKey).',
})
export class BookingPayment {
  @Field(() => ID, { description: 'The booking’s order (kind booking), pending until paid.' })
  orderId!: string;

  @Field({ description: 'test or stripe.' })
  provider!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Stripe’s PaymentIntent client secret; null for the test provider.',
  })
  clientSecret!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Stripe’s publishable key; null for the test provider.',
  })
  publishableKey!: string | null;
}

@ObjectType({ description: 'The result of a booking mutation.' })
export class BookingPayload {
  @Field(() => Booking, { nullable: true, description: 'The booking as it is now; null on a user error.' })
  booking!: Booking | null;

  @Field(() => BookingPayment, {
    nullable: true,
    description:
      'bookingCreate of a paid session: how to pay it (the booking is held until then); else null.',
  })
  payment?: BookingPayment | null;

  @Field(() => [UserError], { description: 'What went wrong; empty on success.' })
  userErrors!: UserError[];
}

@InputType({ description: 'Book a session type at one of its bookable slots.' })
export class BookingCreateInput {
  @Field(() => ID, { description: 'The session type to book (SessionType.id).' })
  sessionTypeId!: string;

  @Field(() => Date, { description: 'The slot’s start: one of instructorSlots’ starts (ISO-8601 instant).' })
  start!: Date;

  @Field({ description: 'The client’s IANA time zone (e.g. Europe/London): times in texts for the client.' })
  clientTimeZone!: string;

  @Field(() => String, { nullable: true, description: 'A note to the instructor, at most 1000 characters.' })
  note?: string | null;

  @Field({
    description:
      'A key the client makes once per booking attempt (8–100 of A-Z a-z 0-9 - _ . :): resending it returns the same booking.',
  })
  idempotencyKey!: string;

  @Field(() => Boolean, {
    nullable: true,
    description:
      'Pay with a lesson credit of my membership (SessionType.creditEligible: a private lesson or consultation with a price). null or omitted: use a credit when I have one left and the type allows it, else pay; true: only with a credit (CONFLICT when none is left, INVALID_INPUT when the type is not eligible); false: pay with money.',
  })
  useCredit?: boolean | null;
}

@InputType({ description: 'A booking and an optional reason.' })
export class BookingReasonInput {
  @Field(() => ID, { description: 'The booking (Booking.id).' })
  bookingId!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Why, at most 500 characters (shown to the other party).',
  })
  reason?: string | null;
}

@InputType({ description: 'A booking and the reason (required) for an admin’s cancellation.' })
export class AdminBookingCancelInput {
  @Field(() => ID, { description: 'The booking (Booking.id).' })
  bookingId!: string;

  @Field({ description: 'Why, 1 to 500 characters (recorded and shown to both parties).' })
  reason!: string;
}

@InputType({ description: 'One booking.' })
export class BookingIdInput {
  @Field(() => ID, { description: 'The booking (Booking.id).' })
  bookingId!: string;
}

@InputType({ description: 'Move a booking to another bookable slot of its session type.' })
export class BookingRescheduleInput {
  @Field(() => ID, { description: 'The booking (Booking.id).' })
  bookingId!: string;

  @Field(() => Date, { description: 'The new start: one of instructorSlots’ starts (ISO-8601 instant).' })
  start!: Date;
}

@InputType({ description: 'The client’s review of a completed booking.' })
export class BookingReviewCreateInput {
  @Field(() => ID, { description: 'The completed booking (Booking.id).' })
  bookingId!: string;

  @Field(() => Int, { description: 'Stars, 1 to 5.' })
  rating!: number;

  @Field(() => String, { nullable: true, description: 'What the client says, at most 2000 characters.' })
  comment?: string | null;
}
