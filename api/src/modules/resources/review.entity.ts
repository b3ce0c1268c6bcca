import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { User } from '../users';
import { Resource } from './resource.entity';

/** A buyer's review of a resource: one per buyer and resource, editable. */
@ObjectType({
  description: 'A buyer’s star rating and review of a resource: one per buyer and resource, editable.',
})
@Entity({ tableName: 'reviews' })
@Unique({ properties: ['resource', 'user'] })
export class Review {
  [OptionalProps]?: 'body' | 'createdAt' | 'updatedAt';

  @Field(() => ID, { description: 'The review’s id.' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Resource, { deleteRule: 'cascade' })
  resource!: Resource;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Field(() => Int, { description: 'Stars, a whole number from 1 to 5.' })
  @Property({ type: 'smallint' })
  rating!: number;

  @Field({ description: 'Plain text, up to 2000 characters; an empty string for a rating without text.' })
  @Property({ type: 'text', default: '' })
  body: string = '';

  @Field({ description: 'When it was first written (ISO-8601, UTC).' })
  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Field({ description: 'When it was last written or edited (ISO-8601, UTC).' })
  @Property({ type: 'Date', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
