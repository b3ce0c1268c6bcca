import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors';
import { SellerProfile } from '../resources';
import { AdminSeller, PlatformSettings, StripeConnectStatus } from './sellers.types';

@InputType({ description: 'My store’s public profile.' })
export class StoreProfileUpdateInput {
  @Field({ description: '2 to 120 characters (trimmed).' })
  storeName!: string;

  @Field(() => String, {
    nullable: true,
    description: 'At most 2000 characters (trimmed); empty or null clears it.',
  })
  bio?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'An http(s) URL or an /uploads/ path (at most 500 characters); empty or null removes it.',
  })
  logoUrl?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The store’s ZIP or postal code, at most 10 characters; empty or null clears it, omitted keeps it. A US ZIP code fills city and state when they are empty.',
  })
  zip?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The store’s city, at most 100 characters; empty or null clears it, omitted keeps it.',
  })
  city?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The store’s state or region, at most 100 characters; empty or null clears it, omitted keeps it.',
  })
  state?: string | null;
}

@ObjectType({ description: 'The result of changing my store’s profile.' })
export class StoreProfilePayload {
  @Field(() => SellerProfile, { nullable: true, description: 'My store as saved; null when it failed.' })
  store!: SellerProfile | null;

  @Field(() => [UserError], { description: 'Why it failed; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The Stripe onboarding link to send the seller to.' })
export class StripeConnectStartPayload {
  @Field(() => String, {
    nullable: true,
    description:
      'Where to send the seller’s browser: Stripe’s onboarding page, which returns to /seller/payments (with the test provider, that page itself, as a relative link); null when it failed.',
  })
  url!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The seller’s Stripe connected account id (acct_…); null when it failed.',
  })
  accountId!: string | null;

  @Field(() => StripeConnectStatus, {
    nullable: true,
    description:
      'The account as DRX knows it (not read from Stripe: ask `stripeConnectStatus` after onboarding); null when it failed.',
  })
  status!: StripeConnectStatus | null;

  @Field(() => [UserError], { description: 'Why it failed; empty on success.' })
  userErrors!: UserError[];
}

@InputType({ description: 'Which store to suspend, and why.' })
export class SellerSuspendInput {
  @Field(() => ID, { description: 'The seller’s user id.' })
  sellerId!: string;

  @Field({ description: 'Required (trimmed), at most 500 characters; shown to staff.' })
  reason!: string;
}

@InputType({ description: 'Which store to reinstate.' })
export class SellerReinstateInput {
  @Field(() => ID, { description: 'The seller’s user id.' })
  sellerId!: string;
}

@ObjectType({ description: 'The result of suspending or reinstating a seller.' })
export class AdminSellerPayload {
  @Field(() => AdminSeller, {
    nullable: true,
    description: 'The seller after the change; null when it failed.',
  })
  seller!: AdminSeller | null;

  @Field(() => [UserError], { description: 'Why it failed; empty on success.' })
  userErrors!: UserError[];
}

@InputType({ description: 'New platform-wide settings.' })
export class PlatformSettingsUpdateInput {
  @Field(() => Float, {
    nullable: true,
    description: 'The platform fee in percent: 0 to 50, at most two decimals; null or left out: unchanged.',
  })
  platformFeePercent?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Unpaid booking holds a member may have at once: 1 to 50; null or left out: unchanged.',
  })
  bookingHoldsMax?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Booking holds a member may start in an hour: 1 to 500; null or left out: unchanged.',
  })
  bookingHoldsPerHour?: number | null;
}

@ObjectType({ description: 'The result of changing the platform settings.' })
export class PlatformSettingsPayload {
  @Field(() => PlatformSettings, {
    nullable: true,
    description: 'The settings as saved; null when it failed.',
  })
  settings!: PlatformSettings | null;

  @Field(() => [UserError], { description: 'Why it failed; empty on success.' })
  userErrors!: UserError[];
}
