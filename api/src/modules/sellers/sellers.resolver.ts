import { Reference } from '@mikro-orm/core';
import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { AFTER_ARG_DESCRIPTION, FIRST_ARG_DESCRIPTION, pageSize } from '../../graphql/connection';
import { payload } from '../../graphql/payload';
import { Resource } from '../resources';
import { SellerProfile } from '../resources';
import { AdminSellersResolver } from './admin-sellers.resolver';
import { EARNING_PAYOUT_STATE_DESCRIPTION, type EarningPayoutState } from './earning-payout-state';
import { SellerEarning } from './seller-earning.entity';
import { StoreProfilePayload, StoreProfileUpdateInput, StripeConnectStartPayload } from './sellers.inputs';
import {
  PayoutPage,
  ResourceSales,
  SalesPoint,
  SellerDashboard,
  SellerEarningConnection,
  StripeConnectStatus,
} from './sellers.types';

/** A seller's own business: dashboard, ledger, store profile and Stripe Connect payouts. */
@Resolver(() => SellerDashboard)
export class SellerDashboardResolver {
  @Query(() => SellerDashboard, {
    description:
      'My store’s sales, earnings, downloads and ratings. Reading it first marks my pending earnings past the hold period as available.',
  })
  sellerDashboard(@Ctx() ctx: Context): Promise<SellerDashboard> {
    return ctx.services.sellerDashboard.dashboard(ctx.user!);
  }

  @FieldResolver(() => [SalesPoint], {
    description: 'One point per UTC day of the last `days` days, today included, oldest first.',
  })
  salesSeries(
    @Root() dashboard: SellerDashboard,
    @Ctx() ctx: Context,
    @Arg('days', () => Int, {
      defaultValue: 30,
      description: 'How many days: 7 to 365 (default 30); any other number is refused with BAD_USER_INPUT.',
    })
    days: number,
  ): Promise<SalesPoint[]> {
    return ctx.services.sellerDashboard.salesSeries(dashboard.id, days);
  }

  @FieldResolver(() => [ResourceSales], {
    description:
      'Every one of my resources (those without sales too) with its sales, highest gross first (then most sales, then title).',
  })
  resourceSales(@Root() dashboard: SellerDashboard, @Ctx() ctx: Context): Promise<ResourceSales[]> {
    return ctx.services.sellerDashboard.resourceSales(dashboard.id);
  }

  @Query(() => SellerEarningConnection, {
    description:
      'My earnings ledger, one row per sold order line, newest first. Reading it first marks my pending earnings past the hold period as available.',
  })
  sellerEarnings(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
  ): Promise<SellerEarningConnection> {
    return ctx.services.sellerDashboard.earnings(ctx.user!, pageSize(first), after);
  }

  @Query(() => SellerProfile, {
    nullable: true,
    description:
      'My store’s public profile; null until I first set it up (storeProfileUpdate, stripeConnectStart or my first resource creates it).',
  })
  myStore(@Ctx() ctx: Context): Promise<SellerProfile | null> {
    return ctx.services.sellerStore.myStore(ctx.user!);
  }

  @Mutation(() => StoreProfilePayload, {
    description:
      'Sets my store’s public name, bio and logo (all three are replaced) and, when given, its ZIP code, city and state, creating my store if I have none. Errors: INVALID_INPUT (`field` names storeName, bio, logoUrl, zip, city or state).',
  })
  storeProfileUpdate(
    @Arg('input', () => StoreProfileUpdateInput, { description: 'The new profile.' })
    input: StoreProfileUpdateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ store: SellerProfile | null }>(
      async () => ({ store: await ctx.services.sellerStore.update(ctx.user!, input) }),
      { store: null },
    );
  }

  @Query(() => StripeConnectStatus, {
    description:
      'My Stripe Connect account (as a seller or an instructor), read from Stripe now (my payout status and what Stripe still needs updated from it); when Stripe cannot be read, `errorMessage` says so and the rest is what DRX last read.',
  })
  stripeConnectStatus(@Ctx() ctx: Context): Promise<StripeConnectStatus> {
    return ctx.services.sellerPayouts.status(ctx.user!);
  }

  @Mutation(() => StripeConnectStartPayload, {
    description:
      'Creates my Stripe Connect (Express) account if I have none (sellers, staff and instructors: the account their earnings are transferred to), and my store profile if I have none, and returns a link to Stripe’s onboarding. ' +
      'Errors: SUSPENDED (my store is suspended), PAYMENTS_NOT_CONFIGURED (the server has no payment provider), PAYMENT_FAILED (Stripe could not be reached; try again).',
  })
  stripeConnectStart(
    @Ctx() ctx: Context,
    @Arg('returnTo', () => PayoutPage, {
      nullable: true,
      description:
        'Where Stripe’s onboarding sends me back; default: /seller/payments for sellers and staff, the instructor earnings page for instructors.',
    })
    returnTo?: PayoutPage | null,
  ) {
    return payload<{ url: string | null; accountId: string | null; status: StripeConnectStatus | null }>(
      () => ctx.services.sellerPayouts.start(ctx.user!, ctx.config.publicUrl, returnTo ?? undefined),
      { url: null, accountId: null, status: null },
    );
  }
}

@Resolver(() => SellerEarning)
export class SellerEarningFieldsResolver {
  @FieldResolver(() => Resource, {
    nullable: true,
    description: 'The sold resource as it is now; null once it has been deleted.',
  })
  async resource(@Root() earning: SellerEarning): Promise<Resource | null> {
    return earning.resource ? ((await Reference.create(earning.resource).load()) ?? null) : null;
  }

  @FieldResolver(() => String, { description: EARNING_PAYOUT_STATE_DESCRIPTION })
  payoutState(@Root() earning: SellerEarning, @Ctx() ctx: Context): Promise<EarningPayoutState> {
    return ctx.services.sellerDashboard.payoutState(earning.id);
  }
}

export const sellersResolvers = [
  SellerDashboardResolver,
  SellerEarningFieldsResolver,
  AdminSellersResolver,
] as const;
