import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { UserError } from '../../graphql/errors';
import { AvailabilityOverride } from './availability.entity';
import { InstructorProfile } from './instructor-profile.entity';
import { InstructorReview } from './instructor-review.entity';
import { InstructorStatus, LocationMode, OverrideKind, SessionKind } from './instructors.enums';
import { SessionType } from './session-type.entity';

@ObjectType()
export class InstructorProfileConnection extends Connection(InstructorProfile, 'InstructorProfile') {}

@ObjectType()
export class InstructorReviewConnection extends Connection(InstructorReview, 'InstructorReview') {}

@ObjectType({
  description: 'A time that can be booked: its start and end, and the seats left of a group class.',
})
export class BookableSlot {
  @Field({ description: 'The start (ISO-8601 instant, UTC); show it in any zone.' })
  start!: Date;

  @Field({ description: 'The end (ISO-8601 instant, UTC).' })
  end!: Date;

  @Field(() => Int, {
    nullable: true,
    description: 'Seats left of a group-class occurrence (full ones are not listed); null for 1:1 sessions.',
  })
  seatsLeft!: number | null;
}

@ObjectType({ description: 'The result of a change to an instructor profile, its settings or hours.' })
export class InstructorProfilePayload {
  @Field(() => InstructorProfile, {
    nullable: true,
    description: 'The profile after the change; null on failure.',
  })
  profile!: InstructorProfile | null;

  @Field(() => [UserError], { description: 'Why it failed; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of a change to a session type.' })
export class SessionTypePayload {
  @Field(() => SessionType, {
    nullable: true,
    description: 'The session type after the change; null on failure.',
  })
  sessionType!: SessionType | null;

  @Field(() => [UserError], { description: 'Why it failed; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of adding or removing a date override.' })
export class AvailabilityOverridePayload {
  @Field(() => AvailabilityOverride, {
    nullable: true,
    description: 'The override added (or removed); null on failure.',
  })
  override!: AvailabilityOverride | null;

  @Field(() => InstructorProfile, {
    nullable: true,
    description: 'The instructor’s profile after the change.',
  })
  profile!: InstructorProfile | null;

  @Field(() => [UserError], { description: 'Why it failed; empty on success.' })
  userErrors!: UserError[];
}

const INSTRUCTOR_ID =
  'The instructor whose profile to change (their user id); admins only. Null or absent: the signed-in instructor’s own.';

@InputType({ description: 'Public profile fields to change; absent fields keep their value.' })
export class InstructorProfileUpdateInput {
  @Field(() => ID, { nullable: true, description: INSTRUCTOR_ID })
  instructorId?: string | null;

  @Field(() => String, { nullable: true, description: 'One-line pitch, up to 120 characters.' })
  headline?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'About the instructor, plain text up to 5000 characters.',
  })
  bio?: string | null;

  @Field(() => [String], {
    nullable: true,
    description: 'Dance styles, each one of referenceLists.danceStyles.',
  })
  styles?: string[] | null;

  @Field(() => [String], {
    nullable: true,
    description: 'Skill levels, each one of referenceLists.skillLevels.',
  })
  levels?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'Age groups, each one of referenceLists.ageGroups.' })
  ageGroups?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'Languages (up to 10, each up to 40 characters).' })
  languages?: string[] | null;

  @Field(() => Boolean, { nullable: true, description: 'Teaches online.' })
  teachesOnline?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Teaches in person.' })
  teachesInPerson?: boolean | null;

  @Field(() => String, { nullable: true, description: 'City, up to 100 characters; empty clears it.' })
  city?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'State or region, up to 100 characters; empty clears it.',
  })
  state?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'ZIP or postal code, up to 10 characters; empty clears it.',
  })
  zip?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'A YouTube video URL (youtube.com/watch?v=…, youtu.be/…, /shorts/…); empty clears it.',
  })
  introVideoUrl?: string | null;

  @Field(() => String, { nullable: true, description: 'The IANA time zone, e.g. America/New_York.' })
  timeZone?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      'Whether members may start a conversation with the instructor (InstructorProfile.acceptsInquiries).',
  })
  acceptsInquiries?: boolean | null;
}

