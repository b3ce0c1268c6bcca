import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { UserError } from '../../graphql/errors';

/** Where a submission is in its review. */
export enum SubmissionStatus {
  WAITING = 'WAITING',
  PASSED = 'PASSED',
  RESUBMIT = 'RESUBMIT',
}

/** The instructor's decision on a submission. */
export enum ReviewVerdict {
  PASSED = 'PASSED',
  RESUBMIT = 'RESUBMIT',
}

registerEnumType(SubmissionStatus, {
  name: 'AssignmentSubmissionStatus',
  description: 'Where a submitted assignment video is in its review.',
  valuesConfig: {
    WAITING: {
      description: 'Submitted; waits for the instructor’s review (its video may still be processing).',
    },
    PASSED: { description: 'The instructor passed it.' },
    RESUBMIT: { description: 'The instructor asked for another attempt (see reviewNote).' },
  },
});

registerEnumType(ReviewVerdict, {
  name: 'AssignmentReviewVerdict',
  description: 'What the instructor decides on a submission.',
  valuesConfig: {
    PASSED: { description: 'The assignment is passed.' },
    RESUBMIT: { description: 'The learner should submit again (a note says why).' },
  },
});

@ObjectType('Assignment', {
  description:
    'A video assignment of a course module: the learner records or uploads a performance, the ' +
    'instructor reviews it with time-coded comments and passes it or asks for another attempt.',
})
export class AssignmentView {
  @Field(() => ID, { description: 'The assignment id.' })
  id!: string;

  @Field(() => ID, { description: 'The course module it belongs to.' })
  moduleId!: string;

  @Field({ description: 'The module’s title.' })
  moduleTitle!: string;

  @Field(() => ID, { description: 'The course it belongs to.' })
  courseId!: string;

  @Field({ description: 'The course’s title.' })
  courseTitle!: string;

  @Field({ description: 'What to perform, in a line.' })
  title!: string;

  @Field({ description: 'How to perform and film it (plain text; may be empty).' })
  instructions!: string;

  @Field(() => Int, {
    nullable: true,
    description: 'Due this many days after the learner enrolled; null: no due date.',
  })
  dueDaysAfterEnrollment!: number | null;

  @Field(() => Date, {
    nullable: true,
    description:
      'When it is due for me (my enrolment + dueDaysAfterEnrollment); null without a due rule or enrolment.',
  })
  dueAt!: Date | null;

  @Field({ description: 'Whether I teach its course (its instructor or staff): I review its submissions.' })
  viewerTeaches!: boolean;
}

@ObjectType('AssignmentComment', { description: 'An instructor’s time-coded comment on a submission.' })
export class AssignmentCommentView {
  @Field(() => ID, { description: 'The comment id.' })
  id!: string;

  @Field(() => Float, { description: 'Where in the video it applies, in seconds from the start.' })
  atSeconds!: number;

  @Field({ description: 'What the instructor says (e.g. “watch your spot”).' })
  body!: string;

  @Field({ description: 'Who wrote it (display name).' })
  authorName!: string;

  @Field({ description: 'When it was written.' })
  createdAt!: Date;
}

@ObjectType('AssignmentSubmission', {
  description:
    'One attempt of a learner at an assignment: a video (processed like a lesson video, private to ' +
    'the learner, the course’s instructors and staff), the instructor’s comments and decision.',
})
export class SubmissionView {
  @Field(() => ID, { description: 'The submission id.' })
  id!: string;

  @Field(() => ID, { description: 'The assignment.' })
  assignmentId!: string;

  @Field({ description: 'The assignment’s title.' })
  assignmentTitle!: string;

  @Field(() => ID, { description: 'The assignment’s course.' })
  courseId!: string;

  @Field(() => ID, { description: 'The learner who submitted it.' })
  learnerId!: string;

  @Field({ description: 'The learner’s display name.' })
  learnerName!: string;

  @Field(() => Int, { description: 'Which attempt (1, 2, …).' })
  attempt!: number;

  @Field(() => SubmissionStatus, { description: 'WAITING, PASSED or RESUBMIT.' })
  status!: SubmissionStatus;

  @Field({ description: 'false once a newer attempt replaced it (kept as history, no longer reviewed).' })
  current!: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'The instructor’s note with the decision; null before.',
  })
  reviewNote!: string | null;

  @Field(() => Date, { nullable: true, description: 'When it was reviewed; null while WAITING.' })
  reviewedAt!: Date | null;

  @Field({ description: 'When it was submitted.' })
  createdAt!: Date;

  @Field({
    description:
      'Whether it was submitted after the learner’s due moment (enrolment + dueDaysAfterEnrollment); ' +
      'accepted all the same. Set when it was submitted.',
  })
  late!: boolean;

  /** The video's id, for the `video` field resolver. */
  videoId!: string | null;
}

