import type { EntityManager } from '@mikro-orm/postgresql';
import { CouponsService } from '../coupons/coupons.service';
import type { PaymentProvider } from '../payments/payment-provider';
import { emitOrderEvent } from '../webhooks/webhook-domain-events';
import { type FromStatus, markRefundDue, recordRefundSent } from './order-lifecycle';

/**
 * Money taken for an order that is not delivered goes back by itself, in two steps:
 *
 * 1. `refundUndelivered`, inside the transaction that learnt of the payment (fulfilment, or a
 *    payment for an order that was canceled meanwhile): a conditional UPDATE moves the order from
 *    the given statuses to `refunded` with the reason, sets `refund_due_at` (nothing to give back
 *    for a free order) and gives the coupon use back. Nothing is granted and no earning recorded.
 * 2. `settleAutomaticRefund`, after that commit: the provider refunds the total with the idempotency
 *    key `refund-<order id>` (a retry refunds once), then `refund_reference` is stored and
 *    `refund_due_at` cleared. Until then the order is listed by `refund_due_at is not null`; each
 *    redelivery of the payment's webhook and the buyer's confirm try again.
 */
export async function refundUndelivered(
  em: EntityManager,
  orderId: string,
  reason: string,
  from: readonly FromStatus<'refunded'>[],
  options: { paidAt?: Date; paymentReference?: string | null } = {},
): Promise<boolean> {
  const refunded = await markRefundDue(em, orderId, from, {
    paidAt: options.paidAt ?? new Date(),
    reason: `Refunded automatically: ${reason}`.slice(0, 500),
    paymentReference: options.paymentReference ?? null,
  });
  if (!refunded) return false;
  await new CouponsService(em).release(em, orderId);
  await emitOrderEvent(em, 'order.refunded', orderId);
  return true;
}

interface DueRow {
  id: string;
  number: string;
  payment_provider: string;
  payment_reference: string | null;
  total_cents: string | number;
}

/**
 * Gives back the money of an order whose automatic refund is due (step 2 above). False when none
 * is due or the order's provider is not the active one (it stays due, logged); throws when the
 * provider fails, so a webhook answers 500 and the provider delivers it again.
 */
export async function settleAutomaticRefund(
  em: EntityManager,
  payments: PaymentProvider,
  orderId: string,
): Promise<boolean> {
  const [due] = await em.execute<DueRow[]>(
    `select id, number, payment_provider, payment_reference, total_cents from orders
     where id = ? and refund_due_at is not null`,
    [orderId],
  );
  if (!due) return false;
  if (due.payment_provider !== payments.name || !due.payment_reference) {
    console.error(
      `[orders] ${due.number}: an automatic refund is due, but its ${due.payment_provider} payment cannot be refunded here`,
    );
    return false;
  }
  const result = await payments.refund({
    reference: due.payment_reference,
    amountCents: Number(due.total_cents),
    idempotencyKey: `refund-${due.id}`,
  });
  if (result.status === 'failed') throw new Error(`The automatic refund of ${due.number} was refused`);
  await recordRefundSent(em, due.id, result.reference);
  return true;
}

/**
 * Housekeeping (the `orders.retry-due-refunds` cron job, automatic-refund.jobs.ts): tries again
 * the automatic refunds still due a while after they fell due — when the provider failed and no
 * webhook redelivery or confirm came back to them. The idempotency key makes concurrent tries (a
 * confirm racing the job) refund once. Returns how many were settled.
 */
export async function retryDueRefunds(
  em: EntityManager,
  payments: PaymentProvider,
  options: { graceMs?: number; limit?: number } = {},
): Promise<number> {
  const due = await em.execute<{ id: string }[]>(
    `select id from orders where refund_due_at is not null and refund_due_at <= now() - make_interval(secs => ?)
     order by refund_due_at limit ?`,
    [(options.graceMs ?? 5 * 60_000) / 1000, options.limit ?? 20],
  );
  let settled = 0;
  for (const { id } of due) {
    try {
      if (await settleAutomaticRefund(em, payments, id)) settled += 1;
    } catch (error) {
      console.error(`[orders] the automatic refund of order ${id} failed again`, error);
    }
  }
  return settled;
}
