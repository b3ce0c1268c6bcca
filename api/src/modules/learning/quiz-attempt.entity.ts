import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Quiz } from '../courses/quiz.entity';
import { User } from '../users/user.entity';

/** A submitted quiz: the answers (question id → option ids) and the score computed on the server. */
@ObjectType()
@Entity({ tableName: 'quiz_attempts' })
@Index({ properties: ['quiz', 'user'] })
export class QuizAttempt {
  [OptionalProps]?: 'createdAt';

  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Quiz, { deleteRule: 'cascade' })
  quiz!: Quiz;

  @Field(() => User)
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'json' })
  answers!: Record<string, string[]>;

  @Field(() => Int)
  @Property({ type: 'integer' })
  scorePercent!: number;

  @Field()
  @Property({ type: 'boolean' })
  passed!: boolean;

  @Field()
  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
