import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { User } from '../users/user.entity';
import { SellerEarning } from './seller-earning.entity';

@ObjectType({ description: 'One day of my sales (UTC); days without sales are zero.' })
export class SalesPoint {
  @Field({ description: 'YYYY-MM-DD' })
  date!: string;

  @Field(() => Int)
  salesCount!: number;

  @Field(() => Int)
  grossCents!: number;

  @Field(() => Int)
  netCents!: number;
}

@ObjectType({ description: 'How many of my resources are in each status.' })
export class ResourceStatusCounts {
  @Field(() => Int)
  draft!: number;

  @Field(() => Int)
  published!: number;

  @Field(() => Int)
  rejected!: number;
}

@ObjectType({ description: 'Sales of one of my resources (reversed sales excluded).' })
export class ResourceSales {
  @Field(() => ID)
  resourceId!: string;

  @Field()
  title!: string;

  @Field()
  status!: string;

  @Field(() => Int)
  priceCents!: number;

  @Field(() => Int)
  salesCount!: number;

  @Field(() => Int)
  grossCents!: number;

  @Field(() => Int)
  netCents!: number;

  @Field(() => Int)
  downloadCount!: number;

  @Field(() => Float)
  ratingAverage!: number;

  @Field(() => Int)
  ratingCount!: number;
}

@ObjectType({
  description: 'My store at a glance. Amounts in cents; reversed (refunded) sales are excluded.',
})
export class SellerDashboard {
  @Field(() => ID, { description: 'The seller’s user id (whose dashboard this is).' })
  id!: string;

  @Field(() => Int)
  salesCount!: number;

  @Field(() => Int)
  grossRevenueCents!: number;

  @Field(() => Int)
  netEarningsCents!: number;

  @Field(() => Int, { description: 'Earnings still in the hold period.' })
  pendingBalanceCents!: number;

  @Field(() => Int, { description: 'Earnings past the hold period, available for payout.' })
  availableBalanceCents!: number;

  @Field(() => Int)
  totalDownloads!: number;

  @Field(() => Float, { description: 'Average rating over my resources’ reviews (0 without reviews).' })
  averageRating!: number;

  @Field(() => Int)
  ratingCount!: number;

  @Field(() => ResourceStatusCounts)
  resourcesByStatus!: ResourceStatusCounts;

  @Field(() => Float, { description: 'The platform fee taken from each new sale, in percent.' })
  platformFeePercent!: number;

  @Field(() => Int, { description: 'Days a sale stays pending before it becomes available.' })
  holdDays!: number;
}

@ObjectType()
export class SellerEarningConnection extends Connection(SellerEarning, 'SellerEarning') {}

@ObjectType({ description: 'My Stripe Connect account as Stripe reports it.' })
export class StripeConnectStatus {
  @Field(() => String, { nullable: true })
  accountId!: string | null;

  @Field()
  chargesEnabled!: boolean;

  @Field()
  payoutsEnabled!: boolean;

  @Field()
  detailsSubmitted!: boolean;

  @Field(() => [String], { description: 'Stripe’s requirements.currently_due.' })
  requirementsDue!: string[];

  @Field({ description: 'not_started | pending | active' })
  payoutStatus!: string;

  @Field({ description: 'True with the test payment provider: onboarding and payouts are simulated.' })
  testMode!: boolean;

  @Field(() => String, { nullable: true, description: 'Set when Stripe could not be reached.' })
  errorMessage!: string | null;
}

@ObjectType({ description: 'A seller as staff see it (payout and suspension included).' })
export class AdminSeller {
  @Field(() => ID, { description: 'The seller’s user id.' })
  id!: string;

  @Field()
  storeName!: string;

  @Field(() => User)
  user!: User;

  @Field({ description: 'not_started | pending | active' })
  payoutStatus!: string;

  @Field(() => String, { nullable: true })
  stripeAccountId!: string | null;

  @Field()
  suspended!: boolean;

  @Field(() => String, { nullable: true })
  suspendedReason!: string | null;

  @Field(() => Date, { nullable: true })
  suspendedAt!: Date | null;

  @Field(() => Int)
  resourceCount!: number;

  @Field(() => Int)
  salesCount!: number;

  @Field(() => Int)
  grossCents!: number;

  @Field()
  createdAt!: Date;
}

@ObjectType()
export class AdminSellerConnection extends Connection(AdminSeller, 'AdminSeller') {}

@ObjectType({ description: 'Platform-wide settings.' })
export class PlatformSettings {
  @Field(() => Float, { description: 'Percent of each sale kept by the platform (0–50).' })
  platformFeePercent!: number;

  @Field(() => Date, { nullable: true })
  updatedAt!: Date | null;
}
