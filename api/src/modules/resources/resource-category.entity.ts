import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType } from 'type-graphql';

/** A category of the curriculum store (staff maintain the list). */
@ObjectType()
@Entity({ tableName: 'resource_categories' })
export class ResourceCategory {
  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field()
  @Unique()
  @Property({ type: 'string', length: 80 })
  name!: string;

  @Field()
  @Unique()
  @Property({ type: 'string', length: 100 })
  slug!: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  description?: string | null;
}
