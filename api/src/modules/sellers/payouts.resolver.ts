import { Arg, Ctx, FieldResolver, Int, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { allow } from 'graphql-shield';
import {
  AFTER_ARG_DESCRIPTION,
  Connection,
  FIRST_ARG_DESCRIPTION,
  pageSize,
  toConnection,
  withCursor,
} from '../../graphql/connection';
import type { Context } from '../../graphql/context';
import { SellerPayout } from './seller-payout.entity';
import { SellerTransfer } from './seller-transfer.entity';
import { isPayee } from './sellers.permissions';

@ObjectType()
export class SellerPayoutConnection extends Connection(SellerPayout, 'SellerPayout') {}

/** A seller's or instructor's payouts (payouts.ts), each with the transfers and orders it covers. */
@Resolver(() => SellerPayout)
export class PayoutsResolver {
  @Query(() => SellerPayoutConnection, {
    description:
      'The payouts Stripe made from my connected account to my bank (as a seller or an instructor: one account), newest first, each with the transfers — and so the orders — it covers.',
  })
  async myPayouts(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
  ): Promise<SellerPayoutConnection> {
    const page = await withCursor(after, () =>
      ctx.em.findByCursor(
        SellerPayout,
        { seller: ctx.user!.id },
        {
          first: pageSize(first),
          after: after ?? undefined,
          orderBy: { createdAt: 'desc', id: 'desc' },
          includeCount: true,
        },
      ),
    );
    return toConnection(page);
  }

  @FieldResolver(() => [SellerTransfer], {
    description: 'The transfers whose money this payout took to the bank, each with its order, oldest first.',
  })
  transfers(@Root() payout: SellerPayout, @Ctx() ctx: Context): Promise<SellerTransfer[]> {
    return ctx.em.find(
      SellerTransfer,
      { payoutId: payout.id },
      { orderBy: { createdAt: 'asc', id: 'asc' }, populate: ['seller'] },
    );
  }
}

export const payoutsPermissions = {
  Query: { myPayouts: isPayee },
  // Reached only through `myPayouts`.
  SellerPayout: allow,
  SellerPayoutConnection: allow,
  SellerPayoutEdge: allow,
};
