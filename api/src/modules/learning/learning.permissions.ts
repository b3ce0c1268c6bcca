import { allow, rule } from 'graphql-shield';
import { withAudience } from '../../graphql/audience';
import type { Context } from '../../graphql/context';
import { forbidden, unauthenticated } from '../../graphql/errors';
import { isAuthenticated } from '../../graphql/rules';
import { hasAnyRole, type Role, STAFF_ROLES } from '../users';

const TEACHING_ROLES: readonly Role[] = ['instructor', ...STAFF_ROLES];

/** Instructors and staff; which courses they may act on is checked by the learning service. */
export const isInstructorOrStaff = withAudience(
  rule({ cache: 'contextual' })((_parent, _args, ctx: Context) => {
    if (!ctx.user) return unauthenticated();
    return hasAnyRole(ctx.user, TEACHING_ROLES) ? true : forbidden();
  }),
  'instructors and staff (admins, curriculum officers); an instructor acts only on their own courses',
);

/**
 * Lesson content and quizzes need a signed-in user; the service then admits only the course's
 * enrolled learners, its instructor and staff (FORBIDDEN for other members).
 */
export const learningPermissions = {
  Query: {
    lesson: isAuthenticated,
    courseModule: isAuthenticated,
    quiz: isAuthenticated,
    myEnrollments: isAuthenticated,
    instructorStudents: isInstructorOrStaff,
    instructorQuizAttempts: isInstructorOrStaff,
    instructorLearningCourses: isInstructorOrStaff,
  },
  Mutation: {
    courseEnroll: isAuthenticated,
    enrollmentGrant: isInstructorOrStaff,
    lessonComplete: isAuthenticated,
    lessonIncomplete: isAuthenticated,
    quizSubmit: isAuthenticated,
  },
  // Field map on engineer A's Course type (A owns '*').
  Course: { viewerEnrollment: allow, viewerProgress: allow },
  Enrollment: allow,
  EnrollmentConnection: allow,
  EnrollmentEdge: allow,
  EnrollmentPayload: allow,
  CourseProgress: allow,
  CourseStep: allow,
  // A field map: the practice module adds its fields (stepMarkers, myPractice).
  LessonContent: { '*': allow },
  ModuleContent: allow,
  ModuleLesson: allow,
  ModuleQuiz: allow,
  QuizForLearner: allow,
  QuestionForLearner: allow,
  QuestionResult: allow,
  QuizAttempt: allow,
  QuizAttemptConnection: allow,
  QuizAttemptEdge: allow,
  LessonProgressPayload: allow,
  QuizSubmitPayload: allow,
};
