import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';

export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

export const COUPON_SCOPES = ['all', 'courses', 'resources'] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];

/**
 * A discount code applied at checkout. `code` is stored upper-cased, so the unique constraint makes
 * codes unique case-insensitively. `usedCount` counts redemptions not released; it only changes
 * through CouponsService.redeem/release (a conditional UPDATE, safe under concurrency).
 */
@ObjectType({ description: 'A checkout discount code (staff only).' })
@Entity({ tableName: 'coupons' })
export class Coupon {
  [OptionalProps]?:
    | 'description'
    | 'percentOff'
    | 'amountOffCents'
    | 'startsAt'
    | 'endsAt'
    | 'usageLimit'
    | 'perMemberLimit'
    | 'usedCount'
    | 'minSubtotalCents'
    | 'scope'
    | 'active'
    | 'createdAt'
    | 'updatedAt';

  @Field(() => ID, { description: 'The coupon’s id.' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field({ description: 'Upper-case letters, digits, - and _ (3 to 32); matched case-insensitively.' })
  @Unique()
  @Property({ type: 'string', length: 32 })
  code!: string;

  @Field({ description: 'A note about the coupon, at most 500 characters; empty when none.' })
  @Property({ type: 'text', default: '' })
  description: string = '';

  @Field(() => String, { description: 'percent or fixed.' })
  @Property({ type: 'string', length: 10 })
  kind!: CouponKind;

  @Field(() => Int, {
    nullable: true,
    description:
      'Percent off (1–100) the lines in scope, rounded half-up to the cent, when kind is percent; null for fixed.',
  })
  @Property({ type: 'integer', nullable: true })
  percentOff?: number | null;

  @Field(() => Int, {
    nullable: true,
    description:
      'US cents off when kind is fixed (at most the subtotal of the lines in scope); null for percent.',
  })
  @Property({ type: 'integer', nullable: true })
  amountOffCents?: number | null;

  @Field({ description: 'Valid from this instant, inclusive (ISO-8601, UTC).' })
  @Property({ type: 'Date', defaultRaw: 'now()' })
  startsAt: Date = new Date();

  @Field(() => Date, {
    nullable: true,
    description: 'Valid until this instant, exclusive (ISO-8601, UTC); null: no end.',
  })
  @Property({ type: 'Date', nullable: true })
  endsAt?: Date | null;

  @Field(() => Int, { nullable: true, description: 'Total uses allowed; null: unlimited.' })
  @Property({ type: 'integer', nullable: true })
  usageLimit?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Uses allowed per member (counted like usedCount); null: unlimited.',
  })
  @Property({ type: 'integer', nullable: true, default: 1 })
  perMemberLimit?: number | null = 1;

  @Field(() => Int, {
    description:
      'Uses so far: orders that applied it, less those canceled, failed or refunded (their uses are given back).',
  })
  @Property({ type: 'integer', default: 0 })
  usedCount: number = 0;

  @Field(() => Int, {
    description: 'Smallest cart subtotal (all lines, US cents) the coupon applies to; 0: no minimum.',
  })
  @Property({ type: 'integer', default: 0 })
  minSubtotalCents: number = 0;

  @Field(() => String, { description: 'all, courses or resources: the cart lines it discounts.' })
  @Property({ type: 'string', length: 10, default: 'all' })
  scope: CouponScope = 'all';

  @Field({
    description:
      'false when staff deactivated it (also when a used coupon was deleted): it then applies to nothing and looks unknown at checkout.',
  })
  @Property({ type: 'boolean', default: true })
  active: boolean = true;

  @Field({ description: 'When the coupon was created (ISO-8601, UTC).' })
  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Field({ description: 'When the coupon was last changed or used (ISO-8601, UTC).' })
  @Property({ type: 'Date', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
