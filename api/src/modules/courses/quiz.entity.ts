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
import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { CourseModule } from './course-module.entity';
import type { Lesson } from './lesson.entity';
import { QuizQuestion } from './quiz-question.entity';

/** A quiz of a module (optionally tied to one of its lessons). */
@ObjectType()
@Entity({ tableName: 'quizzes' })
export class Quiz {
  [OptionalProps]?: 'position' | 'passMarkPercent' | 'attemptsAllowed' | 'questions';

  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne('CourseModule', { deleteRule: 'cascade' })
  module!: CourseModule;

  @ManyToOne('Lesson', { nullable: true, deleteRule: 'set null' })
  lesson?: Lesson | null;

  @Field()
  @Property({ type: 'string', length: 200 })
  title!: string;

  @Field(() => Int)
  @Property({ type: 'integer', default: 0 })
  position: number = 0;

  @Field(() => Int, { description: 'Score needed to pass, in percent.' })
  @Property({ type: 'integer', default: 70 })
  passMarkPercent: number = 70;

  @Field(() => Int, { description: 'Attempts a learner has; 0 means unlimited.' })
  @Property({ type: 'integer', default: 3 })
  attemptsAllowed: number = 3;

  @OneToMany(() => QuizQuestion, (q) => q.quiz, { orderBy: { position: 'asc' } })
  questions = new Collection<QuizQuestion>(this);
}
