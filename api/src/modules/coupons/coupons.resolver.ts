import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { pageSize } from '../../graphql/connection';
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
    description: 'All coupons, newest first; search in code and description (staff).',
  })
  adminCoupons(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('search', () => String, { nullable: true }) search?: string,
  ): Promise<CouponConnection> {
    return ctx.services.coupons.adminList(search, pageSize(first), after);
  }

  @Query(() => Coupon, { nullable: true, description: 'One coupon (staff).' })
  coupon(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Coupon | null> {
    return ctx.services.coupons.findById(id);
  }

  @FieldResolver(() => String, {
    description: 'active, scheduled (starts later), expired, used_up or inactive (deactivated).',
  })
  status(@Root() coupon: Coupon): string {
    return couponStatus(coupon);
  }

  @Mutation(() => CouponPayload, { description: 'Creates a coupon (staff).' })
  couponCreate(@Arg('input', () => CouponCreateInput) input: CouponCreateInput, @Ctx() ctx: Context) {
    return payload<{ coupon: Coupon | null }>(
      async () => ({ coupon: await ctx.services.coupons.create(input) }),
      { coupon: null },
    );
  }

  @Mutation(() => CouponPayload, { description: 'Changes a coupon (staff).' })
  couponUpdate(@Arg('input', () => CouponUpdateInput) input: CouponUpdateInput, @Ctx() ctx: Context) {
    return payload<{ coupon: Coupon | null }>(
      async () => ({ coupon: await ctx.services.coupons.update(input) }),
      { coupon: null },
    );
  }

  @Mutation(() => CouponDeletePayload, {
    description: 'Deletes a coupon never used; a used coupon is deactivated instead (staff).',
  })
  couponDelete(@Arg('input', () => CouponDeleteInput) input: CouponDeleteInput, @Ctx() ctx: Context) {
    return payload<{ deletedCouponId: string | null; deactivated: boolean; coupon: Coupon | null }>(
      () => ctx.services.coupons.delete(input.id),
      { deletedCouponId: null, deactivated: false, coupon: null },
    );
  }
}
