import { raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { allow, rule } from 'graphql-shield';
import { Arg, Ctx, Field, FieldResolver, Int, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { withAudience } from '../../graphql/audience';
import {
  AFTER_ARG_DESCRIPTION,
  FIRST_ARG_DESCRIPTION,
  pageSize,
  toConnection,
  withCursor,
} from '../../graphql/connection';
import type { Context } from '../../graphql/context';
import { forbidden, unauthenticated } from '../../graphql/errors';
import { EARNINGS_HOLD_DAYS, releaseMaturedEarnings } from '../sellers';
import { earningsSummaryOfOrders, payoutBalance } from '../sellers';
import { refundedCentsOfBookingOrders } from '../orders';
import { instructorBookingOrders } from './booking-orders-sql';
import { SellerEarning } from '../sellers';
import { SellerEarningConnection } from '../sellers';
import { hasAnyRole } from '../users';
import { Batcher } from '../../lib/batcher';
import { Booking } from './booking.entity';

/**
 * An instructor's earnings from paid bookings: the `seller_earnings` rows of their booking orders
 * (recorded by fulfilOrder, or in the booking's transaction for a session paid with a membership
 * lesson credit — booking-credit-orders.ts, gross = the price, paid by DRX —; reversed or turned
 * into the late fee by adjustEarningsAfterRefund / settleCreditOrder), read with the sellers
 * module's ledger type.
 */

/** The earnings rows of booking orders where `instructorId` is the instructor. */
const bookingOrdersOf = (instructorId: string) =>
  raw('(select order_id from bookings where instructor_id = ? and order_id is not null)', [instructorId]);

@ObjectType({
  description:
    'My earnings from paid bookings at a glance, in US cents. Reversed (fully refunded) bookings count only in the reversed and refunded totals.',
})
export class InstructorEarningsSummary {
  @Field(() => Int, { description: 'Paid bookings that still earn me something (not reversed).' })
  bookingsCount!: number;

  @Field(() => Int, {
    description:
      'What clients paid and kept paid for them (a late-cancellation fee counts as its fee); a session paid with a membership lesson credit counts at its price (DRX pays it).',
  })
  grossCents!: number;

  @Field(() => Int, { description: 'My share of `grossCents` after the platform fee.' })
  netCents!: number;

  @Field(() => Int, { description: 'Net earnings still in the hold period (younger than `holdDays`).' })
  pendingCents!: number;

  @Field(() => Int, {
    description:
      'Net earnings of my bookings past the hold period that DRX has not transferred to my Stripe account yet (waiting, on the way or refused), less the negative balance refunds left (so it may be negative), in US cents — what DRX still owes me. What was transferred is on my Stripe balance or paid out (`myPayouts`).',
  })
  availableCents!: number;

  @Field(() => Int, { description: 'Paid bookings whose earning was reversed by a full refund.' })
  reversedCount!: number;

  @Field(() => Int, { description: 'What clients had paid for those reversed bookings.' })
  reversedGrossCents!: number;

  @Field(() => Int, {
    description:
      'Everything refunded to clients on my booking orders (full refunds and late-cancellation refunds).',
  })
  refundedCents!: number;

  @Field(() => Int, { description: 'Days an earning stays pending before it becomes available.' })
  holdDays!: number;
}

export async function instructorEarningsSummary(
  em: EntityManager,
  instructorId: string,
): Promise<InstructorEarningsSummary> {
  await releaseMaturedEarnings(em, instructorId);
  // The instructor's booking orders: the earnings (sellers') and refunds (orders') of them.
  const orders = instructorBookingOrders(instructorId);
  const e = await earningsSummaryOfOrders(em, instructorId, orders.sql, orders.params);
  const refunded = await refundedCentsOfBookingOrders(em, orders.sql, orders.params);
  return {
    bookingsCount: Number(e.bookings),
    grossCents: Number(e.gross),
    netCents: Number(e.net),
    pendingCents: Number(e.pending),
    // What DRX still owes for these bookings, as the seller dashboard's Available (payout-balances.ts).
    availableCents: (await payoutBalance(em, instructorId, { ordersIn: orders })).owedCents,
    reversedCount: Number(e.reversed),
    reversedGrossCents: Number(e.reversed_gross),
    refundedCents: refunded,
    holdDays: EARNINGS_HOLD_DAYS,
  };
}

@Resolver()
export class InstructorEarningsResolver {
  @Query(() => SellerEarningConnection, {
    description:
      'My earnings from paid bookings as an instructor, one row per booking order, newest first (`booking` says which session). Reading it first marks my pending earnings past the hold period as available.',
  })
  async instructorEarnings(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
  ): Promise<SellerEarningConnection> {
    const instructorId = ctx.viewer!.id;
    const size = pageSize(first);
    await releaseMaturedEarnings(ctx.em, instructorId);
    const page = await withCursor(after, () =>
      ctx.em.findByCursor(
        SellerEarning,
        { seller: instructorId, orderId: { $in: bookingOrdersOf(instructorId) } },
        {
          first: size,
          after: after ?? undefined,
          orderBy: { createdAt: 'desc', id: 'desc' },
          includeCount: true,
        },
      ),
    );
    return toConnection(page);
  }

  @Query(() => InstructorEarningsSummary, {
    description:
      'The totals of my booking earnings as an instructor: pending, available, reversed and refunded. Reading it first marks my pending earnings past the hold period as available.',
  })
  instructorEarningsSummary(@Ctx() ctx: Context): Promise<InstructorEarningsSummary> {
    return instructorEarningsSummary(ctx.em, ctx.viewer!.id);
  }
}

@Resolver(() => SellerEarning)
export class SellerEarningBookingResolver {
  @FieldResolver(() => Booking, {
    nullable: true,
    description:
      'The booked session this earning is for (its title, time and status); null for a resource sale.',
  })
  booking(@Root() earning: SellerEarning, @Ctx() ctx: Context): Promise<Booking | null> {
    return bookingsOfEarnings(ctx).load(`${earning.orderId}|${earning.seller.id}`);
  }
}

/** Each request's batch of `SellerEarning.booking` lookups (one statement per page, not one per row). */
const earningBookings = new WeakMap<Context, Batcher<Booking | null>>();

/** The booking of each `<order id>|<instructor id>` asked for in one wave of field resolvers. */
function bookingsOfEarnings(ctx: Context): Batcher<Booking | null> {
  let batcher = earningBookings.get(ctx);
  if (!batcher) {
    batcher = new Batcher(async (keys) => {
      const orderIds = keys.map((key) => key.split('|')[0]);
      const found = await ctx.em.find(Booking, { orderId: { $in: orderIds } });
      const byKey = new Map<string, Booking | null>(keys.map((key) => [key, null]));
      for (const booking of found) {
        const key = `${booking.orderId}|${booking.instructorId}`;
        if (byKey.has(key)) byKey.set(key, booking);
      }
      return byKey;
    });
    earningBookings.set(ctx, batcher);
  }
  return batcher;
}

/** Instructors (and admins, who may hold an instructor profile); each reads only their own rows. */
export const isInstructor = withAudience(
  rule({ cache: 'contextual' })((_p, _a, ctx: Context) => {
    if (!ctx.viewer) return unauthenticated();
    return hasAnyRole(ctx.viewer, ['instructor', 'admin']) ? true : forbidden();
  }),
  'instructors (FORBIDDEN for other roles); only their own booking earnings',
);

export const instructorEarningsPermissions = {
  Query: {
    instructorEarnings: isInstructor,
    instructorEarningsSummary: isInstructor,
  },
  // Reached only through the guarded root fields above.
  InstructorEarningsSummary: allow,
};

export const instructorEarningsResolvers = [
  InstructorEarningsResolver,
  SellerEarningBookingResolver,
] as const;
