import {
  Collection,
  Entity,
  ManyToOne,
  OneToMany,
  OptionalProps,
  PrimaryKey,
  Property,
} from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { CourseModule } from './course-module.entity';
import type { Lesson } from './lesson.entity';
import { QuizQuestion } from './quiz-question.entity';

/**
 * When a learner sees a quiz's correct answers (and the explanations of questions they got wrong)
 * in an attempt's result. Which of their answers were wrong is always shown.
 */
export enum QuizShowAnswers {
  NEVER = 'never',
  AFTER_PASSING = 'after_passing',
  AFTER_LAST_ATTEMPT = 'after_last_attempt',
}

registerEnumType(QuizShowAnswers, {
  name: 'QuizShowAnswers',
  description:
    'When the correct answers of a quiz are shown to a learner: NEVER; AFTER_PASSING (with the passing ' +
    'attempt); AFTER_LAST_ATTEMPT (with the passing attempt, or the last one allowed when it fails).',
  valuesConfig: {
    NEVER: {
      description: 'Results never carry the correct options; learners only learn which answers were wrong.',
    },
    AFTER_PASSING: {
      description:
        'The passing attempt’s result carries the correct options and every explanation (the default).',
    },
    AFTER_LAST_ATTEMPT: {
      description:
        'The passing attempt’s result, or that of the last attempt allowed when it fails, carries the ' +
        'correct options and every explanation. With unlimited attempts this is the same as AFTER_PASSING.',
    },
  },
});

/** A quiz of a module (optionally tied to one of its lessons). */
@ObjectType({
  description:
    'A quiz of a module as listed in the syllabus: its settings, never its questions. Learners take it ' +
    'with the `quiz` query (QuizForLearner).',
})
@Entity({ tableName: 'quizzes' })
export class Quiz {
  [OptionalProps]?: 'position' | 'passMarkPercent' | 'attemptsAllowed' | 'showAnswers' | 'questions';

  @Field(() => ID, { description: 'The quiz id (a UUID); pass it to the `quiz` query.' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne('CourseModule', { deleteRule: 'cascade' })
  module!: CourseModule;

  @ManyToOne('Lesson', { nullable: true, deleteRule: 'set null' })
  lesson?: Lesson | null;

  @Field({ description: 'Its title, 1–200 characters.' })
  @Property({ type: 'string', length: 200 })
  title!: string;

  @Field(() => Int, { description: 'Its place among the module’s quizzes, from 0 (ascending).' })
  @Property({ type: 'integer', default: 0 })
  position: number = 0;

  @Field(() => Int, { description: 'Score needed to pass, in percent (1–100; default 70).' })
  @Property({ type: 'integer', default: 70 })
  passMarkPercent: number = 70;

  @Field(() => Int, { description: 'Attempts a learner has, 0–100; 0 means unlimited (default 3).' })
  @Property({ type: 'integer', default: 3 })
  attemptsAllowed: number = 3;

  @Field(() => QuizShowAnswers, { description: 'When learners see the correct answers.' })
  @Property({ type: 'string', length: 20, default: QuizShowAnswers.AFTER_PASSING })
  showAnswers: QuizShowAnswers = QuizShowAnswers.AFTER_PASSING;

  @OneToMany(() => QuizQuestion, (q) => q.quiz, { orderBy: { position: 'asc' } })
  questions = new Collection<QuizQuestion>(this);
}
