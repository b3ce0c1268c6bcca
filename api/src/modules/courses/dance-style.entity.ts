import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';

/** The dance style list (seeded from the spec's values; admins maintain it). */
@ObjectType()
@Entity({ tableName: 'dance_styles' })
export class DanceStyle {
  [OptionalProps]?: 'position';

  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field()
  @Unique()
  @Property({ type: 'string', length: 60 })
  name!: string;

  @Field(() => Int)
  @Property({ type: 'integer', default: 0 })
  position: number = 0;
}
