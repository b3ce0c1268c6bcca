import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';

/** The dance style list (seeded from the spec's values; admins maintain it). */
@ObjectType({
  description: 'An entry of the dance style list (seeded from the product’s list; staff maintain it).',
})
@Entity({ tableName: 'dance_styles' })
export class DanceStyle {
  [OptionalProps]?: 'position';

  @Field(() => ID, { description: 'The dance style id (a UUID).' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field({ description: 'Its name, 1–60 characters, unique regardless of case (e.g. Ballet).' })
  @Unique()
  @Property({ type: 'string', length: 60 })
  name!: string;

  @Field(() => Int, {
    description: 'Place in the list, 0–10 000: lists are sorted by position, then name.',
  })
  @Property({ type: 'integer', default: 0 })
  position: number = 0;
}