@InputType({ description: 'Booking defaults to change; absent fields keep their value.' })
export class InstructorSettingsUpdateInput {
  @Field(() => ID, { nullable: true, description: INSTRUCTOR_ID })
  instructorId?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The IANA time zone of the weekly hours, e.g. Europe/London.',
  })
  timeZone?: string | null;

  @Field(() => Int, { nullable: true, description: 'Default buffer before a session, 0–240 minutes.' })
  bufferBeforeMinutes?: number | null;

  @Field(() => Int, { nullable: true, description: 'Default buffer after a session, 0–240 minutes.' })
  bufferAfterMinutes?: number | null;

  @Field(() => Int, { nullable: true, description: 'Default minimum notice, 0–43200 minutes.' })
  minNoticeMinutes?: number | null;

  @Field(() => Int, { nullable: true, description: 'Default booking horizon, 1–365 days.' })
  horizonDays?: number | null;

  @Field(() => Int, { nullable: true, description: 'Default free cancellation window, 0–720 hours before.' })
  cancelFreeHours?: number | null;

  @Field(() => Int, { nullable: true, description: 'Default late-cancellation fee, 0–100 percent.' })
  lateCancelFeePercent?: number | null;
}

@InputType({ description: 'Fields of a session type shared by create and update.' })
export class SessionTypeFieldsInput {
  @Field(() => String, { nullable: true, description: 'Title, 2 to 120 characters.' })
  title?: string | null;

  @Field(() => String, { nullable: true, description: 'Description, plain text up to 5000 characters.' })
  description?: string | null;

  @Field(() => Int, { nullable: true, description: 'Length in minutes, 10–480.' })
  durationMinutes?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Price in US cents, 0–10000000 (per seat for a group class); a consultation is always 0.',
  })
  priceCents?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Seats: 2–500 for a group class; 1 (or absent) for private lessons and consultations.',
  })
  capacity?: number | null;

  @Field(() => Int, { nullable: true, description: 'Buffer before, 0–240 minutes (default: the profile’s).' })
  bufferBeforeMinutes?: number | null;

  @Field(() => Int, { nullable: true, description: 'Buffer after, 0–240 minutes (default: the profile’s).' })
  bufferAfterMinutes?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Minimum notice, 0–43200 minutes (default: the profile’s).',
  })
  minNoticeMinutes?: number | null;

  @Field(() => Int, { nullable: true, description: 'Booking horizon, 1–365 days (default: the profile’s).' })
  horizonDays?: number | null;

  @Field(() => Int, {
    nullable: true,
    description:
      'Daily cap, 1–100 bookings; 0 removes the cap (on update); absent keeps it (none on create).',
  })
  maxPerDay?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'Bookings need the instructor’s approval.' })
  requiresApproval?: boolean | null;

  @Field(() => String, {
    nullable: true,
    description:
      'A group class’s RRULE with the time of day, e.g. FREQ=WEEKLY;BYDAY=TU;BYHOUR=18;BYMINUTE=0 (instructor’s zone); required for GROUP, ignored otherwise.',
  })
  recurrenceRule?: string | null;

  @Field(() => LocationMode, { nullable: true, description: 'ONLINE (default) or IN_PERSON.' })
  locationMode?: LocationMode | null;

  @Field(() => String, {
    nullable: true,
    description:
      'An in-person session’s own place (e.g. a studio): ZIP or postal code up to 10 characters; empty clears it (then the instructor’s location applies). A US ZIP code sets its coordinates and fills an empty city and state.',
  })
  zip?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The city of its own place, up to 100 characters; empty clears it.',
  })
  city?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The state of its own place, up to 100 characters; empty clears it.',
  })
  state?: string | null;

  @Field(() => Int, { nullable: true, description: 'Free cancellation until this many hours before, 0–720.' })
  cancelFreeHours?: number | null;

  @Field(() => Int, { nullable: true, description: 'Late-cancellation fee, 0–100 percent.' })
  lateCancelFeePercent?: number | null;
}

