import type { EntityManager } from '@mikro-orm/postgresql';
import { CouponsService } from '../coupons';
import type { PaymentProvider } from '../payments';
import { emitOrderEvent } from './order-webhook-events';
import { type FromStatus, markRefundDue, recordRefundSent } from './order-lifecycle';

/**
 * Money taken for an order that is not delivered goes back by itself, in two steps:
 *
 * 1. `refundUndelivered`, inside the transaction that learnt of the payment (fulfilment, or a
 *    payment for an order that was canceled meanwhile): a conditional UPDATE moves the order from
 *    the given statuses to `refunded` with the reason, sets `refund_due_at` (nothing to give back
 *    for a free order) and gives the coupon use back. Nothing is granted and no earning recorded.
 * 2. `settleAutomaticRefund`, after that commit: the provider refunds the total with the idempotency
 *    key `refund-<order id>` (a retry refunds once; a new key only after a definite refusal,
 *    `refundIdempotencyKey`), then `refund_reference` is stored and
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
  refund_refusals: number;
}

/**
 * The idempotency key of a due refund's tries: `refund-<order id>`, then `-<n>` after the provider's
 * n-th definite refusal. Stripe answers a repeated key with its first answer for 24 hours — a
 * refusal too — so a refused refund could not be tried again that day under the same key. Tries
 * between two refusals share a key (concurrent or unanswered tries refund once); a new key comes
 * only after an answer that says no refund was made, and Stripe never refunds more than the charge.
 */
export function refundIdempotencyKey(orderId: string, refusals: number): string {
  return refusals > 0 ? `refund-${orderId}-${refusals}` : `refund-${orderId}`;
}

/** Whether the provider answered that it made no refund (not a lost answer, a limit or a conflict). */
function definiteRefusal(error: unknown): boolean {
  const status = (error as { statusCode?: unknown })?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 && ![401, 409, 429].includes(status);
}

/**
 * Gives back the money of an order whose automatic refund is due (step 2 above). False when none
 * is due or the order's provider is not the active one (it stays due, logged); throws when the
 * provider fails, so a webhook answers 500 and the provider delivers it again. Every try that does
 * not send the refund is counted on the order with the reason (`refund_attempts`,
 * `refund_last_error`, `refund_last_attempt_at`: the admins' /admin/refunds page).
 */
export async function settleAutomaticRefund(
  em: EntityManager,
  payments: PaymentProvider,
  orderId: string,
): Promise<boolean> {
  const [due] = await em.execute<DueRow[]>(
    `select id, number, payment_provider, payment_reference, total_cents, refund_refusals from orders
     where id = ? and refund_due_at is not null`,
    [orderId],
  );
  if (!due) return false;
  if (due.payment_provider !== payments.name || !due.payment_reference) {
    const reason = due.payment_reference
      ? `its ${due.payment_provider} payment cannot be refunded by the active payment provider (${payments.name})`
      : `its ${due.payment_provider} payment has no reference to refund`;
    console.error(`[orders] ${due.number}: an automatic refund is due, but ${reason}`);
    await recordRefundAttemptFailed(em, due, `Not sent: ${reason}.`, false);
    return false;
  }
  let result;
  try {
    result = await payments.refund({
      reference: due.payment_reference,
      amountCents: Number(due.total_cents),
      idempotencyKey: refundIdempotencyKey(due.id, Number(due.refund_refusals)),
    });
  } catch (error) {
    await recordRefundAttemptFailed(
      em,
      due,
      (error as Error)?.message || String(error),
      definiteRefusal(error),
    );
    throw error;
  }
  if (result.status === 'failed') {
    await recordRefundAttemptFailed(em, due, 'The payment provider answered the refund as failed.', true);
    throw new Error(`The automatic refund of ${due.number} was refused`);
  }
  await recordRefundSent(em, due.id, result.reference);
  return true;
}

/**
 * One more try of a due refund that did not send it, and why (only while it is still due). A
 * definite refusal moves the tries to the next idempotency key — once per key: of concurrent tries
 * refused under the same key, one moves it.
 */
async function recordRefundAttemptFailed(
  em: EntityManager,
  due: DueRow,
  reason: string,
  refused: boolean,
): Promise<void> {
  await em.execute(
    `update orders set refund_attempts = refund_attempts + 1, refund_last_error = ?,
       refund_last_attempt_at = now(),
       refund_refusals = case when ?::boolean and refund_refusals = ? then refund_refusals + 1 else refund_refusals end
     where id = ? and refund_due_at is not null`,
    [reason.slice(0, 1000), refused, Number(due.refund_refusals), due.id],
  );
}

/**
 * Housekeeping (the `orders.retry-due-refunds` cron job, automatic-refund.jobs.ts): tries again
 * the automatic refunds still due a while after they fell due — when the provider failed and no
 * webhook redelivery or confirm came back to them. The idempotency key makes concurrent tries (a
 * confirm racing the job) refund once. Those with no failed try come first, then the longest
 * since their last failed try, so refunds the provider keeps refusing do not hold back the others.
 * Returns how many were settled.
 */
export async function retryDueRefunds(
  em: EntityManager,
  payments: PaymentProvider,
  options: { graceMs?: number; limit?: number } = {},
): Promise<number> {
  const due = await em.execute<{ id: string }[]>(
    `select id from orders where refund_due_at is not null and refund_due_at <= now() - make_interval(secs => ?)
     order by refund_last_attempt_at nulls first, refund_due_at limit ?`,
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
