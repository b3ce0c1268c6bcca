import { Reference } from '@mikro-orm/core';
import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { pageSize } from '../../graphql/connection';
import { payload } from '../../graphql/payload';
import { Resource } from '../resources/resource.entity';
import { SellerProfile } from '../resources/seller-profile.entity';
import { AdminSellersResolver } from './admin-sellers.resolver';
import { SellerEarning } from './seller-earning.entity';
import { StoreProfilePayload, StoreProfileUpdateInput, StripeConnectStartPayload } from './sellers.inputs';
import {
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
    description: 'My sales, earnings, downloads and ratings (sellers and staff).',
  })
  sellerDashboard(@Ctx() ctx: Context): Promise<SellerDashboard> {
    return ctx.services.sellerDashboard.dashboard(ctx.user!);
  }

  @FieldResolver(() => [SalesPoint], { description: 'Per-day sales of the last `days` days (7–365, UTC).' })
  salesSeries(
    @Root() dashboard: SellerDashboard,
    @Ctx() ctx: Context,
    @Arg('days', () => Int, { defaultValue: 30 }) days: number,
  ): Promise<SalesPoint[]> {
    return ctx.services.sellerDashboard.salesSeries(dashboard.id, days);
  }

  @FieldResolver(() => [ResourceSales], { description: 'Sales per resource, best selling first.' })
  resourceSales(@Root() dashboard: SellerDashboard, @Ctx() ctx: Context): Promise<ResourceSales[]> {
    return ctx.services.sellerDashboard.resourceSales(dashboard.id);
  }

  @Query(() => SellerEarningConnection, { description: 'My earnings ledger, newest first.' })
  sellerEarnings(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ): Promise<SellerEarningConnection> {
    return ctx.services.sellerDashboard.earnings(ctx.user!, pageSize(first), after);
  }

  @Query(() => SellerProfile, {
    nullable: true,
    description: 'My store’s public profile (null before I set it up).',
  })
  myStore(@Ctx() ctx: Context): Promise<SellerProfile | null> {
    return ctx.services.sellerStore.myStore(ctx.user!);
  }

  @Mutation(() => StoreProfilePayload, { description: 'Sets my store’s name, bio and logo.' })
  storeProfileUpdate(
    @Arg('input', () => StoreProfileUpdateInput) input: StoreProfileUpdateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ store: SellerProfile | null }>(
      async () => ({ store: await ctx.services.sellerStore.update(ctx.user!, input) }),
      { store: null },
    );
  }

  @Query(() => StripeConnectStatus, { description: 'My Stripe Connect account, read from Stripe.' })
  stripeConnectStatus(@Ctx() ctx: Context): Promise<StripeConnectStatus> {
    return ctx.services.sellerPayouts.status(ctx.user!);
  }

  @Mutation(() => StripeConnectStartPayload, {
    description: 'Creates my Stripe Connect account (once) and returns the onboarding link.',
  })
  stripeConnectStart(@Ctx() ctx: Context) {
    return payload<{ url: string | null; accountId: string | null; status: StripeConnectStatus | null }>(
      () => ctx.services.sellerPayouts.start(ctx.user!, ctx.config.publicUrl),
      { url: null, accountId: null, status: null },
    );
  }
}

@Resolver(() => SellerEarning)
export class SellerEarningFieldsResolver {
  @FieldResolver(() => Resource, { nullable: true, description: 'The sold resource (null once deleted).' })
  async resource(@Root() earning: SellerEarning): Promise<Resource | null> {
    return earning.resource ? ((await Reference.create(earning.resource).load()) ?? null) : null;
  }
}

export const sellersResolvers = [
  SellerDashboardResolver,
  SellerEarningFieldsResolver,
  AdminSellersResolver,
] as const;
