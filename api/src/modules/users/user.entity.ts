import { Entity, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType({
  description: 'A DRX account. Email and roles are visible to its owner and to admins only.',
})
@Entity({ tableName: 'users' })
export class User {
  [OptionalProps]?: 'displayName' | 'role' | 'roles' | 'createdAt' | 'updatedAt';

  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field()
  @Property({ type: 'string', length: 50 })
  username!: string;

  /** Lower-cased username: makes usernames unique case-insensitively. */
  @Unique()
  @Property({ type: 'string', length: 50 })
  usernameKey!: string;

  /** Exposed through UsersResolver.email: to its owner and admins only. */
  @Index()
  @Property({ type: 'string', length: 254, nullable: true })
  email?: string | null;

  @Property({ type: 'string', length: 255, lazy: true, hidden: true })
  passwordHash!: string;

  /** Exposed through UsersResolver.role: to its owner and admins only. */
  @Property({ type: 'string', length: 40, default: 'user' })
  role: string = 'user';

  /** Exposed through UsersResolver.roles: to its owner and admins only. */
  @Property({ type: 'text[]' })
  roles: string[] = ['user'];

  @Field(() => String, { nullable: true })
  @Property({ type: 'string', length: 100, nullable: true })
  firstName?: string | null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'string', length: 100, nullable: true })
  lastName?: string | null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'string', length: 500, nullable: true })
  profileImageUrl?: string | null;

  @Field()
  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'Date', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  /** The spec's display-name rule: firstName, else username, else Guest. */
  @Field()
  get displayName(): string {
    return this.firstName?.trim() || this.username || 'Guest';
  }
}
