import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { pageSize } from '../../graphql/connection';
import { payload } from '../../graphql/payload';
import {
  AdminSellerPayload,
  PlatformSettingsPayload,
  PlatformSettingsUpdateInput,
  SellerReinstateInput,
  SellerSuspendInput,
} from './sellers.inputs';
import { AdminSeller, AdminSellerConnection, PlatformSettings } from './sellers.types';

/** Staff: sellers with payout status, suspension; platform settings (the fee). */
@Resolver()
export class AdminSellersResolver {
  @Query(() => AdminSellerConnection, { description: 'All sellers with payout status and figures (staff).' })
  adminSellers(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('search', () => String, { nullable: true, description: 'Store name, username or email.' })
    search?: string,
  ): Promise<AdminSellerConnection> {
    return ctx.services.adminSellers.list(pageSize(first), after, search);
  }

  @Mutation(() => AdminSellerPayload, {
    description: 'Suspends a seller: their store and resources leave the public catalog (staff).',
  })
  sellerSuspend(@Arg('input', () => SellerSuspendInput) input: SellerSuspendInput, @Ctx() ctx: Context) {
    return payload<{ seller: AdminSeller | null }>(
      async () => ({
        seller: await ctx.services.adminSellers.suspend(ctx.user!, input.sellerId, input.reason),
      }),
      { seller: null },
    );
  }

  @Mutation(() => AdminSellerPayload, { description: 'Lifts a seller’s suspension (staff).' })
  sellerReinstate(
    @Arg('input', () => SellerReinstateInput) input: SellerReinstateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ seller: AdminSeller | null }>(
      async () => ({ seller: await ctx.services.adminSellers.reinstate(input.sellerId) }),
      { seller: null },
    );
  }

  @Query(() => PlatformSettings, { description: 'Platform-wide settings (staff).' })
  platformSettings(@Ctx() ctx: Context): Promise<PlatformSettings> {
    return ctx.services.platformSettings.get();
  }

  @Mutation(() => PlatformSettingsPayload, { description: 'Changes the platform fee (admins).' })
  platformSettingsUpdate(
    @Arg('input', () => PlatformSettingsUpdateInput) input: PlatformSettingsUpdateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ settings: PlatformSettings | null }>(
      async () => ({ settings: await ctx.services.platformSettings.update(input) }),
      { settings: null },
    );
  }
}
