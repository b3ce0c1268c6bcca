import { Field, ID, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors';
import { CourseCategory } from './course-category.entity';
import { Course } from './course.entity';
import { DanceStyle } from './dance-style.entity';
import { AuthoringLesson, AuthoringModule, AuthoringQuiz, AuthoringQuizQuestion } from './courses.types';

const USER_ERRORS = 'Expected failures (code, field, message); empty when the change was made.';

@ObjectType({ description: 'The created or changed course.' })
export class CoursePayload {
  @Field(() => Course, {
    nullable: true,
    description: 'The course as saved; null when userErrors is not empty.',
  })
  course?: Course | null;

  @Field(() => [UserError], { description: USER_ERRORS })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of courseDelete.' })
export class CourseDeletePayload {
  @Field(() => ID, {
    nullable: true,
    description: 'The id of the deleted course; null when nothing was deleted.',
  })
  deletedCourseId?: string | null;

  @Field(() => [UserError], { description: USER_ERRORS })
  userErrors!: UserError[];
}

@ObjectType({
  description: 'The created or changed module, and its course (select `curriculum` to refresh).',
})
export class ModulePayload {
  @Field(() => AuthoringModule, {
    nullable: true,
    description: 'The module with its content; null when userErrors is not empty.',
  })
  module?: AuthoringModule | null;

  @Field(() => Course, { nullable: true, description: 'Its course; null when userErrors is not empty.' })
  course?: Course | null;

  @Field(() => [UserError], { description: USER_ERRORS })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The created or changed lesson, and its course.' })
export class LessonPayload {
  @Field(() => AuthoringLesson, {
    nullable: true,
    description: 'The lesson with its content; null when userErrors is not empty.',
  })
  lesson?: AuthoringLesson | null;

  @Field(() => Course, { nullable: true, description: 'Its course; null when userErrors is not empty.' })
  course?: Course | null;

  @Field(() => [UserError], { description: USER_ERRORS })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The created or changed quiz, and its course.' })
export class QuizPayload {
  @Field(() => AuthoringQuiz, {
    nullable: true,
    description: 'The quiz with its questions and answers; null when userErrors is not empty.',
  })
  quiz?: AuthoringQuiz | null;

  @Field(() => Course, { nullable: true, description: 'Its course; null when userErrors is not empty.' })
  course?: Course | null;

  @Field(() => [UserError], { description: USER_ERRORS })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The created or changed question, and its course.' })
export class QuizQuestionPayload {
  @Field(() => AuthoringQuizQuestion, {
    nullable: true,
    description: 'The question with its answers; null when userErrors is not empty.',
  })
  question?: AuthoringQuizQuestion | null;

  @Field(() => Course, { nullable: true, description: 'Its course; null when userErrors is not empty.' })
  course?: Course | null;

  @Field(() => [UserError], { description: USER_ERRORS })
  userErrors!: UserError[];
}

@ObjectType({ description: 'A module, lesson, quiz or question was deleted; its course as it is now.' })
export class CourseContentDeletePayload {
  @Field(() => ID, {
    nullable: true,
    description: 'The id of what was deleted; null when nothing was deleted.',
  })
  deletedId?: string | null;

  @Field(() => Course, {
    nullable: true,
    description: 'The course it belonged to; null when userErrors is not empty.',
  })
  course?: Course | null;

  @Field(() => [UserError], { description: USER_ERRORS })
  userErrors!: UserError[];
}

@ObjectType({ description: 'Modules, lessons or questions were reordered; their course as it is now.' })
export class CourseContentReorderPayload {
  @Field(() => Course, {
    nullable: true,
    description: 'The course (select `curriculum` for the new order); null when userErrors is not empty.',
  })
  course?: Course | null;

  @Field(() => [UserError], { description: USER_ERRORS })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The created or changed course category.' })
export class CourseCategoryPayload {
  @Field(() => CourseCategory, {
    nullable: true,
    description: 'The category as saved; null when userErrors is not empty.',
  })
  category?: CourseCategory | null;

  @Field(() => [UserError], { description: USER_ERRORS })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of courseCategoryDelete.' })
export class CourseCategoryDeletePayload {
  @Field(() => ID, {
    nullable: true,
    description: 'The id of the deleted category; null when nothing was deleted.',
  })
  deletedCategoryId?: string | null;

  @Field(() => [UserError], { description: USER_ERRORS })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The created or changed dance style.' })
export class DanceStylePayload {
  @Field(() => DanceStyle, {
    nullable: true,
    description: 'The dance style as saved; null when userErrors is not empty.',
  })
  danceStyle?: DanceStyle | null;

  @Field(() => [UserError], { description: USER_ERRORS })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of danceStyleDelete.' })
export class DanceStyleDeletePayload {
  @Field(() => ID, {
    nullable: true,
    description: 'The id of the deleted dance style; null when nothing was deleted.',
  })
  deletedDanceStyleId?: string | null;

  @Field(() => [UserError], { description: USER_ERRORS })
  userErrors!: UserError[];
}
