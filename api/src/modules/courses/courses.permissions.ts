import { allow, rule } from 'graphql-shield';
import { withAudience } from '../../graphql/audience';
import type { Context } from '../../graphql/context';
import { forbidden, unauthenticated } from '../../graphql/errors';
import { isStaff } from '../../graphql/rules';
import { canEditCourse, isCourseAuthor } from './course-access';
import type { Course } from './course.entity';

/** Instructors and staff (who author courses); ownership is checked by the services. */
const isAuthor = withAudience(
  rule({ cache: 'contextual' })((_parent, _args, ctx: Context) => {
    if (!ctx.user) return unauthenticated();
    return isCourseAuthor(ctx.user) ? true : forbidden();
  }),
  'instructors and staff (admins, curriculum officers); an instructor acts only on their own courses',
);

/**
 * A field of a course readable only by its instructor and staff (lesson bodies, answers, its
 * certificate template).
 */
const isCourseEditor = rule({ cache: 'no_cache' })((parent: Course, _args, ctx: Context) => {
  if (!ctx.user) return unauthenticated();
  return canEditCourse(ctx.user, parent) ? true : forbidden();
});

export const coursesPermissions = {
  Query: {
    courses: allow,
    course: allow,
    courseCategories: allow,
    danceStyles: allow,
    instructorCourse: isAuthor,
    myTaughtCourses: isAuthor,
    adminCourses: isStaff,
    courseInstructorCandidates: isStaff,
  },
  Mutation: {
    courseCreate: isAuthor,
    courseUpdate: isAuthor,
    coursePublish: isAuthor,
    courseDelete: isAuthor,
    courseAssignInstructor: isStaff,
    moduleCreate: isAuthor,
    moduleUpdate: isAuthor,
    moduleDelete: isAuthor,
    modulesReorder: isAuthor,
    lessonCreate: isAuthor,
    lessonUpdate: isAuthor,
    lessonDelete: isAuthor,
    lessonsReorder: isAuthor,
    quizCreate: isAuthor,
    quizUpdate: isAuthor,
    quizDelete: isAuthor,
    quizQuestionCreate: isAuthor,
    quizQuestionUpdate: isAuthor,
    quizQuestionDelete: isAuthor,
    quizQuestionsReorder: isAuthor,
    courseCategoryCreate: isStaff,
    courseCategoryUpdate: isStaff,
    courseCategoryDelete: isStaff,
    danceStyleCreate: isStaff,
    danceStyleUpdate: isStaff,
    danceStyleDelete: isStaff,
  },
  // Shared types are field maps so the learning and certificates modules can add their fields.
  Course: { '*': allow, curriculum: isCourseEditor, certificateTemplate: isCourseEditor },
  // Content types list their public fields one by one: a field added later (a lesson body for
  // learners) is denied until its module gives it a rule.
  CourseModule: { id: allow, title: allow, position: allow, lessons: allow, quizzes: allow },
  Lesson: { id: allow, title: allow, position: allow, durationMinutes: allow },
  Quiz: {
    id: allow,
    title: allow,
    position: allow,
    passMarkPercent: allow,
    attemptsAllowed: allow,
    showAnswers: allow,
  },
  DanceStyle: { '*': allow },
  CourseCategory: { '*': allow },
  CourseConnection: allow,
  CourseEdge: allow,
  TaughtCourse: allow,
  // Reachable only through instructorCourse / Course.curriculum and the authoring mutations.
  AuthoringModule: allow,
  AuthoringLesson: allow,
  AuthoringQuiz: allow,
  AuthoringQuizQuestion: allow,
  QuestionOption: { '*': allow },
  CoursePayload: allow,
  CourseDeletePayload: allow,
  ModulePayload: allow,
  LessonPayload: allow,
  QuizPayload: allow,
  QuizQuestionPayload: allow,
  CourseContentDeletePayload: allow,
  CourseContentReorderPayload: allow,
  CourseCategoryPayload: allow,
  CourseCategoryDeletePayload: allow,
  DanceStylePayload: allow,
  DanceStyleDeletePayload: allow,
};
