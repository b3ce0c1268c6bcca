import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { SafeInt } from '../../graphql/safe-int';
import { User } from '../users';
import { SellerEarning } from './seller-earning.entity';

/** Where a payee follows their payouts (and where Stripe's onboarding sends them back). */
export enum PayoutPage {
  SELLER_PAYMENTS = 'SELLER_PAYMENTS',
  INSTRUCTOR_EARNINGS = 'INSTRUCTOR_EARNINGS',
}

registerEnumType(PayoutPage, {
  name: 'PayoutPage',
  description: 'The page where I follow my payouts: Stripe’s onboarding returns there.',
  valuesConfig: {
    SELLER_PAYMENTS: { description: '/seller/payments (sellers, and staff for their own store).' },
    INSTRUCTOR_EARNINGS: { description: 'The instructor’s earnings, on /instructor/bookings.' },
  },
});

@ObjectType({
  description: 'One day of my sales (a UTC day; reversed sales excluded); days without sales are zero.',
})
export class SalesPoint {
  @Field({ description: 'The UTC day, YYYY-MM-DD.' })
  date!: string;

  @Field(() => Int, { description: 'Sales (sold order lines) recorded that day.' })
  salesCount!: number;

  @Field(() => SafeInt, { description: 'What buyers paid for them, in US cents.' })
  grossCents!: number;

  @Field(() => SafeInt, { description: 'My share after the platform fee, in US cents.' })
  netCents!: number;
}

@ObjectType({
  description: 'How many of my resources are in each status (those awaiting review are not counted here).',
})
export class ResourceStatusCounts {
  @Field(() => Int, { description: 'Resources in draft, not yet submitted.' })
  draft!: number;

  @Field(() => Int, { description: 'Resources on sale in the catalog.' })
  published!: number;

  @Field(() => Int, { description: 'Resources that staff rejected.' })
  rejected!: number;
}

@ObjectType({ description: 'Sales of one of my resources, all time (reversed sales excluded).' })
export class ResourceSales {
  @Field(() => ID, { description: 'The resource’s id.' })
  resourceId!: string;

  @Field({ description: 'The resource’s current title.' })
  title!: string;

  @Field({ description: 'The resource’s status: draft, pending_review, published or rejected.' })
  status!: string;

  @Field(() => Int, { description: 'Its current price in US cents (0: free).' })
  priceCents!: number;

  @Field(() => Int, { description: 'How many times it was sold (one per sold order line).' })
  salesCount!: number;

  @Field(() => SafeInt, { description: 'What buyers paid for it, in US cents (after any discount).' })
  grossCents!: number;

  @Field(() => SafeInt, { description: 'My share after the platform fee, in US cents.' })
  netCents!: number;

  @Field(() => Int, { description: 'Every recorded download of it, mine and staff’s included.' })
  downloadCount!: number;

  @Field(() => Float, {
    description: 'Its average star rating, 1 to 5 rounded to 2 decimals; 0 without reviews.',
  })
  ratingAverage!: number;

  @Field(() => Int, { description: 'How many reviews it has.' })
  ratingCount!: number;
}

@ObjectType({
  description: 'My store at a glance. Amounts in cents; reversed (refunded) sales are excluded.',
})
export class SellerDashboard {
  @Field(() => ID, { description: 'The seller’s user id (whose dashboard this is).' })
  id!: string;

  @Field(() => Int, { description: 'All my sales (sold order lines), all time.' })
  salesCount!: number;

  @Field(() => SafeInt, {
    description: 'What buyers paid for those sales, in US cents (after any discount).',
  })
  grossRevenueCents!: number;

  @Field(() => SafeInt, { description: 'My share of those sales after the platform fee, in US cents.' })
  netEarningsCents!: number;

  @Field(() => SafeInt, {
    description: 'Net earnings still in the hold period (sales younger than `holdDays`), in US cents.',
  })
  pendingBalanceCents!: number;

  @Field(() => SafeInt, {
    description:
      'Net earnings past the hold period that DRX has not transferred to my Stripe account yet (waiting, on the way or refused), less the negative balance refunds left (so it may be negative), in US cents. What was transferred is on my Stripe balance or paid out (`sellerPayoutBalance`, `myPayouts`).',
  })
  availableBalanceCents!: number;

  @Field(() => Int, { description: 'Every recorded download of my resources, mine and staff’s included.' })
  totalDownloads!: number;

  @Field(() => Float, {
    description:
      'Average star rating over all my resources’ reviews (1 to 5, rounded to 2 decimals; 0 without reviews).',
  })
  averageRating!: number;

  @Field(() => Int, { description: 'How many reviews my resources have in all.' })
  ratingCount!: number;

  @Field(() => ResourceStatusCounts, { description: 'How many of my resources are in each status.' })
  resourcesByStatus!: ResourceStatusCounts;

  @Field(() => Float, { description: 'The platform fee taken from each new sale, in percent.' })
  platformFeePercent!: number;

