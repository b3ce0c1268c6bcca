import { Arg, Ctx, FieldResolver, Float, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { payload } from '../../graphql/payload';
import { enrollmentDates } from '../learning';
import { LessonVideoView } from '../videos';
import { AssignmentReviews } from './assignment-reviews';
import { courseAssignmentStats } from './assignment-stats';
import { AssignmentsService } from './assignments.service';
import {
  AssignmentCommentPayload,
  AssignmentCommentView,
  AssignmentCreateInput,
  AssignmentPayload,
  AssignmentRemovePayload,
  AssignmentReviewPayload,
  AssignmentStatsView,
  AssignmentUpdateInput,
  AssignmentView,
  CourseAssignmentRulePayload,
  ReviewVerdict,
  SubmissionView,
} from './assignments.types';

const service = (ctx: Context) => new AssignmentsService(ctx.em);
const reviews = (ctx: Context) => new AssignmentReviews(ctx.em);

/** Assignments: authoring, the learner's view and the course rule (assignments.permissions.ts). */
@Resolver(() => AssignmentView)
export class AssignmentsResolver {
  @Query(() => [AssignmentView], {
    description:
      'A course’s video assignments in module order, for its instructors, staff and enrolled learners ' +
      '(empty for everyone else).',
  })
  courseAssignments(
    @Arg('courseId', () => ID, { description: 'The course.' }) courseId: string,
    @Ctx() ctx: Context,
  ) {
    return service(ctx).forCourse(ctx.viewer, courseId);
  }

  @Query(() => AssignmentView, {
    nullable: true,
    description:
      'One assignment, for its course’s instructors, staff and enrolled learners; null for others.',
  })
  assignment(@Arg('id', () => ID, { description: 'The assignment id.' }) id: string, @Ctx() ctx: Context) {
    return service(ctx).byId(ctx.viewer, id);
  }

  @Query(() => Boolean, {
    description: 'Whether the course’s certificate needs its assignments passed first.',
  })
  courseRequiresAssignments(
    @Arg('courseId', () => ID, { description: 'The course.' }) courseId: string,
    @Ctx() ctx: Context,
  ) {
    return service(ctx).requirePassed(courseId);
  }

  @Query(() => [AssignmentStatsView], {
    description:
      'Per assignment of a course (module order): its learners enrolled, submitted, waiting for review, ' +
      'passed, asked to resubmit, late, and not submitted past their due moment. For the course’s ' +
      'instructor and staff (others get an error).',
  })
  courseAssignmentStats(
    @Arg('courseId', () => ID, { description: 'The course.' }) courseId: string,
    @Ctx() ctx: Context,
  ) {
    return courseAssignmentStats(ctx.em, ctx.user!, courseId);
  }

  @FieldResolver(() => [SubmissionView], {
    description: 'My attempts at it (as a learner), newest first; the first is the current one.',
  })
  mySubmissions(@Root() assignment: AssignmentView, @Ctx() ctx: Context) {
    return service(ctx).mySubmissions(ctx.viewer!, assignment.id);
  }

  @Mutation(() => AssignmentPayload, {
    description:
      'Adds a video assignment to a course module. userErrors: NOT_FOUND (unknown moduleId), FORBIDDEN ' +
      '(not the course’s instructor or staff), INVALID_INPUT (title, instructions, due rule).',
  })
  assignmentCreate(
    @Arg('input', () => AssignmentCreateInput, { description: 'The module and the assignment.' })
    input: AssignmentCreateInput,
    @Ctx() ctx: Context,
  ) {
    return payload(async () => ({ assignment: await service(ctx).create(ctx.user!, input) }), {
      assignment: null as AssignmentView | null,
    });
  }

  @Mutation(() => AssignmentPayload, {
    description:
      'Changes an assignment’s title, instructions and due rule. userErrors: NOT_FOUND, FORBIDDEN, INVALID_INPUT.',
  })
  assignmentUpdate(
    @Arg('input', () => AssignmentUpdateInput, { description: 'The assignment and its new content.' })
    input: AssignmentUpdateInput,
    @Ctx() ctx: Context,
  ) {
    return payload(async () => ({ assignment: await service(ctx).update(ctx.user!, input) }), {
      assignment: null as AssignmentView | null,
    });
  }

  @Mutation(() => AssignmentRemovePayload, {
    description:
      'Removes an assignment with its submissions and comments (their videos are deleted soon after). ' +
      'userErrors: NOT_FOUND, FORBIDDEN.',
  })
  assignmentRemove(@Arg('id', () => ID, { description: 'The assignment.' }) id: string, @Ctx() ctx: Context) {
    return payload(async () => ({ removedAssignmentId: await service(ctx).remove(ctx.user!, id) }), {
      removedAssignmentId: null as string | null,
    });
  }

  @Mutation(() => CourseAssignmentRulePayload, {
    description:
      'Whether the course’s certificate is issued only once every assignment is passed. userErrors: ' +
      'NOT_FOUND (unknown courseId), FORBIDDEN (not the course’s instructor or staff).',
  })
  setCourseRequireAssignments(
    @Arg('courseId', () => ID, { description: 'The course.' }) courseId: string,
    @Arg('required', { description: 'true: assignments must be passed before the certificate.' })
    required: boolean,
    @Ctx() ctx: Context,
  ) {
    return payload(
      async () => ({ requirePassed: await service(ctx).setRequirePassed(ctx.user!, courseId, required) }),
      {
        requirePassed: null as boolean | null,
      },
    );
  }
}

/** Submissions: reading, the review queue, comments and the decision. */
@Resolver(() => SubmissionView)
export class SubmissionsResolver {
  @Query(() => SubmissionView, {
    nullable: true,
    description: 'A submission, for its learner, the course’s instructors and staff; null for everyone else.',
  })
  assignmentSubmission(
    @Arg('id', () => ID, { description: 'The submission id.' }) id: string,
    @Ctx() ctx: Context,
  ) {
    return reviews(ctx).submission(ctx.viewer, id);
  }

  @Query(() => [SubmissionView], {
    description:
      'What waits for review in a course (current submissions not yet reviewed), oldest first; for the ' +
      'course’s instructor and staff (others get an error).',
  })
  assignmentReviewQueue(
    @Arg('courseId', () => ID, { description: 'The course.' }) courseId: string,
    @Ctx() ctx: Context,
  ) {
    return reviews(ctx).queue(ctx.user!, courseId);
  }

  @FieldResolver(() => LessonVideoView, {
    nullable: true,
    description:
      'The submitted video, processed like a lesson video (status, then a signed playlistUrl once READY); ' +
      'null if it was removed.',
  })
  video(@Root() submission: SubmissionView, @Ctx() ctx: Context) {
    if (!submission.videoId) return null;
    return ctx.services.videos.forPrivateVideo(ctx.viewer, submission.videoId, ctx.config.sessionSecret);
  }

  @FieldResolver(() => [AssignmentCommentView], {
    description: 'The instructor’s time-coded comments, in time order.',
  })
  comments(@Root() submission: SubmissionView, @Ctx() ctx: Context) {
    return reviews(ctx).comments(submission.id);
  }

  @Mutation(() => AssignmentCommentPayload, {
    description:
      'Adds a time-coded comment to a submission (the position usually taken from the player). userErrors: ' +
      'NOT_FOUND, FORBIDDEN (not the course’s instructor or staff), INVALID_INPUT (empty or too long, bad time).',
  })
  assignmentCommentAdd(
    @Arg('submissionId', () => ID, { description: 'The submission.' }) submissionId: string,
    @Arg('atSeconds', () => Float, { description: 'Where in the video, in seconds.' }) atSeconds: number,
    @Arg('body', { description: 'The comment (1–1000 characters).' }) body: string,
    @Ctx() ctx: Context,
  ) {
    return payload(
      async () => ({ comment: await reviews(ctx).comment(ctx.user!, submissionId, atSeconds, body) }),
      {
        comment: null as AssignmentCommentView | null,
      },
    );
  }

  @Mutation(() => AssignmentReviewPayload, {
    description:
      'Passes a submission or asks for another attempt (a note required), once: the learner is told by mail ' +
      'and in the site; passing the last required assignment of a completed course issues its certificate. ' +
      'userErrors: NOT_FOUND, FORBIDDEN, INVALID_INPUT (no note for RESUBMIT; the video is not ready), ' +
      'CONFLICT (already reviewed, or a newer attempt replaced it).',
  })
  async assignmentReview(
    @Arg('submissionId', () => ID, { description: 'The submission.' }) submissionId: string,
    @Arg('verdict', () => ReviewVerdict, { description: 'PASSED or RESUBMIT.' }) verdict: ReviewVerdict,
    @Arg('note', () => String, {
      nullable: true,
      description: 'What to keep or change (required for RESUBMIT).',
    })
    note: string | null,
    @Ctx() ctx: Context,
  ) {
    return payload(
      async () => {
        const { submission, certificateDue } = await reviews(ctx).review(
          ctx.user!,
          submissionId,
          verdict,
          note,
        );
        if (certificateDue) await issueIfCompleted(ctx, submission);
        return { submission };
      },
      { submission: null as SubmissionView | null },
    );
  }
}

/** The last required assignment passed on a course the learner has completed: its certificate now. */
async function issueIfCompleted(ctx: Context, submission: SubmissionView): Promise<void> {
  const enrollment = await enrollmentDates(ctx.em, submission.learnerId, submission.courseId);
  if (enrollment?.completedAt)
    await ctx.services.certificates.issueForCompletionWhenDue(submission.learnerId, submission.courseId);
}

export const assignmentsResolvers = [AssignmentsResolver, SubmissionsResolver];
