import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { Quiz } from './quiz.entity';

export type QuestionKind = 'single' | 'multiple' | 'true_false';

@ObjectType({
  description: 'An answer option of a quiz question (whether it is correct is never part of it).',
})
export class QuestionOption {
  @Field(() => ID, {
    description:
      'The option id (made by the server; kept while the option is kept). Send it in QuizAnswerInput.optionIds.',
  })
  id!: string;

  @Field({ description: 'The option text, 1–300 characters (True or False for a true_false question).' })
  text!: string;
}

/**
 * One question. `correctOptionIds` is never a GraphQL field of this type: answers reach a learner
 * only through an attempt's result, after submission.
 */
@ObjectType()
@Entity({ tableName: 'quiz_questions' })
export class QuizQuestion {
  [OptionalProps]?: 'position';

  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne('Quiz', { deleteRule: 'cascade' })
  quiz!: Quiz;

  @Field()
  @Property({ type: 'text' })
  prompt!: string;

  @Field(() => String, { description: 'single, multiple or true_false' })
  @Property({ type: 'string', length: 20 })
  kind!: QuestionKind;

  @Field(() => [QuestionOption])
  @Property({ type: 'json' })
  options!: QuestionOption[];

  @Property({ type: 'json', hidden: true })
  correctOptionIds!: string[];

  @Field(() => String, { nullable: true, description: 'Shown with the result after submission.' })
  @Property({ type: 'text', nullable: true })
  explanation?: string | null;

  @Field(() => Int)
  @Property({ type: 'integer', default: 0 })
  position: number = 0;
}
