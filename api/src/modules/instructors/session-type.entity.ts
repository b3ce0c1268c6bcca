import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { User } from '../users';
import { LocationMode, SessionKind } from './instructors.enums';

/**
 * What an instructor offers: a private lesson, a group class (seats; times from its RRULE in the
 * instructor's zone) or a free consultation. Archived types (active = false) keep their bookings.
 */
@ObjectType({
  description: 'A kind of session an instructor offers, with its length, price, seats and booking rules.',
})
@Entity({ tableName: 'session_types' })
@Index({ properties: ['instructor', 'active'] })
export class SessionType {
  [OptionalProps]?:
    | 'description'
    | 'priceCents'
    | 'capacity'
    | 'bufferBeforeMinutes'
    | 'bufferAfterMinutes'
    | 'minNoticeMinutes'
    | 'horizonDays'
    | 'maxPerDay'
    | 'requiresApproval'
    | 'recurrenceRule'
    | 'locationMode'
    | 'cancelFreeHours'
    | 'lateCancelFeePercent'
    | 'active'
    | 'creditEligible'
    | 'createdAt'
    | 'updatedAt';

  @Field(() => ID, { description: 'The session type’s id.' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** The instructor (a user; their profile has the same id). */
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  instructor!: User;

  @Field(() => SessionKind, { description: 'PRIVATE, GROUP or CONSULTATION.' })
  @Property({ type: 'string', length: 20 })
  kind!: SessionKind;

  @Field({ description: 'The title, 2 to 120 characters, e.g. “Private salsa lesson”.' })
  @Property({ type: 'string', length: 120 })
  title!: string;

  @Field({ description: 'Plain text description; may be empty.' })
  @Property({ type: 'text', default: '' })
  description: string = '';

  @Field(() => Int, { description: 'Length of a session in minutes (10–480).' })
  @Property({ type: 'int' })
  durationMinutes!: number;

  @Field(() => Int, { description: 'Price per booking (per seat for a group class) in US cents; 0 is free.' })
  @Property({ type: 'int', default: 0 })
  priceCents: number = 0;

  @Field(() => Int, {
    description: 'Seats: 1 for private lessons and consultations, 2–500 for a group class.',
  })
  @Property({ type: 'int', default: 1 })
  capacity: number = 1;

  @Field(() => Int, { description: 'Free minutes kept before each session (0–240).' })
  @Property({ type: 'int', default: 0 })
  bufferBeforeMinutes: number = 0;

  @Field(() => Int, { description: 'Free minutes kept after each session (0–240).' })
  @Property({ type: 'int', default: 0 })
  bufferAfterMinutes: number = 0;

  @Field(() => Int, { description: 'Minimum notice in minutes (0–43200) between booking and the start.' })
  @Property({ type: 'int', default: 240 })
  minNoticeMinutes: number = 240;

  @Field(() => Int, { description: 'How many days ahead (1–365) sessions can be booked.' })
  @Property({ type: 'int', default: 60 })
  horizonDays: number = 60;

  @Field(() => Int, {
    nullable: true,
    description:
      'At most this many bookings of the instructor a day (1–100, the instructor’s day); null: no cap.',
  })
  @Property({ type: 'int', nullable: true })
  maxPerDay?: number | null;

  @Field({
    description: 'Bookings become requests the instructor approves or declines (a decline refunds in full).',
  })
  @Property({ type: 'boolean', default: false })
  requiresApproval: boolean = false;

  @Field(() => String, {
    nullable: true,
    description:
      'A group class’s RRULE (RFC 5545), e.g. FREQ=WEEKLY;BYDAY=TU;BYHOUR=18;BYMINUTE=0 — times are wall-clock times in the instructor’s zone; null for other kinds.',
  })
  @Property({ type: 'string', length: 500, nullable: true })
  recurrenceRule?: string | null;

  @Field(() => LocationMode, { description: 'ONLINE or IN_PERSON.' })
  @Property({ type: 'string', length: 20, default: 'online' })
  locationMode: LocationMode = LocationMode.ONLINE;

  @Field(() => String, {
    nullable: true,
    description:
      'Where an in-person session happens when not at the instructor’s location: its ZIP or postal code; null: at the instructor’s location (InstructorProfile.zip).',
  })
  @Property({ type: 'string', length: 10, nullable: true })
  zip?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The city of an in-person session’s own place; null when none.',
  })
  @Property({ type: 'string', length: 100, nullable: true })
  city?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The state of an in-person session’s own place; null when none.',
  })
  @Property({ type: 'string', length: 100, nullable: true })
  state?: string | null;

  /** The coordinates of `zip` (a US ZIP code), filled by the server; null otherwise. */
  @Property({ type: 'double', nullable: true })
  latitude?: number | null;

  @Property({ type: 'double', nullable: true })
  longitude?: number | null;

  @Field(() => Int, { description: 'Free cancellation until this many hours (0–720) before the start.' })
  @Property({ type: 'int', default: 24 })
  cancelFreeHours: number = 24;

  @Field(() => Int, {
    description: 'Percent (0–100) of the price kept when the client cancels later than that.',
  })
  @Property({ type: 'int', default: 50 })
  lateCancelFeePercent: number = 50;

  @Field(() => Boolean, {
    description:
      'A membership’s lesson credit can pay it: it has a price and is not a group class (private lessons and consultations).',
  })
  get creditEligible(): boolean {
    return this.priceCents > 0 && this.kind !== SessionKind.GROUP;
  }

  @Field({ description: 'Offered (true) or archived (false; kept for its bookings, not bookable).' })
  @Property({ type: 'boolean', default: true })
  active: boolean = true;

  @Field({ description: 'When it was created (ISO-8601, UTC).' })
  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'Date', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
