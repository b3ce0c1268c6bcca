import { GraphQLError } from 'graphql';
import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import {
  AFTER_ARG_DESCRIPTION,
  FIRST_ARG_DESCRIPTION,
  pageSize,
  toConnection,
} from '../../graphql/connection';
import { DomainError } from '../../graphql/errors';
import { payload } from '../../graphql/payload';
import { Course } from '../courses';
import {
  CourseEnrollInput,
  EnrollmentConnection,
  EnrollmentGrantInput,
  EnrollmentPayload,
  LessonContent,
  LessonProgressInput,
  LessonProgressPayload,
  ModuleContent,
  QuizAttemptConnection,
  QuizForLearner,
  QuizSubmitInput,
  QuizSubmitPayload,
} from './learning.types';

/** A refusal of a query (no payload to carry it): FORBIDDEN with the service's message. */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'FORBIDDEN') {
      throw new GraphQLError(error.message, { extensions: { code: 'FORBIDDEN' } });
    }
    throw error;
  }
}

/** A payload without its userErrors (what the work of `payload()` returns). */
type Fields<T> = Omit<T, 'userErrors'>;

const noCompletion = { lesson: null, course: null, courseCompleted: false, certificate: null };

const COURSE_ID =
  'Only this course (its id); null: all the courses listed. A course outside them gives an empty page.';

/** Learning: enrollment, lessons, progress, quizzes and the learner and instructor lists. */
@Resolver()
export class LearningResolver {
  // ------------------------------------------------------------ enrollment

  @Mutation(() => EnrollmentPayload, {
    description:
      'Enrolls the viewer in a published course: at once when it is free (source free), or when it ' +
      'is member-only and the viewer is a member (source granted); paid courses are bought through ' +
      'the cart. Idempotent: an enrollment the viewer has is returned as it is. userErrors: ' +
      'PAYMENT_REQUIRED (a paid course), MEMBERSHIP_REQUIRED (member-only, no membership), ' +
      'NOT_FOUND (unknown or unpublished course), INVALID_INPUT (empty courseId).',
  })
  courseEnroll(
    @Arg('input', { description: 'The course to enroll in.' }) input: CourseEnrollInput,
    @Ctx() ctx: Context,
  ): Promise<EnrollmentPayload> {
    return payload<Fields<EnrollmentPayload>>(
      async () => ({ enrollment: await ctx.services.learning.enroll(ctx.user!, input.courseId) }),
      { enrollment: null },
    );
  }

  @Mutation(() => EnrollmentPayload, {
    description:
      'Enrolls a user in a course (drafts too) without payment, with source granted. Idempotent: an ' +
      'enrollment the user has is returned unchanged; one whose access ended with a refund is ' +
      'opened again. userErrors: NOT_FOUND (unknown courseId or userId), FORBIDDEN (a course the ' +
      'caller does not teach, unless staff).',
  })
  enrollmentGrant(
    @Arg('input', { description: 'The course and the user.' }) input: EnrollmentGrantInput,
    @Ctx() ctx: Context,
  ): Promise<EnrollmentPayload> {
    return payload<Fields<EnrollmentPayload>>(
      async () => ({
        enrollment: await ctx.services.learning.grant(ctx.user!, input.courseId, input.userId),
      }),
      { enrollment: null },
    );
  }

  // ------------------------------------------------------------ lessons, modules, quizzes

