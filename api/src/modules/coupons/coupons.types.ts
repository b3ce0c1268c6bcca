import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { UserError } from '../../graphql/errors';
import { Coupon } from './coupon.entity';

@InputType({ description: 'A new coupon. Money in US cents; an omitted perMemberLimit is 1.' })
export class CouponCreateInput {
  @Field({
    description:
      'Letters, digits, - and _ (3 to 32 after trimming); stored upper-cased and unique case-insensitively.',
  })
  code!: string;

  @Field(() => String, {
    nullable: true,
    description: 'A note about the coupon, at most 500 characters (trimmed); null or omitted: empty.',
  })
  description?: string | null;

  @Field({ description: 'percent or fixed.' })
  kind!: string;

  @Field(() => Int, {
    nullable: true,
    description: '1–100, required for kind percent (ignored for fixed).',
  })
  percentOff?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'US cents off, greater than 0, required for kind fixed (ignored for percent).',
  })
  amountOffCents?: number | null;

  @Field(() => Date, {
    nullable: true,
    description: 'When it starts to apply (an ISO-8601 instant); defaults to now.',
  })
  startsAt?: Date | null;

  @Field(() => Date, {
    nullable: true,
    description: 'When it stops applying (exclusive), after startsAt; null or omitted: never ends.',
  })
  endsAt?: Date | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Total uses allowed, at least 1; null or omitted: unlimited.',
  })
  usageLimit?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Uses allowed per member, at least 1; null: unlimited; omitted: 1.',
  })
  perMemberLimit?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Smallest cart subtotal it applies to, US cents, 0 or more; null or omitted: 0.',
  })
  minSubtotalCents?: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'all (default), courses or resources: the cart lines it discounts.',
  })
  scope?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Whether it can be used; defaults to true.' })
  active?: boolean | null;
}

@InputType({
  description:
    'Changes to a coupon: omitted fields are kept; null clears endsAt, usageLimit and perMemberLimit.',
})
export class CouponUpdateInput {
  @Field(() => ID, { description: 'The coupon to change (Coupon.id).' })
  id!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'A new code: letters, digits, - and _ (3 to 32); stored upper-cased, must not be taken. null or omitted: kept.',
  })
  code?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'A new note, at most 500 characters (trimmed); null or omitted: kept.',
  })
  description?: string | null;

  @Field(() => String, { nullable: true, description: 'percent or fixed; null or omitted: kept.' })
  kind?: string | null;

  @Field(() => Int, {
    nullable: true,
    description: '1–100; needed when the coupon’s kind is (or becomes) percent. Omitted: kept.',
  })
  percentOff?: number | null;

  @Field(() => Int, {
    nullable: true,
    description:
      'US cents off, greater than 0; needed when the coupon’s kind is (or becomes) fixed. Omitted: kept.',
  })
  amountOffCents?: number | null;

  @Field(() => Date, {
    nullable: true,
    description: 'When it starts to apply (an ISO-8601 instant); null or omitted: kept.',
  })
  startsAt?: Date | null;

  @Field(() => Date, {
    nullable: true,
    description: 'When it stops applying (exclusive), after startsAt; null: never ends; omitted: kept.',
  })
  endsAt?: Date | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Total uses allowed, at least 1 and not below usedCount; null: unlimited; omitted: kept.',
  })
  usageLimit?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Uses allowed per member, at least 1; null: unlimited; omitted: kept.',
  })
  perMemberLimit?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Smallest cart subtotal it applies to, US cents, 0 or more; null or omitted: kept.',
  })
  minSubtotalCents?: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'all, courses or resources: the cart lines it discounts; null or omitted: kept.',
  })
  scope?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'false deactivates it, true reactivates it; null or omitted: kept.',
  })
  active?: boolean | null;
}

@InputType({ description: 'Which coupon to delete.' })
export class CouponDeleteInput {
  @Field(() => ID, { description: 'The coupon’s id (Coupon.id).' })
  id!: string;
}

@ObjectType({ description: 'The coupon after a create or an update.' })
export class CouponPayload {
  @Field(() => Coupon, {
    nullable: true,
    description: 'The coupon as stored; null when userErrors is not empty.',
  })
  coupon?: Coupon | null;

  @Field(() => [UserError], { description: 'Why nothing was saved; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({
  description:
    'A coupon never used is deleted (deletedCouponId); a used one is deactivated instead (deactivated, coupon).',
})
export class CouponDeletePayload {
  @Field(() => ID, {
    nullable: true,
    description: 'The id of the deleted coupon; null when it was deactivated instead or nothing changed.',
  })
  deletedCouponId?: string | null;

  @Field(() => Boolean, { description: 'True when the coupon had been used and was deactivated instead.' })
  deactivated!: boolean;

  @Field(() => Coupon, {
    nullable: true,
    description: 'The deactivated coupon; null when it was deleted or nothing changed.',
  })
  coupon?: Coupon | null;

  @Field(() => [UserError], { description: 'Why nothing changed; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'A page of coupons, newest first (a Relay connection).' })
export class CouponConnection extends Connection(Coupon, 'Coupon') {}
