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
  valuesConfig: {
    NEWEST: { description: 'Newest first (by creation time).' },
    TITLE: { description: 'By title, A to Z, ignoring case.' },
    PRICE_ASC: { description: 'Cheapest first; equal prices newest first.' },
    PRICE_DESC: { description: 'Most expensive first; equal prices newest first.' },
    RELEVANCE: {
      description:
        'Best full-text match of filter.search first, then newest; NEWEST when there is no search.',
    },
  },
});

export enum CoursePrice {
  FREE = 'FREE',
  PAID = 'PAID',
}

registerEnumType(CoursePrice, {
  name: 'CoursePrice',
  description: 'Free (price 0) or paid courses.',
  valuesConfig: {
    FREE: { description: 'Courses whose priceCents is 0.' },
    PAID: { description: 'Courses whose priceCents is more than 0.' },
  },
});

@InputType({ description: 'Filters of the course catalogue; every given filter must match.' })
export class CourseFilter {
  @Field(() => ID, {
    nullable: true,
    description: 'Only courses of this dance style (a DanceStyle id); null or empty: any style.',
  })
  danceStyleId?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Only courses of this skill level, one of referenceLists.skillLevels (exact match); null or empty: any.',
  })
  skillLevel?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Only courses for this age group, one of referenceLists.ageGroups (exact match); null or empty: any.',
  })
  ageGroup?: string | null;

  @Field(() => ID, {
    nullable: true,
    description: 'Only courses of this category (a CourseCategory id); null or empty: any category.',
  })
  categoryId?: string | null;

  @Field(() => CoursePrice, { nullable: true, description: 'Only free or only paid courses; null: both.' })
  price?: CoursePrice | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Full-text search over title, summary and description (English stemming, web search syntax: ' +
      '"quoted phrase", OR, -word); a title containing the text also matches. Trimmed, at most the first ' +
      '200 characters are used; empty means no search.',
  })
  search?: string | null;
}

@ObjectType({ description: 'A page of courses (Relay connection); totalCount counts every match.' })
export class CourseConnection extends Connection(Course, 'Course') {}

/** A course as its instructor sees it on the dashboard: with its enrollment figures. */
@ObjectType({ description: 'One of my taught courses with its enrollment figures.' })
export class TaughtCourse {
  @Field(() => Course, { description: 'The course (drafts included).' })
  course!: Course;

  @Field(() => Int, {
    description: 'Enrollments in the course, including ones whose access ended with a refund.',
  })
  enrollmentCount!: number;

  @Field(() => Int, { description: 'Enrollments whose learner completed the course.' })
  completionCount!: number;
}

// Authoring view: the full content of a course, for its instructor and staff only.

@ObjectType({ description: 'A quiz question with its answers (authoring view).' })
export class AuthoringQuizQuestion {
  @Field(() => ID, { description: 'The question id (a UUID).' })
  id!: string;

  @Field({ description: 'The question text, 1–2000 characters.' })
  prompt!: string;

  @Field(() => String, {
    description:
      'single (exactly one correct option), multiple (one or more) or true_false (options True and False, one correct).',
  })
  kind!: string;

  @Field(() => [QuestionOption], { description: 'Its 2–10 answer options, in the order learners see them.' })
  options!: QuestionOption[];

  @Field(() => [ID], { description: 'Ids of the correct options (ids of `options`).' })
  correctOptionIds!: string[];

  @Field(() => String, {
    nullable: true,
    description:
      'Shown to learners with an attempt’s result (see QuestionResult.explanation); null when none.',
  })
  explanation?: string | null;

  @Field(() => Int, { description: 'Its place in the quiz, from 0 (ascending).' })
  position!: number;
}

@ObjectType({ description: 'A quiz with its questions and answers (authoring view).' })
export class AuthoringQuiz {
  @Field(() => ID, { description: 'The quiz id (a UUID).' })
  id!: string;

  @Field({ description: 'Its title, 1–200 characters.' })
  title!: string;

  @Field(() => Int, { description: 'Its place among the module’s quizzes, from 0 (ascending).' })
  position!: number;

  @Field(() => Int, { description: 'Score needed to pass, in percent (1–100).' })
  passMarkPercent!: number;

  @Field(() => Int, { description: 'Attempts a learner has, 0–100; 0 means unlimited.' })
  attemptsAllowed!: number;

  @Field(() => QuizShowAnswers, { description: 'When learners see the correct answers.' })
  showAnswers!: QuizShowAnswers;

  @Field(() => ID, { nullable: true, description: 'The lesson of the module this quiz follows, if any.' })
  lessonId?: string | null;

  @Field(() => [AuthoringQuizQuestion], { description: 'Its questions with their answers, in order.' })
  questions!: AuthoringQuizQuestion[];
}

@ObjectType({ description: 'A lesson with its content (authoring view).' })
export class AuthoringLesson {
  @Field(() => ID, { description: 'The lesson id (a UUID).' })
  id!: string;

  @Field({ description: 'Its title, 1–200 characters.' })
  title!: string;

  @Field(() => Int, { description: 'Its place in its module, from 0 (ascending).' })
  position!: number;

  @Field(() => String, {
    nullable: true,
    description: 'The video: an http(s) URL (YouTube links are stored as embed links); null when none.',
  })
  videoUrl?: string | null;

  @Field({
    description:
      'The lesson text, up to 50 000 characters: plain text, paragraphs separated by blank lines; empty when none.',
  })
  body!: string;

  @Field(() => Int, { description: 'Its length in whole minutes, 0–1440.' })
  durationMinutes!: number;
}

@ObjectType({ description: 'A module with its lessons and quizzes (authoring view).' })
export class AuthoringModule {
  @Field(() => ID, { description: 'The module id (a UUID).' })
  id!: string;

  @Field({ description: 'Its title, 1–200 characters.' })
  title!: string;

  @Field(() => Int, { description: 'Its place in the course, from 0 (ascending).' })
  position!: number;

  @Field(() => [AuthoringLesson], { description: 'Its lessons with their content, in order.' })
  lessons!: AuthoringLesson[];

  @Field(() => [AuthoringQuiz], { description: 'Its quizzes with their questions and answers, in order.' })
  quizzes!: AuthoringQuiz[];
}
