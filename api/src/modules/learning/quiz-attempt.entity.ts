import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Quiz } from '../courses';
import { User } from '../users';

/** A submitted quiz: the answers (question id → option ids) and the score computed on the server. */
@ObjectType({ description: 'One submitted attempt at a quiz, scored on the server.' })
@Entity({ tableName: 'quiz_attempts' })
@Index({ properties: ['quiz', 'user'] })
export class QuizAttempt {
  [OptionalProps]?: 'createdAt';

  @Field(() => ID, { description: 'The attempt id (a UUID).' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Quiz, { deleteRule: 'cascade' })
  quiz!: Quiz;

  @Field(() => User, { description: 'The learner who submitted it.' })
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'json' })
  answers!: Record<string, string[]>;

  @Field(() => Int, {
    description: 'The score in percent, 0–100: round(100 × questions answered correctly / questions).',
  })
  @Property({ type: 'integer' })
  scorePercent!: number;

  @Field({ description: 'The score reached the quiz’s pass mark (as it was when submitted).' })
  @Property({ type: 'boolean' })
  passed!: boolean;

  @Field({ description: 'When it was submitted (ISO-8601 instant, UTC).' })
  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
