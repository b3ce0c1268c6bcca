import { Reference } from '@mikro-orm/core';
import { Ctx, FieldResolver, ID, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { Course } from '../courses';
import { User } from '../users';
import { Enrollment } from './enrollment.entity';
import { CourseProgress } from './learning.types';
import { QuizAttempt } from './quiz-attempt.entity';

/** Loads a to-one relation if it is only a reference (batched by MikroORM's dataloader). */
function loaded<T extends object>(entity: T): Promise<T> {
  return Reference.create(entity).load() as Promise<T>;
}

/** The learner's fields of a course (engineer A's Course type). */
@Resolver(() => Course)
export class CourseLearningResolver {
  @FieldResolver(() => Enrollment, {
    nullable: true,
    description:
      'The viewer’s enrollment in this course; null when signed out, not enrolled, or when access ended with a refund.',
  })
  viewerEnrollment(@Root() course: Course, @Ctx() ctx: Context): Promise<Enrollment | null> | null {
    return ctx.user ? ctx.services.learning.enrollmentFor(ctx.user.id, course.id) : null;
  }

  @FieldResolver(() => CourseProgress, {
    nullable: true,
    description:
      'The viewer’s progress in this course; null when signed out or not enrolled (as viewerEnrollment).',
  })
  viewerProgress(@Root() course: Course, @Ctx() ctx: Context): Promise<CourseProgress | null> {
    return ctx.services.learning.viewerProgress(ctx.user, course.id);
  }
}

@Resolver(() => Enrollment)
export class EnrollmentFieldsResolver {
  @FieldResolver(() => Course, { description: 'The course.' })
  course(@Root() enrollment: Enrollment): Promise<Course> {
    return loaded(enrollment.course);
  }

  @FieldResolver(() => User, { description: 'The learner.' })
  user(@Root() enrollment: Enrollment): Promise<User> {
    return loaded(enrollment.user);
  }

  @FieldResolver(() => CourseProgress, { description: "The learner's progress in the course." })
  progress(@Root() enrollment: Enrollment, @Ctx() ctx: Context): Promise<CourseProgress> {
    return ctx.services.learning.progressFor(enrollment.user.id, enrollment.course.id);
  }
}

@Resolver(() => QuizAttempt)
export class QuizAttemptFieldsResolver {
  @FieldResolver(() => User, { description: 'The learner who submitted it.' })
  user(@Root() attempt: QuizAttempt): Promise<User> {
    return loaded(attempt.user);
  }

  @FieldResolver(() => ID, { description: 'The quiz (its id).' })
  quizId(@Root() attempt: QuizAttempt): string {
    return attempt.quiz.id;
  }

  @FieldResolver(() => String, { description: 'The quiz’s current title.' })
  async quizTitle(@Root() attempt: QuizAttempt): Promise<string> {
    return (await loaded(attempt.quiz)).title;
  }

  @FieldResolver(() => Course, { description: 'The course of the quiz.' })
  async course(@Root() attempt: QuizAttempt): Promise<Course> {
    const quiz = await loaded(attempt.quiz);
    const module = await loaded(quiz.module);
    return loaded(module.course);
  }
}

/** Registered in graphql/schema.ts next to LearningResolver. */
export const learningFieldResolvers = [
  CourseLearningResolver,
  EnrollmentFieldsResolver,
  QuizAttemptFieldsResolver,
] as const;
