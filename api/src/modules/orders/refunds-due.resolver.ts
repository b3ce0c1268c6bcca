import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { AFTER_ARG_DESCRIPTION, FIRST_ARG_DESCRIPTION, pageSize } from '../../graphql/connection';
import type { Context } from '../../graphql/context';
import { DomainError } from '../../graphql/errors';
import { RefundDue, RefundDueConnection, RefundRetryInput, RefundRetryPayload } from './refunds-due.types';

/** Admins: the automatic refunds the payment provider has not sent yet, and a try now. */
@Resolver(() => RefundDue)
export class RefundsDueResolver {
  @Query(() => RefundDueConnection, {
    description:
      'Automatic refunds still due (money taken for an order that could not be delivered, not yet given back by the payment provider), the longest due first, with how many tries failed and the last reason. They are tried again by themselves every 15 minutes; adminRefundRetry tries one now.',
  })
  adminRefundsDue(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
  ) {
    return ctx.services.refundsDue.list(pageSize(first), after);
  }

  @Mutation(() => RefundRetryPayload, {
    description:
      'Tries a due automatic refund now, with the same idempotency key as every other try (it is refunded once however often it is tried). Sent: `order` is the order, no longer due. userErrors: NOT_FOUND (no refund is due for this order: unknown, or already sent), PAYMENT_FAILED (the provider refused it again or cannot refund it here; `refund` shows it still due, this try counted).',
  })
  async adminRefundRetry(
    @Arg('input', () => RefundRetryInput, { description: 'The order whose refund to try.' })
    input: RefundRetryInput,
    @Ctx() ctx: Context,
  ): Promise<RefundRetryPayload> {
    try {
      return await ctx.services.refundsDue.retry(input.orderId);
    } catch (error) {
      if (error instanceof DomainError)
        return { order: null, refund: null, userErrors: [error.toUserError()] };
      throw error;
    }
  }
}
