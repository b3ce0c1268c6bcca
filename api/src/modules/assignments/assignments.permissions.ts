import { rule } from 'graphql-shield';
import { withAudience } from '../../graphql/audience';
import type { Context } from '../../graphql/context';
import { forbidden, unauthenticated } from '../../graphql/errors';
import { isAuthenticated } from '../../graphql/rules';
import { isCourseAuthor } from '../courses';

/** Instructors and staff; the services admit only the course's own instructor and staff. */
const isAuthor = withAudience(
  rule({ cache: 'contextual' })((_parent, _args, ctx: Context) => {
    if (!ctx.user) return unauthenticated();
    return isCourseAuthor(ctx.user) ? true : forbidden();
  }),
  'instructors and staff (admins, curriculum officers); an instructor acts only on their own courses',
);

/**
 * Video assignments. Reads are for signed-in users; the services show a course's assignments to
 * its teachers and enrolled learners only, a submission to its learner and the course's teachers.
 * Submitting is an upload (tus, /api/videos/uploads with `assignmentId`), not a mutation.
 */
export const assignmentsPermissions = {
  Query: {
    courseAssignments: isAuthenticated,
    assignment: isAuthenticated,
    courseRequiresAssignments: isAuthenticated,
    assignmentSubmission: isAuthenticated,
    assignmentReviewQueue: isAuthor,
    courseAssignmentStats: isAuthor,
  },
  Mutation: {
    assignmentCreate: isAuthor,
    assignmentUpdate: isAuthor,
    assignmentRemove: isAuthor,
    setCourseRequireAssignments: isAuthor,
    assignmentCommentAdd: isAuthor,
    assignmentReview: isAuthor,
  },
  Assignment: isAuthenticated,
  AssignmentSubmission: isAuthenticated,
  AssignmentComment: isAuthenticated,
  AssignmentStats: isAuthenticated,
  AssignmentPayload: isAuthenticated,
  AssignmentRemovePayload: isAuthenticated,
  AssignmentReviewPayload: isAuthenticated,
  AssignmentCommentPayload: isAuthenticated,
  CourseAssignmentRulePayload: isAuthenticated,
};
