import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType()
@Entity({ tableName: 'course_categories' })
export class CourseCategory {
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