@InputType({ description: 'A new session type.' })
export class SessionTypeCreateInput extends SessionTypeFieldsInput {
  @Field(() => ID, { nullable: true, description: INSTRUCTOR_ID })
  instructorId?: string | null;

  @Field(() => SessionKind, { description: 'PRIVATE, GROUP or CONSULTATION (fixed once created).' })
  kind!: SessionKind;
}

@InputType({ description: 'A session type and the fields to change; absent fields keep their value.' })
export class SessionTypeUpdateInput extends SessionTypeFieldsInput {
  @Field(() => ID, { description: 'The session type (SessionType.id).' })
  sessionTypeId!: string;

  @Field(() => Boolean, { nullable: true, description: 'True offers an archived type again.' })
  active?: boolean | null;
}

@InputType({ description: 'The session type to archive.' })
export class SessionTypeArchiveInput {
  @Field(() => ID, { description: 'The session type (SessionType.id).' })
  sessionTypeId!: string;
}

@InputType({ description: 'One range of weekly hours.' })
export class AvailabilityRuleInput {
  @Field(() => Int, { description: 'ISO weekday: 1 = Monday … 7 = Sunday.' })
  weekday!: number;

  @Field({ description: 'Start ‘HH:mm’ (instructor’s zone).' })
  startTime!: string;

  @Field({ description: 'End ‘HH:mm’ after the start (24:00 = midnight).' })
  endTime!: string;
}

@InputType({ description: 'The whole week of working hours, replacing the current one.' })
export class AvailabilityRulesSetInput {
  @Field(() => ID, { nullable: true, description: INSTRUCTOR_ID })
  instructorId?: string | null;

  @Field(() => [AvailabilityRuleInput], {
    description:
      'Every range of the week (at most 50); ranges of one day must not overlap. Empty: no weekly hours.',
  })
  rules!: AvailabilityRuleInput[];
}

@InputType({ description: 'A date override to add.' })
export class AvailabilityOverrideAddInput {
  @Field(() => ID, { nullable: true, description: INSTRUCTOR_ID })
  instructorId?: string | null;

  @Field({ description: 'The date ‘yyyy-MM-dd’ in the instructor’s zone.' })
  date!: string;

  @Field(() => OverrideKind, { description: 'EXTRA hours or time OFF.' })
  kind!: OverrideKind;

  @Field(() => String, {
    nullable: true,
    description: 'Start ‘HH:mm’; null with endTime null: the whole day off.',
  })
  startTime?: string | null;

  @Field(() => String, { nullable: true, description: 'End ‘HH:mm’ after the start (24:00 = midnight).' })
  endTime?: string | null;

  @Field(() => String, { nullable: true, description: 'A note (e.g. Holiday), up to 200 characters.' })
  note?: string | null;
}

@InputType({ description: 'The date override to remove.' })
export class AvailabilityOverrideRemoveInput {
  @Field(() => ID, { description: 'The override (AvailabilityOverride.id).' })
  overrideId!: string;
}

@InputType({ description: 'An admin’s decision on an instructor profile.' })
export class AdminInstructorStatusSetInput {
  @Field(() => ID, { description: 'The instructor (their user id).' })
  instructorId!: string;

  @Field(() => InstructorStatus, { description: 'APPROVED, SUSPENDED or back to PENDING.' })
  status!: InstructorStatus;

  @Field(() => String, {
    nullable: true,
    description: 'Why (up to 500 characters); required to suspend, shown to the instructor.',
  })
  reason?: string | null;
}

@InputType({ description: 'Features or unfeatures an instructor on /connect.' })
export class AdminInstructorFeatureSetInput {
  @Field(() => ID, { description: 'The instructor (their user id).' })
  instructorId!: string;

  @Field({ description: 'True lists them first on /connect.' })
  featured!: boolean;
}
