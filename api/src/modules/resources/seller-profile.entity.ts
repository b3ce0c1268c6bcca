import { Entity, OneToOne, OptionalProps, PrimaryKeyProp, Property } from '@mikro-orm/core';
import { Field, ObjectType } from 'type-graphql';
import { User } from '../users';

export const PAYOUT_STATUSES = ['not_started', 'pending', 'active'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/**
 * A seller's store, one per user (its primary key is the user's id, so `seller(id)` takes the
 * user id). The Stripe account, payout status and suspension are never public fields.
 */
@ObjectType({ description: 'A seller’s public store profile; `id` is the seller’s user id.' })
@Entity({ tableName: 'seller_profiles' })
export class SellerProfile {
  [PrimaryKeyProp]?: 'user';
  [OptionalProps]?:
    | 'bio'
    | 'payoutStatus'
    | 'requirementsDue'
    | 'disabledReason'
    | 'accountCheckedAt'
    | 'suspended'
    | 'suspendedReason'
    | 'suspendedAt'
    | 'createdAt'
    | 'updatedAt';

  @OneToOne(() => User, { primary: true, deleteRule: 'cascade' })
  user!: User;

  @Field({
    description: 'The store’s name, 2 to 120 characters; at first "<display name>\'s Store".',
  })
  @Property({ type: 'string', length: 120 })
  storeName!: string;

  @Field({ description: 'Plain text, up to 2000 characters; an empty string when there is none.' })
  @Property({ type: 'text', default: '' })
  bio: string = '';

  @Field(() => String, {
    nullable: true,
    description: 'The logo: an http(s) URL or a site-relative /uploads/… path; null when there is none.',
  })
  @Property({ type: 'string', length: 500, nullable: true })
  logoUrl?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Where the store is based: its city; null when not given.',
  })
  @Property({ type: 'string', length: 100, nullable: true })
  city?: string | null;

  @Field(() => String, { nullable: true, description: 'The store’s state or region; null when not given.' })
  @Property({ type: 'string', length: 100, nullable: true })
  state?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The store’s ZIP or postal code; null when not given.',
  })
  @Property({ type: 'string', length: 10, nullable: true })
  zip?: string | null;

  @Property({ type: 'string', length: 100, nullable: true })
  stripeAccountId?: string | null;

  @Property({ type: 'string', length: 20, default: 'not_started' })
  payoutStatus: PayoutStatus = 'not_started';

  /**
   * What Stripe still needs from the connected account (`requirements.currently_due`), as last read
   * (sellers/connected-accounts.ts: each read of the account and the `account.updated` webhook).
   */
  @Property({ type: 'text[]', default: '{}' })
  requirementsDue: string[] = [];

  /** Stripe's `requirements.disabled_reason` as last read; null when the account is not held back. */
  @Property({ type: 'string', length: 100, nullable: true })
  disabledReason?: string | null;

  /** When the account was last read from Stripe. */
  @Property({ type: 'Date', nullable: true })
  accountCheckedAt?: Date | null;

  @Property({ type: 'boolean', default: false })
  suspended: boolean = false;

  /** Why staff suspended the store (sellers module). */
  @Property({ type: 'string', length: 500, nullable: true })
  suspendedReason?: string | null;

  @Property({ type: 'Date', nullable: true })
  suspendedAt?: Date | null;

  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'Date', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
