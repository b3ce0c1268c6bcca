import type { FilterQuery } from '@mikro-orm/core';
import { GraphQLError } from 'graphql';
import {
  Arg,
  Ctx,
  Field,
  FieldResolver,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import {
  AFTER_ARG_DESCRIPTION,
  Connection,
  FIRST_ARG_DESCRIPTION,
  pageSize,
  toConnection,
  withCursor,
} from '../../graphql/connection';
import type { Context } from '../../graphql/context';
import { UserError, userError } from '../../graphql/errors';
import { jobs } from '../../jobs';
import { payoutBalance, PayoutBalance, payoutBalancesBySeller } from './payout-balances';
import { SellerEarning } from './seller-earning.entity';
import { TRANSFER_STATUSES, SellerTransfer, type TransferStatus } from './seller-transfer.entity';
import { TRANSFER_EARNINGS_JOB } from './transfers.jobs';

@ObjectType()
export class SellerTransferConnection extends Connection(SellerTransfer, 'SellerTransfer') {}

@ObjectType({ description: 'The result of `sellerTransfersRun`.' })
export class SellerTransfersRunPayload {
  @Field({ description: 'True when the transfer job was queued.' })
  queued!: boolean;

  @Field(() => [UserError], { description: 'Why nothing was queued; empty on success.' })
  userErrors!: UserError[];
}

/** Transfers, newest first, as a connection. */
export async function transferPage(
  ctx: Context,
  where: FilterQuery<SellerTransfer>,
  first?: number,
  after?: string,
): Promise<SellerTransferConnection> {
  const size = pageSize(first);
  const page = await withCursor(after, () =>
    ctx.em.findByCursor(SellerTransfer, where, {
      first: size,
      after: after ?? undefined,
      orderBy: { createdAt: 'desc', id: 'desc' },
      includeCount: true,
      populate: ['seller'],
    }),
  );
  return toConnection(page);
}

/** Sellers' own transfers and balance; staff: every transfer, what is owed, a run now. */
@Resolver()
export class SellerTransfersResolver {
  @Query(() => SellerTransferConnection, {
    description:
      'My Stripe Connect transfers (one per sale past its hold period, with the order it covers), newest first.',
  })
  sellerTransfers(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
  ): Promise<SellerTransferConnection> {
    return transferPage(ctx, { seller: ctx.user!.id }, first, after);
  }

  @Query(() => PayoutBalance, {
    description:
      'Where my earnings stand against transfers: transferred, on the way, refused, waiting (e.g. while Stripe onboarding is incomplete), reversed, and my negative balance.',
  })
  sellerPayoutBalance(@Ctx() ctx: Context): Promise<PayoutBalance> {
    return payoutBalance(ctx.em, ctx.user!.id);
  }

  @Query(() => SellerTransferConnection, {
    description:
      'Staff: every seller’s and instructor’s transfers, newest first; `status` keeps one status (e.g. failed).',
  })
  adminSellerTransfers(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
    @Arg('status', () => String, {
      nullable: true,
      description: 'pending, paid, failed, offset or canceled; null: all.',
    })
    status?: string,
  ): Promise<SellerTransferConnection> {
    const where: FilterQuery<SellerTransfer> = {};
    if (status) {
      if (!TRANSFER_STATUSES.includes(status as TransferStatus)) {
        throw new GraphQLError(`Status must be one of ${TRANSFER_STATUSES.join(', ')}`, {
          extensions: { code: 'BAD_USER_INPUT' },
        });
      }
      where.status = status as TransferStatus;
    }
    return transferPage(ctx, where, first, after);
  }

  @Query(() => PayoutBalance, {
    description: 'Staff: every seller’s balance against transfers added up (`seller` is null).',
  })
  adminPayoutTotals(@Ctx() ctx: Context): Promise<PayoutBalance> {
    return payoutBalance(ctx.em, null);
  }

  @Query(() => [PayoutBalance], {
    description:
      'Staff: the sellers and instructors DRX owes money (waiting, on the way or refused transfers) or who owe some back (a negative balance), most first.',
  })
  adminPayoutBalances(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
  ): Promise<PayoutBalance[]> {
    return payoutBalancesBySeller(ctx.em, pageSize(first));
  }

  @Mutation(() => SellerTransfersRunPayload, {
    description:
      'Staff: queues the transfer job now (it also runs every hour): earnings past their hold period are transferred, failed and stale transfers tried again, pending reversals made. Safe to repeat: each ledger row is transferred once. Errors: CONFLICT (no job queue runs in this server).',
  })
  async sellerTransfersRun(): Promise<SellerTransfersRunPayload> {
    try {
      await jobs.send(TRANSFER_EARNINGS_JOB, {});
      return { queued: true, userErrors: [] };
    } catch {
      return {
        queued: false,
        userErrors: [userError('CONFLICT', 'The job queue is not running here; try again later.')],
      };
    }
  }
}

@Resolver(() => SellerTransfer)
export class SellerTransferFieldsResolver {
  @FieldResolver(() => SellerEarning, {
    nullable: true,
    description: 'The ledger row (sale) this transfer pays: its resource, gross, fee and net.',
  })
  earning(@Root() transfer: SellerTransfer, @Ctx() ctx: Context): Promise<SellerEarning | null> {
    return ctx.em.findOne(SellerEarning, { id: transfer.earningId });
  }
}
