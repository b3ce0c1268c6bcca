import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A course category (maintained by staff), used to group and filter courses.' })
@Entity({ tableName: 'course_categories' })
export class CourseCategory {
  @Field(() => ID, { description: 'The category id (a UUID).' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field({ description: 'Its name, 1–80 characters, unique regardless of case.' })
  @Unique()
  @Property({ type: 'string', length: 80 })
  name!: string;

  @Field({
    description:
      'Unique URL name made from the name (lower-case ASCII words joined by dashes); follows renames.',
  })
  @Unique()
  @Property({ type: 'string', length: 100 })
  slug!: string;

  @Field(() => String, { nullable: true, description: 'Up to 1000 characters; null when none.' })
  @Property({ type: 'text', nullable: true })
  description?: string | null;
}
