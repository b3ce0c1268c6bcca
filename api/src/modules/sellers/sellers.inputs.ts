import { Field, Float, ID, InputType, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors';
import { SellerProfile } from '../resources/seller-profile.entity';
import { AdminSeller, PlatformSettings, StripeConnectStatus } from './sellers.types';

@InputType({ description: 'My store’s public profile.' })
export class StoreProfileUpdateInput {
  @Field({ description: '2 to 120 characters.' })
  storeName!: string;

  @Field(() => String, { nullable: true, description: 'At most 2000 characters.' })
  bio?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'An https URL or an /uploads/ path (at most 500 characters); empty removes it.',
  })
  logoUrl?: string | null;
}

@ObjectType()
export class StoreProfilePayload {
  @Field(() => SellerProfile, { nullable: true })
  store!: SellerProfile | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType({ description: 'The Stripe onboarding link to send the seller to.' })
export class StripeConnectStartPayload {
  @Field(() => String, { nullable: true })
  url!: string | null;

  @Field(() => String, { nullable: true })
  accountId!: string | null;

  @Field(() => StripeConnectStatus, { nullable: true })
  status!: StripeConnectStatus | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@InputType()
export class SellerSuspendInput {
  @Field(() => ID, { description: 'The seller’s user id.' })
  sellerId!: string;

  @Field({ description: 'Required, at most 500 characters.' })
  reason!: string;
}

@InputType()
export class SellerReinstateInput {
  @Field(() => ID, { description: 'The seller’s user id.' })
  sellerId!: string;
}

@ObjectType()
export class AdminSellerPayload {
  @Field(() => AdminSeller, { nullable: true })
  seller!: AdminSeller | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@InputType()
export class PlatformSettingsUpdateInput {
  @Field(() => Float, { description: '0 to 50, at most two decimals.' })
  platformFeePercent!: number;
}

@ObjectType()
export class PlatformSettingsPayload {
  @Field(() => PlatformSettings, { nullable: true })
  settings!: PlatformSettings | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}