const USER_ERRORS = 'Expected failures (code, field, message); empty when the change was made.';

@InputType({ description: 'A new assignment of a course module.' })
export class AssignmentCreateInput {
  @Field(() => ID, { description: 'The course module to add it to.' })
  moduleId!: string;

  @Field({ description: 'What to perform (1–200 characters).' })
  title!: string;

  @Field({ nullable: true, description: 'How to perform and film it (up to 5000 characters).' })
  instructions?: string;

  @Field(() => Int, {
    nullable: true,
    description: 'Due this many days after enrolment (1–3650); null: no due date.',
  })
  dueDaysAfterEnrollment?: number | null;
}

@InputType({ description: 'The new content of an assignment.' })
export class AssignmentUpdateInput {
  @Field(() => ID, { description: 'The assignment to change.' })
  id!: string;

  @Field({ description: 'What to perform (1–200 characters).' })
  title!: string;

  @Field({ nullable: true, description: 'How to perform and film it (up to 5000 characters).' })
  instructions?: string;

  @Field(() => Int, {
    nullable: true,
    description: 'Due this many days after enrolment (1–3650); null: no due date.',
  })
  dueDaysAfterEnrollment?: number | null;
}

@ObjectType({ description: 'The result of assignmentCreate and assignmentUpdate.' })
export class AssignmentPayload {
  @Field(() => AssignmentView, {
    nullable: true,
    description: 'The assignment; null when userErrors is not empty.',
  })
  assignment!: AssignmentView | null;

  @Field(() => [UserError], { description: USER_ERRORS })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of assignmentRemove.' })
export class AssignmentRemovePayload {
  @Field(() => ID, {
    nullable: true,
    description: 'The removed assignment’s id; null when userErrors is not empty.',
  })
  removedAssignmentId!: string | null;

  @Field(() => [UserError], { description: USER_ERRORS })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of assignmentReview.' })
export class AssignmentReviewPayload {
  @Field(() => SubmissionView, {
    nullable: true,
    description: 'The reviewed submission; null when userErrors is not empty.',
  })
  submission!: SubmissionView | null;

  @Field(() => [UserError], { description: USER_ERRORS })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of assignmentCommentAdd.' })
export class AssignmentCommentPayload {
  @Field(() => AssignmentCommentView, {
    nullable: true,
    description: 'The comment; null when userErrors is not empty.',
  })
  comment!: AssignmentCommentView | null;

  @Field(() => [UserError], { description: USER_ERRORS })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of setCourseRequireAssignments.' })
export class CourseAssignmentRulePayload {
  @Field(() => Boolean, {
    nullable: true,
    description:
      'Whether the course now requires its assignments passed for its certificate; null on userErrors.',
  })
  requirePassed!: boolean | null;

  @Field(() => [UserError], { description: USER_ERRORS })
  userErrors!: UserError[];
}

@ObjectType('AssignmentStats', {
  description:
    'One assignment’s learners by where they are (open enrolments of its course; each learner counted ' +
    'once, by their current attempt).',
})
export class AssignmentStatsView {
  @Field(() => ID, { description: 'The assignment.' })
  assignmentId!: string;

  @Field({ description: 'The assignment’s title.' })
  title!: string;

  @Field({ description: 'Its module’s title.' })
  moduleTitle!: string;

  @Field(() => Int, { nullable: true, description: 'Its due rule (days after enrolment); null: none.' })
  dueDaysAfterEnrollment!: number | null;

  @Field(() => Int, { description: 'Learners enrolled in the course (open enrolments).' })
  enrolled!: number;

  @Field(() => Int, { description: 'Of them, those who submitted at least once.' })
  submitted!: number;

  @Field(() => Int, { description: 'Those whose current attempt waits for review.' })
  waiting!: number;

  @Field(() => Int, { description: 'Those whose current attempt was passed.' })
  passed!: number;

  @Field(() => Int, { description: 'Those asked to submit again (current attempt RESUBMIT).' })
  resubmit!: number;

  @Field(() => Int, { description: 'Those whose current attempt was submitted after their due moment.' })
  late!: number;

  @Field(() => Int, { description: 'Those who have not submitted and whose due moment has passed.' })
  overdue!: number;
}
