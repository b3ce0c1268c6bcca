import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { AFTER_ARG_DESCRIPTION, FIRST_ARG_DESCRIPTION, pageSize } from '../../graphql/connection';
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
  @Query(() => AdminSellerConnection, {
    description:
      'Every store (suspended ones included) with its payout status, suspension and sales figures, by store name A–Z.',
  })
  adminSellers(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
    @Arg('search', () => String, {
      nullable: true,
      description:
        'Only stores whose name, or whose seller’s username or email, contains this text (any letter case; trimmed, first 200 characters). Null or empty: all.',
    })
    search?: string,
  ): Promise<AdminSellerConnection> {
    return ctx.services.adminSellers.list(pageSize(first), after, search);
  }

  @Mutation(() => AdminSellerPayload, {
    description:
      'Suspends a seller’s store: their resources leave the public catalog and they cannot publish or set up payouts until reinstated. Suspending again replaces the reason. ' +
      'Errors: INVALID_INPUT (reason empty or over 500 characters), FORBIDDEN (your own store), NOT_FOUND (no store with `sellerId`).',
  })
  sellerSuspend(
    @Arg('input', () => SellerSuspendInput, { description: 'The store and the reason.' })
    input: SellerSuspendInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ seller: AdminSeller | null }>(
      async () => ({
        seller: await ctx.services.adminSellers.suspend(ctx.user!, input.sellerId, input.reason),
      }),
      { seller: null },
    );
  }

  @Mutation(() => AdminSellerPayload, {
    description:
      'Lifts a seller’s suspension (clearing its reason): their published resources return to the catalog. Reinstating a store that is not suspended changes nothing. Errors: NOT_FOUND (no store with `sellerId`).',
  })
  sellerReinstate(
    @Arg('input', () => SellerReinstateInput, { description: 'The store.' }) input: SellerReinstateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ seller: AdminSeller | null }>(
      async () => ({ seller: await ctx.services.adminSellers.reinstate(input.sellerId) }),
      { seller: null },
    );
  }

  @Query(() => PlatformSettings, {
    description: 'The platform-wide settings (the platform fee, the booking-hold limits).',
  })
  platformSettings(@Ctx() ctx: Context): Promise<PlatformSettings> {
    return ctx.services.platformSettings.get();
  }

  @Mutation(() => PlatformSettingsPayload, {
    description:
      'Changes the platform settings given (a field left out keeps its value): the platform fee — sales recorded from then on use it (earlier ledger rows keep theirs) — and the booking-hold limits per member. Errors: INVALID_INPUT (a fee outside 0–50 or with more than two decimals; a hold limit outside its range).',
  })
  platformSettingsUpdate(
    @Arg('input', () => PlatformSettingsUpdateInput, { description: 'The new settings.' })
    input: PlatformSettingsUpdateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ settings: PlatformSettings | null }>(
      async () => ({ settings: await ctx.services.platformSettings.update(input) }),
      { settings: null },
    );
  }
}
