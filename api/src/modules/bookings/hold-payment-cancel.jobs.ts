import type { EntityManager } from '@mikro-orm/postgresql';
import { defineJob, jobs } from '../../jobs';
import { createPaymentProvider } from '../payments';
import { orderPayment } from '../orders';

/**
 * An expired booking hold's payment is canceled at the provider (issue 33): when a hold runs out
 * (`expireHolds`: the hold's own job, the lapsed-holds sweep, or any booking write of its
 * instructor) its unpaid order is canceled in that transaction and this job is queued in it (so it
 * exists only if the expiry commits). The job cancels the order's PaymentIntent, so the member can
 * no longer pay for time that is no longer held:
 * - only an order still `canceled` with a reference of the running provider is touched;
 * - `cancelPayment` reads the PaymentIntent first and leaves a succeeded or processing one alone — a
 *   payment that went through before the cancel is handled as any late payment (the webhook's
 *   `fulfilOrder` takes the expired time again when it is still free, else refunds automatically);
 * - the cancel carries the idempotency key `cancel-<pi>`, and a canceled PaymentIntent is not
 *   canceled again: a retried or repeated job changes nothing. A network error fails the job and
 *   pg-boss retries it.
 */
export const CANCEL_HOLD_PAYMENT_JOB = 'booking.cancel-hold-payment';

interface CancelHoldPaymentData {
  orderId: string;
}

/** Queues the cancel of an expired hold's payment in the caller's transaction (once per order). */
export async function queueHoldPaymentCancel(em: EntityManager, orderId: string): Promise<void> {
  const data: CancelHoldPaymentData = { orderId };
  await jobs.send(CANCEL_HOLD_PAYMENT_JOB, data, { singletonKey: `hold-payment:${orderId}`, em });
}

defineJob<CancelHoldPaymentData>(CANCEL_HOLD_PAYMENT_JOB, async (data, ctx) => {
  const order = await orderPayment(ctx.em, data.orderId);
  if (!order?.payment_reference || order.status !== 'canceled') return;
  const payments = createPaymentProvider(ctx.config);
  if (payments.name !== order.payment_provider) return;
  await payments.cancelPayment(order.payment_reference);
});
