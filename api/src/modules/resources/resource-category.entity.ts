import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType } from 'type-graphql';

/** A category of the curriculum store (staff maintain the list). */
@ObjectType({ description: 'A category of the curriculum store; staff maintain the list.' })
@Entity({ tableName: 'resource_categories' })
export class ResourceCategory {
  @Field(() => ID, { description: 'The category’s id (ResourceFilter.categoryId takes it).' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field({ description: 'The name, unique, 1 to 80 characters.' })
  @Unique()
  @Property({ type: 'string', length: 80 })
  name!: string;

  @Field({
    description:
      'Unique URL name derived from the name (lower-case words joined by hyphens, with -2, -3… when taken); changes when the name does. resourceCategory(id) also takes it.',
  })
  @Unique()
  @Property({ type: 'string', length: 100 })
  slug!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Plain text, up to 1000 characters; null when there is none.',
  })
  @Property({ type: 'text', nullable: true })
  description?: string | null;
}