  @Field(() => Int, { description: 'Days a sale stays pending before it becomes available.' })
  holdDays!: number;
}

@ObjectType()
export class SellerEarningConnection extends Connection(SellerEarning, 'SellerEarning') {}

@ObjectType({
  description:
    'My Stripe Connect account (where my payouts go, as a seller or an instructor) as Stripe reports it; false and empty values when there is no account yet; when Stripe did not answer, what DRX last read (`errorMessage` says so).',
})
export class StripeConnectStatus {
  @Field(() => String, {
    nullable: true,
    description: 'My connected account’s Stripe id (acct_…); null before `stripeConnectStart` created it.',
  })
  accountId!: string | null;

  @Field({ description: 'Whether Stripe lets the account take charges.' })
  chargesEnabled!: boolean;

  @Field({ description: 'Whether Stripe lets the account receive payouts.' })
  payoutsEnabled!: boolean;

  @Field({ description: 'Whether I have submitted the details Stripe’s onboarding asks for.' })
  detailsSubmitted!: boolean;

  @Field(() => [String], {
    description: 'What Stripe still needs from me now (its requirements.currently_due); empty when nothing.',
  })
  requirementsDue!: string[];

  @Field(() => [String], {
    description:
      'The same in plain words, each said once (e.g. "A bank account for your payouts"); my earnings keep accruing until Stripe has them.',
  })
  requirements!: string[];

  @Field(() => String, {
    nullable: true,
    description:
      'Why Stripe holds the account back (its requirements.disabled_reason, e.g. requirements.past_due); null when it does not.',
  })
  disabledReason!: string | null;

  @Field(() => String, {
    nullable: true,
    description: '`disabledReason` in plain words; null when there is none.',
  })
  disabledReasonText!: string | null;

  @Field({
    description:
      'not_started (no account yet), pending (account created, charges or payouts not yet enabled) or active (both enabled).',
  })
  payoutStatus!: string;

  @Field({ description: 'True with the test payment provider: onboarding and payouts are simulated.' })
  testMode!: boolean;

  @Field(() => String, {
    nullable: true,
    description:
      'Why the account could not be read from Stripe (the other fields then show what DRX last knew); null when it was read.',
  })
  errorMessage!: string | null;
}

@ObjectType({ description: 'A seller as staff see it (payout and suspension included).' })
export class AdminSeller {
  @Field(() => ID, { description: 'The seller’s user id.' })
  id!: string;

  @Field({ description: 'The store’s public name (2 to 120 characters).' })
  storeName!: string;

  @Field(() => User, { description: 'The seller’s account.' })
  user!: User;

  @Field({
    description:
      'not_started (no Stripe account yet), pending (account created, charges or payouts not yet enabled) or active (both enabled), as last read from Stripe.',
  })
  payoutStatus!: string;

  @Field(() => String, {
    nullable: true,
    description: 'The seller’s Stripe connected account id (acct_…); null before they started payout setup.',
  })
  stripeAccountId!: string | null;

  @Field({
    description:
      'Whether staff suspended the store (its store and resources are then out of the public catalog).',
  })
  suspended!: boolean;

  @Field(() => String, { nullable: true, description: 'The reason staff gave; null when not suspended.' })
  suspendedReason!: string | null;

  @Field(() => Date, {
    nullable: true,
    description: 'When it was suspended (ISO-8601, UTC); null when not suspended.',
  })
  suspendedAt!: Date | null;

  @Field(() => Int, { description: 'The seller’s resources in every status.' })
  resourceCount!: number;

  @Field(() => Int, { description: 'The seller’s sales (sold order lines), refunded ones excluded.' })
  salesCount!: number;

  @Field(() => SafeInt, { description: 'What buyers paid for those sales, in US cents.' })
  grossCents!: number;

  @Field({ description: 'When the store was created (the first time the seller used it; ISO-8601, UTC).' })
  createdAt!: Date;
}

@ObjectType()
export class AdminSellerConnection extends Connection(AdminSeller, 'AdminSeller') {}

@ObjectType({ description: 'Platform-wide settings.' })
export class PlatformSettings {
  @Field(() => Float, {
    description:
      'Percent of each sale kept by the platform (0–50, at most two decimals; 10 until an admin sets it). A change applies to sales recorded after it.',
  })
  platformFeePercent!: number;

  @Field(() => Int, {
    description:
      'Unpaid booking holds (paid Connect sessions held while the member pays) a member may have at once (1–50; 3 until an admin sets it). One more is refused with TOO_MANY_HOLDS.',
  })
  bookingHoldsMax!: number;

  @Field(() => Int, {
    description:
      'Booking holds a member may start in an hour (1–500; 10 until an admin sets it). One more is refused with HOLD_RATE_LIMITED.',
  })
  bookingHoldsPerHour!: number;

  @Field(() => Date, {
    nullable: true,
    description: 'When an admin last set the fee (ISO-8601, UTC); null while the default applies.',
  })
  updatedAt!: Date | null;
}
