import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';

/** Where a booking stands (bookings.status); see docs/connect.md for the transitions. */
export enum BookingStatus {
  HELD = 'held',
  REQUESTED = 'requested',
  CONFIRMED = 'confirmed',
  DECLINED = 'declined',
  CANCELED = 'canceled',
  EXPIRED = 'expired',
  COMPLETED = 'completed',
  NO_SHOW = 'no_show',
}

registerEnumType(BookingStatus, {
  name: 'BookingStatus',
  description: 'Where a booking stands: held while paying, then confirmed or requested, and how it ended.',
  valuesConfig: {
    HELD: { description: 'The time is held for 10 minutes while the client pays (holdExpiresAt).' },
    REQUESTED: { description: 'Paid (or free) and waiting for the instructor’s approval.' },
    CONFIRMED: { description: 'Booked: paid or free, and approved when the type requires approval.' },
    DECLINED: { description: 'The instructor declined the request; anything paid was refunded in full.' },
    CANCELED: { description: 'Canceled by the client, the instructor or an admin (canceledBy).' },
    EXPIRED: { description: 'The hold ran out before the payment; the time was given back.' },
    COMPLETED: { description: 'The session took place (marked by the instructor after its start).' },
    NO_SHOW: { description: 'The client did not come (marked by the instructor after the start).' },
  },
});

/** Who canceled a booking (bookings.canceled_by). */
export enum BookingCanceledBy {
  CLIENT = 'client',
  INSTRUCTOR = 'instructor',
  ADMIN = 'admin',
}

registerEnumType(BookingCanceledBy, {
  name: 'BookingCanceledBy',
  description: 'Who canceled (or declined) a booking.',
  valuesConfig: {
    CLIENT: { description: 'The client who booked it (the cancellation policy applied).' },
    INSTRUCTOR: { description: 'The instructor (always a full refund).' },
    ADMIN: { description: 'An admin (always a full refund).' },
  },
});

/** Statuses that hold a time (the exclusion constraint) or a seat. */
export const LIVE_STATUSES = ['held', 'requested', 'confirmed'] as const;

/**
 * One client's booking of one session (a private lesson, a consultation, or a seat of a group
 * class occurrence). Rows are written by BookingsService with SQL only (the stored `blocked` range
 * and the status moves are conditional UPDATEs guarded by the database); this entity reads them.
 */
@ObjectType({
  description:
    'A booked session: a private lesson, a consultation or a seat in a group class. Seen by its client, its instructor and admins.',
})
@Entity({ tableName: 'bookings' })
export class Booking {
  [OptionalProps]?:
    | 'refundedCents'
    | 'feeCents'
    | 'note'
    | 'rescheduleCount'
    | 'createdAt'
    | 'updatedAt'
    | 'holdExpiresAt'
    | 'orderId'
    | 'creditSubscriptionId'
    | 'creditPeriodStart'
    | 'creditReturnedAt'
    | 'creditValueCents'
    | 'holdStartedAt'
    | 'paidWithCredit'
    | 'creditReturned';

