import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { User } from '../users/user.entity';
import { Resource } from './resource.entity';

/** A buyer's review of a resource: one per buyer and resource, editable. */
@ObjectType()
@Entity({ tableName: 'reviews' })
@Unique({ properties: ['resource', 'user'] })
export class Review {
  [OptionalProps]?: 'body' | 'createdAt' | 'updatedAt';

  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Resource, { deleteRule: 'cascade' })
  resource!: Resource;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Field(() => Int, { description: '1 to 5.' })
  @Property({ type: 'smallint' })
  rating!: number;

  @Field()
  @Property({ type: 'text', default: '' })
  body: string = '';

  @Field()
  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Field()
  @Property({ type: 'Date', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
