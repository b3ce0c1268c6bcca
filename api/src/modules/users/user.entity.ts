import { Entity, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType } from 'type-graphql';

/** How a deleted (anonymised) account is named wherever it appears. */
export const DELETED_USER_NAME = 'Deleted user';
/** Where a column that must hold an address points once its person is gone (never delivered). */
export const DELETED_USER_ADDRESS = 'deleted-user@deleted.invalid';

@ObjectType({
  description:
    'A DRX account (a member, seller, instructor or staff). Email and roles are visible to its owner and to admins only; everyone else sees the public profile.',
})
@Entity({ tableName: 'users' })
export class User {
  [OptionalProps]?:
    'displayName' | 'role' | 'roles' | 'createdAt' | 'updatedAt' | 'emailVerifiedAt' | 'deletedAt';

  @Field(() => ID, { description: 'The account’s id (a UUID).' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field({
    description:
      'The unique sign-in name, as registered (3 to 50 characters; unique regardless of letter case).',
  })
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

  /** When `email` was proven to be the account's (a link mailed to it was opened); null: not yet. */
  @Property({ type: 'Date', nullable: true })
  emailVerifiedAt?: Date | null;

  /** Null: no password yet (an account made by signing in with an identity provider, modules/identities). */
  @Property({ type: 'string', length: 255, lazy: true, hidden: true, nullable: true })
  passwordHash?: string | null;

  /** Exposed through UsersResolver.role: to its owner and admins only. */
  @Property({ type: 'string', length: 40, default: 'user' })
  role: string = 'user';

  /** Exposed through UsersResolver.roles: to its owner and admins only. */
  @Property({ type: 'text[]' })
  roles: string[] = ['user'];

  @Field(() => String, { nullable: true, description: 'At most 100 characters; null when not given.' })
  @Property({ type: 'string', length: 100, nullable: true })
  firstName?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 100 characters; null when not given.' })
  @Property({ type: 'string', length: 100, nullable: true })
  lastName?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Where the profile picture is served (a path under /uploads/profiles/ on this server; set with POST /api/profile/image); null when there is none.',
  })
  @Property({ type: 'string', length: 500, nullable: true })
  profileImageUrl?: string | null;

  /** The account's IANA time zone (the browser's, `profileUpdate`); null: not known (mails say UTC). Not in the graph. */
  @Property({ type: 'string', length: 64, nullable: true })
  timeZone?: string | null;

  @Field({ description: 'When the account was registered (ISO-8601, UTC).' })
  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'Date', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  @Field(() => Date, {
    nullable: true,
    description:
      'When its owner deleted the account (it is then anonymised: "Deleted user", no email, no sign-in); null for a live account.',
  })
  @Property({ type: 'Date', nullable: true })
  deletedAt?: Date | null;

  /** The spec's display-name rule: firstName, else username, else Guest ("Deleted user" once deleted). */
  @Field({
    description:
      'The name to show for the account: the first name if set, else the username ("Deleted user" for a deleted account).',
  })
  get displayName(): string {
    if (this.deletedAt) return DELETED_USER_NAME;
    return this.firstName?.trim() || this.username || 'Guest';
  }
}