  @Query(() => LessonContent, {
    nullable: true,
    description:
      'A lesson with its video and body, its neighbours and the viewer’s completion mark. Answers when ' +
      'the viewer is enrolled in its course, teaches it or is staff; a FORBIDDEN error for anyone else when ' +
      'the course is published; null for an unknown id or a draft course the viewer neither learns nor teaches.',
  })
  lesson(
    @Arg('id', () => ID, { description: 'The lesson id (Lesson.id).' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<LessonContent | null> {
    return refusing(() => ctx.services.learning.lesson(ctx.user!, id));
  }

  @Query(() => ModuleContent, {
    nullable: true,
    description:
      'A module with its lessons and quizzes and the viewer’s progress in them (same access as `lesson`); ' +
      'null when the module is unknown or not in that course.',
  })
  courseModule(
    @Arg('courseId', () => ID, { description: 'The course id (a UUID; not a slug).' }) courseId: string,
    @Arg('moduleId', () => ID, { description: 'The id of a module of that course.' }) moduleId: string,
    @Ctx() ctx: Context,
  ): Promise<ModuleContent | null> {
    return refusing(() => ctx.services.learning.courseModule(ctx.user!, courseId, moduleId));
  }

  @Query(() => QuizForLearner, {
    nullable: true,
    description:
      'A quiz to take: its questions without answers, and the viewer’s attempts and what is left of them ' +
      '(same access as `lesson`; null when unknown).',
  })
  quiz(
    @Arg('id', () => ID, { description: 'The quiz id (Quiz.id).' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<QuizForLearner | null> {
    return refusing(() => ctx.services.learning.quiz(ctx.user!, id));
  }

  // ------------------------------------------------------------ progress

  @Mutation(() => LessonProgressPayload, {
    description:
      'Marks a lesson complete for the viewer (idempotent). When every lesson of the course is then ' +
      'complete and every quiz passed, the course is completed: its certificate is issued (once) ' +
      "and the enrollment's completedAt is set. userErrors: NOT_FOUND (unknown lessonId, or a draft " +
      'course the viewer neither learns nor teaches), FORBIDDEN (the viewer is not enrolled in the ' +
      'course; teachers previewing it too), CONFLICT (the course requires watching and the viewer has ' +
      'not played 90% of the lesson’s video yet; see Course.requireWatching).',
  })
  lessonComplete(
    @Arg('input', { description: 'The lesson.' }) input: LessonProgressInput,
    @Ctx() ctx: Context,
  ): Promise<LessonProgressPayload> {
    return payload<Fields<LessonProgressPayload>>(
      () => ctx.services.learning.completeLesson(ctx.user!, input.lessonId),
      noCompletion,
    );
  }

  @Mutation(() => LessonProgressPayload, {
    description:
      "Removes the viewer's completion mark from a lesson (idempotent); a completed course stays " +
      'completed (its completedAt and certificate are kept). userErrors: as for lessonComplete.',
  })
  lessonIncomplete(
    @Arg('input', { description: 'The lesson.' }) input: LessonProgressInput,
    @Ctx() ctx: Context,
  ): Promise<LessonProgressPayload> {
    return payload<Fields<LessonProgressPayload>>(
      () => ctx.services.learning.uncompleteLesson(ctx.user!, input.lessonId),
      noCompletion,
    );
  }

  @Mutation(() => QuizSubmitPayload, {
    description:
      "Scores the viewer's answers on the server and stores the attempt. The results say which " +
      "answers were wrong, and carry the correct answers only when the quiz's showAnswers allows it " +
      '(answersShown). A passing attempt that leaves every lesson complete and every quiz passed ' +
      'completes the course and issues its certificate. userErrors: INVALID_INPUT on answers (a ' +
      'question unanswered or answered twice, an unknown question or option, several options for a ' +
      'single or true_false question, a quiz without questions), ALREADY_PASSED (the viewer passed ' +
      'it before), ATTEMPTS_EXHAUSTED (no attempts left), FORBIDDEN (not enrolled in the course), ' +
      'NOT_FOUND (unknown quizId, or a draft course the viewer neither learns nor teaches).',
  })
  quizSubmit(
    @Arg('input', { description: 'The quiz and the answers.' }) input: QuizSubmitInput,
    @Ctx() ctx: Context,
  ): Promise<QuizSubmitPayload> {
    return payload<Fields<QuizSubmitPayload>>(
      () => ctx.services.learning.submitQuiz(ctx.user!, input.quizId, input.answers),
      {
        attempt: null,
        results: [],
        answersShown: false,
        quiz: null,
        course: null,
        courseCompleted: false,
        certificate: null,
      },
    );
  }

  // ------------------------------------------------------------ lists

  @Query(() => EnrollmentConnection, {
    description:
      'The viewer’s enrollments that still open their course (not ended by a refund), newest first, a page at a time.',
  })
  async myEnrollments(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
  ): Promise<EnrollmentConnection> {
    return toConnection(
      await ctx.services.learning.myEnrollments(ctx.user!, { first: pageSize(first), after }),
    );
  }

  @Query(() => EnrollmentConnection, {
    description:
      'Enrollments in the viewer’s courses (staff: in every course), newest first, a page at a time; ' +
      'includes enrollments whose access ended with a refund.',
  })
  async instructorStudents(
    @Ctx() ctx: Context,
    @Arg('courseId', () => ID, { nullable: true, description: COURSE_ID }) courseId?: string,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
  ): Promise<EnrollmentConnection> {
    return toConnection(
      await ctx.services.learning.instructorStudents(ctx.user!, { first: pageSize(first), after, courseId }),
    );
  }

  @Query(() => QuizAttemptConnection, {
    description:
      'Attempts at the quizzes of the viewer’s courses (staff: of every course), newest first, a page at a time.',
  })
  async instructorQuizAttempts(
    @Ctx() ctx: Context,
    @Arg('courseId', () => ID, { nullable: true, description: COURSE_ID }) courseId?: string,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
  ): Promise<QuizAttemptConnection> {
    return toConnection(
      await ctx.services.learning.instructorQuizAttempts(ctx.user!, {
        first: pageSize(first),
        after,
        courseId,
      }),
    );
  }

  @Query(() => [Course], {
    description:
      'The courses whose students and quiz attempts the viewer can list (their own; staff: every course), by title.',
  })
  instructorLearningCourses(@Ctx() ctx: Context): Promise<Course[]> {
    return ctx.services.learning.teachingCourses(ctx.user!);
  }
}
