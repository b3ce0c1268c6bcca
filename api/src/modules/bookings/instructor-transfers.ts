import { raw } from '@mikro-orm/core';
import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { AFTER_ARG_DESCRIPTION, FIRST_ARG_DESCRIPTION } from '../../graphql/connection';
import type { Context } from '../../graphql/context';
import { payoutBalance, PayoutBalance } from '../sellers';
import { instructorBookingOrders } from './booking-orders-sql';
import { SellerTransferConnection, transferPage } from '../sellers';
import { isInstructor } from './instructor-earnings';

/**
 * An instructor's Stripe Connect transfers of their booking earnings (the sellers module's transfer
 * job pays every ledger row alike, to the connected account of the person's store profile).
 */
@Resolver()
export class InstructorTransfersResolver {
  @Query(() => SellerTransferConnection, {
    description:
      'My transfers of booking earnings as an instructor (one per paid booking past its hold period, with its order), newest first.',
  })
  instructorTransfers(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
  ): Promise<SellerTransferConnection> {
    const instructorId = ctx.viewer!.id;
    return transferPage(
      ctx,
      {
        seller: instructorId,
        orderId: {
          $in: raw('(select order_id from bookings where instructor_id = ? and order_id is not null)', [
            instructorId,
          ]),
        },
      },
      first,
      after,
    );
  }

  @Query(() => PayoutBalance, {
    description:
      'Where my booking earnings stand against transfers (transferred, on the way, refused, waiting, reversed) and my negative balance.',
  })
  instructorPayoutBalance(@Ctx() ctx: Context): Promise<PayoutBalance> {
    return payoutBalance(ctx.em, ctx.viewer!.id, { ordersIn: instructorBookingOrders(ctx.viewer!.id) });
  }
}

export const instructorTransfersPermissions = {
  Query: {
    instructorTransfers: isInstructor,
    instructorPayoutBalance: isInstructor,
  },
};
