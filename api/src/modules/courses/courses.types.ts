import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { Course } from './course.entity';
import { QuestionOption } from './quiz-question.entity';
import { QuizShowAnswers } from './quiz.entity';

export enum CourseSort {
  NEWEST = 'NEWEST',
  TITLE = 'TITLE',
  PRICE_ASC = 'PRICE_ASC',
  PRICE_DESC = 'PRICE_DESC',
  RELEVANCE = 'RELEVANCE',
}

registerEnumType(CourseSort, {
  name: 'CourseSort',
  description:
    'Order of a course list. RELEVANCE ranks by the text search (without a search it falls back to NEWEST).',
});

export enum CoursePrice {
  FREE = 'FREE',
  PAID = 'PAID',
}

registerEnumType(CoursePrice, { name: 'CoursePrice', description: 'Free (price 0) or paid courses.' });

@InputType({ description: 'Filters of the course catalogue; every given filter must match.' })
export class CourseFilter {
  @Field(() => ID, { nullable: true })
  danceStyleId?: string | null;

  @Field(() => String, { nullable: true, description: 'One of referenceLists.skillLevels.' })
  skillLevel?: string | null;

  @Field(() => String, { nullable: true, description: 'One of referenceLists.ageGroups.' })
  ageGroup?: string | null;

  @Field(() => ID, { nullable: true })
  categoryId?: string | null;

  @Field(() => CoursePrice, { nullable: true })
  price?: CoursePrice | null;

  @Field(() => String, {
    nullable: true,
    description: 'Full-text search over title, summary and description (web search syntax).',
  })
  search?: string | null;
}

@ObjectType()
export class CourseConnection extends Connection(Course, 'Course') {}

/** A course as its instructor sees it on the dashboard: with its enrollment figures. */
@ObjectType({ description: 'One of my taught courses with its enrollment figures.' })
export class TaughtCourse {
  @Field(() => Course)
  course!: Course;

  @Field(() => Int)
  enrollmentCount!: number;

  @Field(() => Int, { description: 'Enrollments whose learner completed the course.' })
  completionCount!: number;
}

// Authoring view: the full content of a course, for its instructor and staff only.

@ObjectType({ description: 'A quiz question with its answers (authoring view).' })
export class AuthoringQuizQuestion {
  @Field(() => ID)
  id!: string;

  @Field()
  prompt!: string;

  @Field(() => String, { description: 'single, multiple or true_false' })
  kind!: string;

  @Field(() => [QuestionOption])
  options!: QuestionOption[];

  @Field(() => [ID], { description: 'Ids of the correct options.' })
  correctOptionIds!: string[];

  @Field(() => String, { nullable: true })
  explanation?: string | null;

  @Field(() => Int)
  position!: number;
}

@ObjectType({ description: 'A quiz with its questions and answers (authoring view).' })
export class AuthoringQuiz {
  @Field(() => ID)
  id!: string;

  @Field()
  title!: string;

  @Field(() => Int)
  position!: number;

  @Field(() => Int)
  passMarkPercent!: number;

  @Field(() => Int, { description: '0 means unlimited.' })
  attemptsAllowed!: number;

  @Field(() => QuizShowAnswers, { description: 'When learners see the correct answers.' })
  showAnswers!: QuizShowAnswers;

  @Field(() => ID, { nullable: true, description: 'The lesson of the module this quiz follows, if any.' })
  lessonId?: string | null;

  @Field(() => [AuthoringQuizQuestion])
  questions!: AuthoringQuizQuestion[];
}

@ObjectType({ description: 'A lesson with its content (authoring view).' })
export class AuthoringLesson {
  @Field(() => ID)
  id!: string;

  @Field()
  title!: string;

  @Field(() => Int)
  position!: number;

  @Field(() => String, { nullable: true, description: 'YouTube links are stored as embed links.' })
  videoUrl?: string | null;

  @Field()
  body!: string;

  @Field(() => Int)
  durationMinutes!: number;
}

@ObjectType({ description: 'A module with its lessons and quizzes (authoring view).' })
export class AuthoringModule {
  @Field(() => ID)
  id!: string;

  @Field()
  title!: string;

  @Field(() => Int)
  position!: number;

  @Field(() => [AuthoringLesson])
  lessons!: AuthoringLesson[];

  @Field(() => [AuthoringQuiz])
  quizzes!: AuthoringQuiz[];
}
