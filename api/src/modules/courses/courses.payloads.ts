import { Field, ID, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors';
import { CourseCategory } from './course-category.entity';
import { Course } from './course.entity';
import { DanceStyle } from './dance-style.entity';
import { AuthoringLesson, AuthoringModule, AuthoringQuiz, AuthoringQuizQuestion } from './courses.types';

@ObjectType({ description: 'The created or changed course.' })
export class CoursePayload {
  @Field(() => Course, { nullable: true })
  course?: Course | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType()
export class CourseDeletePayload {
  @Field(() => ID, { nullable: true })
  deletedCourseId?: string | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType({
  description: 'The created or changed module, and its course (select `curriculum` to refresh).',
})
export class ModulePayload {
  @Field(() => AuthoringModule, { nullable: true })
  module?: AuthoringModule | null;

  @Field(() => Course, { nullable: true })
  course?: Course | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType({ description: 'The created or changed lesson, and its course.' })
export class LessonPayload {
  @Field(() => AuthoringLesson, { nullable: true })
  lesson?: AuthoringLesson | null;

  @Field(() => Course, { nullable: true })
  course?: Course | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType({ description: 'The created or changed quiz, and its course.' })
export class QuizPayload {
  @Field(() => AuthoringQuiz, { nullable: true })
  quiz?: AuthoringQuiz | null;

  @Field(() => Course, { nullable: true })
  course?: Course | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType({ description: 'The created or changed question, and its course.' })
export class QuizQuestionPayload {
  @Field(() => AuthoringQuizQuestion, { nullable: true })
  question?: AuthoringQuizQuestion | null;

  @Field(() => Course, { nullable: true })
  course?: Course | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType({ description: 'A module, lesson, quiz or question was deleted; its course as it is now.' })
export class CourseContentDeletePayload {
  @Field(() => ID, { nullable: true })
  deletedId?: string | null;

  @Field(() => Course, { nullable: true })
  course?: Course | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType({ description: 'Modules, lessons or questions were reordered; their course as it is now.' })
export class CourseContentReorderPayload {
  @Field(() => Course, { nullable: true })
  course?: Course | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType()
export class CourseCategoryPayload {
  @Field(() => CourseCategory, { nullable: true })
  category?: CourseCategory | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType()
export class CourseCategoryDeletePayload {
  @Field(() => ID, { nullable: true })
  deletedCategoryId?: string | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType()
export class DanceStylePayload {
  @Field(() => DanceStyle, { nullable: true })
  danceStyle?: DanceStyle | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType()
export class DanceStyleDeletePayload {
  @Field(() => ID, { nullable: true })
  deletedDanceStyleId?: string | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}
