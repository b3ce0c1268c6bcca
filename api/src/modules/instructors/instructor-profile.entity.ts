import { Entity, OneToOne, OptionalProps, PrimaryKeyProp, Property } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { User } from '../users';
import { InstructorStatus } from './instructors.enums';

/**
 * An instructor's Connect profile, one per instructor user (its primary key is the user's id, so
 * `instructor(id)` takes the user id). Created `pending` on the instructor's first read of
 * `myInstructorProfile`; an admin approves or suspends it. The settings fields are the defaults of
 * the instructor's new session types and their time zone for weekly hours and overrides.
 * Owner-and-staff-only fields (statusReason, availability) are field resolvers of the resolver.
 */
@ObjectType({
  description:
    'An instructor’s public Connect profile (instructors and their session types, hours and reviews); `id` is the instructor’s user id.',
})
@Entity({ tableName: 'instructor_profiles' })
export class InstructorProfile {
  [PrimaryKeyProp]?: 'user';
  [OptionalProps]?:
    | 'id'
    | 'status'
    | 'statusReason'
    | 'featured'
    | 'headline'
    | 'bio'
    | 'styles'
    | 'levels'
    | 'ageGroups'
    | 'languages'
    | 'teachesOnline'
    | 'teachesInPerson'
    | 'timeZone'
    | 'bufferBeforeMinutes'
    | 'bufferAfterMinutes'
    | 'minNoticeMinutes'
    | 'horizonDays'
    | 'cancelFreeHours'
    | 'lateCancelFeePercent'
    | 'acceptsInquiries'
    | 'createdAt'
    | 'updatedAt';

  @OneToOne(() => User, { primary: true, deleteRule: 'cascade' })
  user!: User;

  @Field(() => ID, { description: 'The instructor’s user id (the profile’s id).' })
  get id(): string {
    return this.user.id;
  }

  @Field(() => InstructorStatus, {
    description: 'PENDING (waiting for approval), APPROVED (listed and bookable) or SUSPENDED.',
  })
  @Property({ type: 'string', length: 20, default: 'pending' })
  status: InstructorStatus = InstructorStatus.PENDING;

  /** Why an admin suspended (or approved with a note); owner and staff only (resolver). */
  @Property({ type: 'string', length: 500, nullable: true })
  statusReason?: string | null;

  @Field({ description: 'Featured by staff: listed first on /connect.' })
  @Property({ type: 'boolean', default: false })
  featured: boolean = false;

  @Field({ description: 'A one-line pitch, up to 120 characters; an empty string when not written yet.' })
  @Property({ type: 'string', length: 120, default: '' })
  headline: string = '';

  @Field({ description: 'About the instructor: plain text up to 5000 characters; may be empty.' })
  @Property({ type: 'text', default: '' })
  bio: string = '';

  @Field(() => [String], { description: 'Dance styles taught: names from referenceLists.danceStyles.' })
  @Property({ type: 'text[]', default: '{}' })
  styles: string[] = [];

  @Field(() => [String], { description: 'Skill levels taught: values from referenceLists.skillLevels.' })
  @Property({ type: 'text[]', default: '{}' })
  levels: string[] = [];

  @Field(() => [String], { description: 'Age groups taught: values from referenceLists.ageGroups.' })
  @Property({ type: 'text[]', default: '{}' })
  ageGroups: string[] = [];

  @Field(() => [String], { description: 'Languages the instructor teaches in, e.g. English, Spanish.' })
  @Property({ type: 'text[]', default: '{}' })
  languages: string[] = [];

  @Field({ description: 'Teaches online (video calls).' })
  @Property({ type: 'boolean', default: true })
  teachesOnline: boolean = true;

  @Field({ description: 'Teaches in person (at city/state).' })
  @Property({ type: 'boolean', default: false })
  teachesInPerson: boolean = false;

  @Field(() => String, {
    nullable: true,
    description: 'City where lessons in person happen; null when not given.',
  })
  @Property({ type: 'string', length: 100, nullable: true })
  city?: string | null;

  @Field(() => String, { nullable: true, description: 'State or region; null when not given.' })
  @Property({ type: 'string', length: 100, nullable: true })
  state?: string | null;

  @Field(() => String, { nullable: true, description: 'ZIP or postal code; null when not given.' })
  @Property({ type: 'string', length: 10, nullable: true })
  zip?: string | null;

  @Property({ type: 'double', nullable: true })
  latitude?: number | null;

  @Property({ type: 'double', nullable: true })
  longitude?: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'An intro video: a YouTube URL (youtube.com/watch, youtu.be or shorts); null when none.',
  })
  @Property({ type: 'string', length: 500, nullable: true })
  introVideoUrl?: string | null;

  @Field({
    description:
      'The instructor’s IANA time zone (e.g. America/New_York): weekly hours, overrides and recurrence rules are wall-clock times in it.',
  })
  @Property({ type: 'string', length: 64, default: 'America/New_York' })
  timeZone: string = 'America/New_York';

  @Field(() => Int, {
    description: 'Default free minutes kept before a session (0–240) for new session types.',
  })
  @Property({ type: 'int', default: 0 })
  bufferBeforeMinutes: number = 0;

  @Field(() => Int, {
    description: 'Default free minutes kept after a session (0–240) for new session types.',
  })
  @Property({ type: 'int', default: 0 })
  bufferAfterMinutes: number = 0;

  @Field(() => Int, {
    description:
      'Default minimum notice in minutes (0–43200) between booking and start, for new session types.',
  })
  @Property({ type: 'int', default: 240 })
  minNoticeMinutes: number = 240;

  @Field(() => Int, { description: 'Default booking horizon: how many days ahead (1–365) can be booked.' })
  @Property({ type: 'int', default: 60 })
  horizonDays: number = 60;

  @Field(() => Int, {
    description:
      'Default cancellation policy: free cancellation until this many hours (0–720) before the start.',
  })
  @Property({ type: 'int', default: 24 })
  cancelFreeHours: number = 24;

  @Field(() => Int, {
    description:
      'Default cancellation policy: the percent (0–100) of the price kept on a later cancellation.',
  })
  @Property({ type: 'int', default: 50 })
  lateCancelFeePercent: number = 50;

  @Field({
    description:
      'Whether members may start a conversation with the instructor (an inquiry); their own clients may always write to them about a booking. True unless the instructor turned it off.',
  })
  @Property({ type: 'boolean', default: true })
  acceptsInquiries: boolean = true;

  @Field(() => Date, { nullable: true, description: 'When an admin approved the profile; null until then.' })
  @Property({ type: 'Date', nullable: true })
  approvedAt?: Date | null;

  @Field({ description: 'When the profile was created (ISO-8601, UTC).' })
  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'Date', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