  @Field(() => ID, { description: 'The booking’s id.' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field(() => ID, { description: 'The session type booked (SessionType.id).' })
  @Property({ type: 'uuid' })
  sessionTypeId!: string;

  @Field(() => ID, { description: 'The instructor’s user id (InstructorProfile.id).' })
  @Property({ type: 'uuid' })
  instructorId!: string;

  @Field(() => ID, { description: 'The client’s user id.' })
  @Property({ type: 'uuid' })
  clientId!: string;

  @Field({ description: 'The session type’s kind when booked: private, group or consultation.' })
  @Property({ type: 'string', length: 20 })
  kind!: string;

  @Field({ description: 'The session type’s title when booked.' })
  @Property({ type: 'string', length: 120 })
  title!: string;

  @Field(() => Date, { name: 'start', description: 'When the session starts (ISO-8601 instant, UTC).' })
  @Property({ type: 'Date', fieldName: 'starts_at' })
  startsAt!: Date;

  @Field(() => Date, { name: 'end', description: 'When the session ends (ISO-8601 instant, UTC).' })
  @Property({ type: 'Date', fieldName: 'ends_at' })
  endsAt!: Date;

  @Field({ description: 'The instructor’s IANA time zone when booked (e.g. America/New_York).' })
  @Property({ type: 'string', length: 64 })
  timeZone!: string;

  @Field({ description: 'The client’s IANA time zone, given when booking; texts for the client use it.' })
  @Property({ type: 'string', length: 64 })
  clientTimeZone!: string;

  @Field(() => BookingStatus, { description: 'Where the booking stands.' })
  @Property({ type: 'string', length: 20 })
  status!: BookingStatus;

  @Field(() => Date, {
    nullable: true,
    description: 'While held: when the hold runs out unless paid (10 minutes after booking); else null.',
  })
  @Property({ type: 'Date', nullable: true })
  holdExpiresAt?: Date | null;

  @Field(() => Int, { description: 'The price when booked, US cents (0 for a free session).' })
  @Property({ type: 'integer' })
  priceCents!: number;

  @Field(() => ID, {
    nullable: true,
    description:
      'The booking’s order (kind booking; for a booking paid with a lesson credit a paid order of total 0, payment provider credit); null when free.',
  })
  @Property({ type: 'uuid', nullable: true })
  orderId?: string | null;

  /**
   * The membership whose lesson credit paid this booking (its order: payment provider credit, total
   * 0; bookings/booking-credit-orders.ts); null when paid or free.
   * `creditPeriodStart` is the credit period it came from; `creditReturnedAt` when it was given
   * back (once; bookings/booking-credits.ts).
   */
  @Property({ type: 'uuid', nullable: true })
  creditSubscriptionId?: string | null;

  @Property({ type: 'Date', nullable: true })
  creditPeriodStart?: Date | null;

  @Property({ type: 'Date', nullable: true })
  creditReturnedAt?: Date | null;

  /**
   * Paid with a lesson credit: what the credit earns the instructor, US cents — the plan's credit
   * value, at most the price (the late fee's percent of it when the client cancels late); null
   * otherwise (and for bookings credited before credits had a value: they earned the price).
   */
  @Property({ type: 'integer', nullable: true })
  creditValueCents?: number | null;

  /** When it started as a paid hold (the hourly hold limit counts these); null when never held. */
  @Property({ type: 'Date', nullable: true })
  holdStartedAt?: Date | null;

  @Field(() => Boolean, {
    description:
      'Paid with a lesson credit of the client’s membership instead of money (its order charged $0.00; the instructor earns the plan’s credit value, at most the price). The credit comes back when the booking is cancelled inside its free-cancellation window, declined, or cancelled by the instructor or an admin; a late cancellation or a no-show keeps it.',
  })
  get paidWithCredit(): boolean {
    return !!this.creditSubscriptionId;
  }

  @Field(() => Boolean, {
    description: 'Whether the lesson credit that paid it was given back (false when not paid with a credit).',
  })
  get creditReturned(): boolean {
    return !!this.creditReturnedAt;
  }

  @Field(() => Int, { description: 'How much of the price was refunded, US cents.' })
  @Property({ type: 'integer' })
  refundedCents: number = 0;

  @Field(() => Int, { description: 'The late-cancellation fee kept, US cents (0 unless canceled late).' })
  @Property({ type: 'integer' })
  feeCents: number = 0;

  /** The cancellation policy copied from the session type at booking time. */
  @Property({ type: 'integer' })
  cancelFreeHours!: number;

  @Property({ type: 'integer' })
  lateCancelFeePercent!: number;

  @Field({ description: 'The client’s note to the instructor (may be empty).' })
  @Property({ type: 'string', length: 1000 })
  note: string = '';

  @Field(() => BookingCanceledBy, {
    nullable: true,
    description: 'Who canceled or declined; null otherwise.',
  })
  @Property({ type: 'string', length: 20, nullable: true })
  canceledBy?: BookingCanceledBy | null;

  @Field(() => String, { nullable: true, description: 'The reason given when canceling or declining.' })
  @Property({ type: 'string', length: 500, nullable: true })
  cancelReason?: string | null;

  @Field(() => Date, { nullable: true, description: 'When it was canceled or declined; null otherwise.' })
  @Property({ type: 'Date', nullable: true })
  canceledAt?: Date | null;

  @Field(() => Int, { description: 'How many times the booking was moved to another time.' })
  @Property({ type: 'integer' })
  rescheduleCount: number = 0;

  @Field(() => Date, { nullable: true, description: 'When the instructor marked it completed or no-show.' })
  @Property({ type: 'Date', nullable: true })
  completedAt?: Date | null;

  @Field({ description: 'When it was booked (ISO-8601, UTC).' })
  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'Date', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}

/** Seats of one group-class occurrence (class_occurrences); written only by guarded statements. */
@Entity({ tableName: 'class_occurrences' })
export class ClassOccurrence {
  @PrimaryKey({ type: 'uuid' })
  sessionTypeId!: string;

  @PrimaryKey({ type: 'Date' })
  startsAt!: Date;

  @Property({ type: 'integer' })
  capacity!: number;

  @Property({ type: 'integer' })
  seatsTaken!: number;
}
