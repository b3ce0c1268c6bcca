import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { AFTER_ARG_DESCRIPTION, FIRST_ARG_DESCRIPTION, pageSize } from '../../graphql/connection';
import { payload } from '../../graphql/payload';
import { Coupon } from './coupon.entity';
import { couponStatus } from './coupon-rules';
import {
  CouponConnection,
  CouponCreateInput,
  CouponDeleteInput,
  CouponDeletePayload,
  CouponPayload,
  CouponUpdateInput,
} from './coupons.types';

/** Staff management of coupons (admins and curriculum officers; see coupons.permissions.ts). */
@Resolver(() => Coupon)
export class CouponsResolver {
  @Query(() => CouponConnection, {
    description: 'All coupons of every status, newest first, optionally filtered by a search.',
  })
  adminCoupons(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
    @Arg('search', () => String, {
      nullable: true,
      description:
        'Part of the code or description, matched case-insensitively (the first 100 characters are used); blank: all.',
    })
    search?: string,
  ): Promise<CouponConnection> {
    return ctx.services.coupons.adminList(search, pageSize(first), after);
  }

  @Query(() => Coupon, { nullable: true, description: 'One coupon by id; null when there is none.' })
  coupon(
    @Arg('id', () => ID, { description: 'The coupon’s id (Coupon.id).' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<Coupon | null> {
    return ctx.services.coupons.findById(id);
  }

  @FieldResolver(() => String, {
    description:
      'Computed now, in this order of precedence: inactive (deactivated), scheduled (starts later), expired (endsAt passed), used_up (usedCount reached usageLimit) or active.',
  })
  status(@Root() coupon: Coupon): string {
    return couponStatus(coupon);
  }

  @Mutation(() => CouponPayload, {
    description:
      'Creates a coupon; it applies at checkout from startsAt while active. userErrors: INVALID_INPUT (a value out of its range; field names it), CONFLICT (the code is taken, case-insensitively).',
  })
  couponCreate(
    @Arg('input', () => CouponCreateInput, { description: 'The new coupon’s fields.' })
    input: CouponCreateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ coupon: Coupon | null }>(
      async () => ({ coupon: await ctx.services.coupons.create(input) }),
      { coupon: null },
    );
  }

  @Mutation(() => CouponPayload, {
    description:
      'Changes a coupon (never its usedCount). Later checkouts see the change; orders already placed keep their discount. userErrors: NOT_FOUND (no such coupon), INVALID_INPUT (a value out of its range, or usageLimit below usedCount), CONFLICT (the code is taken).',
  })
  couponUpdate(
    @Arg('input', () => CouponUpdateInput, { description: 'The coupon and the fields to change.' })
    input: CouponUpdateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ coupon: Coupon | null }>(
      async () => ({ coupon: await ctx.services.coupons.update(input) }),
      { coupon: null },
    );
  }

  @Mutation(() => CouponDeletePayload, {
    description:
      'Deletes a coupon no order ever used; a used coupon is deactivated instead (active false; its orders keep their discount). userErrors: NOT_FOUND (no such coupon).',
  })
  couponDelete(
    @Arg('input', () => CouponDeleteInput, { description: 'The coupon to delete.' }) input: CouponDeleteInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ deletedCouponId: string | null; deactivated: boolean; coupon: Coupon | null }>(
      () => ctx.services.coupons.delete(input.id),
      { deletedCouponId: null, deactivated: false, coupon: null },
    );
  }
}
