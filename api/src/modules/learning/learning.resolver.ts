import { GraphQLError } from 'graphql';
import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { pageSize, toConnection } from '../../graphql/connection';
import { DomainError } from '../../graphql/errors';
import { payload } from '../../graphql/payload';
import { Course } from '../courses/course.entity';
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

/** Learning: enrollment, lessons, progress, quizzes and the learner and instructor lists. */
@Resolver()
export class LearningResolver {
  // ------------------------------------------------------------ enrollment

  @Mutation(() => EnrollmentPayload, {
    description:
      'Enrolls me in a published free course (idempotent). Paid courses answer PAYMENT_REQUIRED, ' +
      'member-only courses MEMBERSHIP_REQUIRED (staff may enter them), unknown ones NOT_FOUND.',
  })
  courseEnroll(@Arg('input') input: CourseEnrollInput, @Ctx() ctx: Context): Promise<EnrollmentPayload> {
    return payload<Fields<EnrollmentPayload>>(
      async () => ({ enrollment: await ctx.services.learning.enroll(ctx.user!, input.courseId) }),
      { enrollment: null },
    );
  }

  @Mutation(() => EnrollmentPayload, {
    description: "Gives a user access to a course (the course's instructor or staff); idempotent.",
  })
  enrollmentGrant(
    @Arg('input') input: EnrollmentGrantInput,
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
      "A lesson with its video and body: for the course's enrolled learners, its instructor and staff. " +
      'Other members get a FORBIDDEN error; null when unknown.',
  })
  lesson(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<LessonContent | null> {
    return refusing(() => ctx.services.learning.lesson(ctx.user!, id));
  }

  @Query(() => ModuleContent, {
    nullable: true,
    description: 'A module with its lessons and quizzes and my progress in them (same access as lesson).',
  })
  courseModule(
    @Arg('courseId', () => ID) courseId: string,
    @Arg('moduleId', () => ID) moduleId: string,
    @Ctx() ctx: Context,
  ): Promise<ModuleContent | null> {
    return refusing(() => ctx.services.learning.courseModule(ctx.user!, courseId, moduleId));
  }

  @Query(() => QuizForLearner, {
    nullable: true,
    description: 'A quiz to take, without its answers (same access as lesson).',
  })
  quiz(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<QuizForLearner | null> {
    return refusing(() => ctx.services.learning.quiz(ctx.user!, id));
  }

  // ------------------------------------------------------------ progress

  @Mutation(() => LessonProgressPayload, {
    description: 'Marks a lesson complete for me (enrolled learners; idempotent).',
  })
  lessonComplete(
    @Arg('input') input: LessonProgressInput,
    @Ctx() ctx: Context,
  ): Promise<LessonProgressPayload> {
    return payload<Fields<LessonProgressPayload>>(
      () => ctx.services.learning.completeLesson(ctx.user!, input.lessonId),
      noCompletion,
    );
  }

  @Mutation(() => LessonProgressPayload, {
    description: 'Marks a lesson not complete for me; a completed course stays completed.',
  })
  lessonIncomplete(
    @Arg('input') input: LessonProgressInput,
    @Ctx() ctx: Context,
  ): Promise<LessonProgressPayload> {
    return payload<Fields<LessonProgressPayload>>(
      () => ctx.services.learning.uncompleteLesson(ctx.user!, input.lessonId),
      noCompletion,
    );
  }

  @Mutation(() => QuizSubmitPayload, {
    description:
      'Submits my answers: scored on the server; the result says which answers were wrong, and carries the ' +
      "correct answers only when the quiz's showAnswers allows it (answersShown). Refused when " +
      'no attempts are left (ATTEMPTS_EXHAUSTED) or the quiz is already passed (ALREADY_PASSED).',
  })
  quizSubmit(@Arg('input') input: QuizSubmitInput, @Ctx() ctx: Context): Promise<QuizSubmitPayload> {
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

  @Query(() => EnrollmentConnection, { description: 'My enrollments, newest first.' })
  async myEnrollments(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ): Promise<EnrollmentConnection> {
    return toConnection(
      await ctx.services.learning.myEnrollments(ctx.user!, { first: pageSize(first), after }),
    );
  }

  @Query(() => EnrollmentConnection, {
    description: 'Enrollments in my courses (staff: every course), newest first.',
  })
  async instructorStudents(
    @Ctx() ctx: Context,
    @Arg('courseId', () => ID, { nullable: true }) courseId?: string,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ): Promise<EnrollmentConnection> {
    return toConnection(
      await ctx.services.learning.instructorStudents(ctx.user!, { first: pageSize(first), after, courseId }),
    );
  }

  @Query(() => QuizAttemptConnection, {
    description: 'Attempts at the quizzes of my courses (staff: every course), newest first.',
  })
  async instructorQuizAttempts(
    @Ctx() ctx: Context,
    @Arg('courseId', () => ID, { nullable: true }) courseId?: string,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
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
    description: 'The courses whose students and quiz attempts I may list (staff: all), by title.',
  })
  instructorLearningCourses(@Ctx() ctx: Context): Promise<Course[]> {
    return ctx.services.learning.teachingCourses(ctx.user!);
  }
}
