import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { UserError } from '../../graphql/errors';
import { Coupon } from './coupon.entity';

@InputType({ description: 'A new coupon. Money in US cents; an omitted perMemberLimit is 1.' })
export class CouponCreateInput {
  @Field({ description: 'Letters, digits, - and _ (3 to 32); stored upper-cased.' })
  code!: string;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field({ description: 'percent or fixed.' })
  kind!: string;

  @Field(() => Int, { nullable: true, description: '1–100, for kind percent.' })
  percentOff?: number | null;

  @Field(() => Int, { nullable: true, description: 'Greater than 0, for kind fixed.' })
  amountOffCents?: number | null;

  @Field(() => Date, { nullable: true, description: 'Defaults to now.' })
  startsAt?: Date | null;

  @Field(() => Date, { nullable: true, description: 'After startsAt; null: never ends.' })
  endsAt?: Date | null;

  @Field(() => Int, { nullable: true, description: 'At least 1; null: unlimited.' })
  usageLimit?: number | null;

  @Field(() => Int, { nullable: true, description: 'At least 1; null: unlimited; omitted: 1.' })
  perMemberLimit?: number | null;

  @Field(() => Int, { nullable: true })
  minSubtotalCents?: number | null;

  @Field(() => String, { nullable: true, description: 'all (default), courses or resources.' })
  scope?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Defaults to true.' })
  active?: boolean | null;
}

@InputType({
  description:
    'Changes to a coupon: omitted fields are kept; null clears endsAt, usageLimit and perMemberLimit.',
})
export class CouponUpdateInput {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true })
  code?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => String, { nullable: true })
  kind?: string | null;

  @Field(() => Int, { nullable: true })
  percentOff?: number | null;

  @Field(() => Int, { nullable: true })
  amountOffCents?: number | null;

  @Field(() => Date, { nullable: true })
  startsAt?: Date | null;

  @Field(() => Date, { nullable: true })
  endsAt?: Date | null;

  @Field(() => Int, { nullable: true })
  usageLimit?: number | null;

  @Field(() => Int, { nullable: true })
  perMemberLimit?: number | null;

  @Field(() => Int, { nullable: true })
  minSubtotalCents?: number | null;

  @Field(() => String, { nullable: true })
  scope?: string | null;

  @Field(() => Boolean, { nullable: true })
  active?: boolean | null;
}

@InputType()
export class CouponDeleteInput {
  @Field(() => ID)
  id!: string;
}

@ObjectType()
export class CouponPayload {
  @Field(() => Coupon, { nullable: true })
  coupon?: Coupon | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType({
  description:
    'A coupon never used is deleted (deletedCouponId); a used one is deactivated instead (deactivated, coupon).',
})
export class CouponDeletePayload {
  @Field(() => ID, { nullable: true })
  deletedCouponId?: string | null;

  @Field(() => Boolean, { description: 'True when the coupon had been used and was deactivated instead.' })
  deactivated!: boolean;

  @Field(() => Coupon, { nullable: true, description: 'The deactivated coupon.' })
  coupon?: Coupon | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType()
export class CouponConnection extends Connection(Coupon, 'Coupon') {}
