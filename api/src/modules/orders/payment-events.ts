import type { EntityManager } from '@mikro-orm/postgresql';
import type { PaymentEvent, PaymentProvider } from '../payments';
import { isUuid } from '../../lib/ids';
import { refundUndelivered, settleAutomaticRefund } from './automatic-refund';
import { markOrderFailed } from './checkout.service';
import { fulfilOrder } from './fulfilment';
import { applyPaymentCanceled } from './payment-canceled';
import { log } from '../../observability/logger';
import { claimEvent } from './claim-event';
import {
  applyProviderRefundEvent,
  isProviderRefundEvent,
  type ProviderRefundOutcome,
} from './provider-refunds';

export type EventOutcome =
  'fulfilled' | 'failed' | 'refunded' | 'duplicate' | 'ignored' | 'unchanged' | ProviderRefundOutcome;

interface OrderRow {
  id: string;
  total_cents: number;
  status: string;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

function metadataOrderId(object: Record<string, unknown>): string | null {
  const metadata = object.metadata as Record<string, unknown> | undefined;
  const id = str(metadata?.orderId) ?? str(object.client_reference_id);
  return id && isUuid(id) ? id : null;
}

/** The order an event is about: by payment reference first, else by the order id in its metadata. */
async function findOrder(
  em: EntityManager,
  reference: string | null,
  orderId: string | null,
): Promise<OrderRow | null> {
  if (reference) {
    const [row] = await em.execute<OrderRow[]>(
      'select id, total_cents, status from orders where payment_reference = ?',
      [reference],
    );
    if (row) return row;
  }
  if (orderId) {
    const [row] = await em.execute<OrderRow[]>(
      `select id, total_cents, status from orders where id = ? and payment_provider = 'stripe'`,
      [orderId],
    );
    if (row) return row;
  }
  return null;
}

/**
 * Applies a verified Stripe event, once per event id: the id is claimed in the same transaction as
 * the effect, so a repeated or concurrent delivery of the same event waits and then does nothing,
 * and a failed transaction leaves the event unclaimed for Stripe's retry. Different events about
 * one payment meet at `fulfilOrder`'s conditional UPDATE, so order does not matter either:
 * a `payment_failed` after a success changes nothing, a success after a failure still fulfils
 * (the money was taken).
 *
 * Money is never kept for nothing: a payment for an order canceled meanwhile (replaced by a newer
 * checkout, or abandoned) and a payment for an order that cannot be delivered (fulfilment refuses
 * items the buyer already has) make the order `refunded` with its refund due; after the commit
 * `payments` gives the money back (automatic-refund.ts). A refund that fails throws (500: the
 * provider delivers the event again, and the duplicate tries the refund again).
 */
export async function applyPaymentEvent(
  em: EntityManager,
  event: PaymentEvent,
  payments?: PaymentProvider,
): Promise<EventOutcome> {
  // Refunds and disputes made on Stripe's side (the dashboard, a chargeback): provider-refunds.ts.
  if (isProviderRefundEvent(event)) return applyProviderRefundEvent(em, event, payments);
  const object = event.object;
  let reference: string | null;
  let paid: boolean;
  let amount: number | null;
  switch (event.type) {
    case 'payment_intent.succeeded':
      reference = str(object.id);
      paid = true;
      amount = typeof object.amount === 'number' ? object.amount : null;
      break;
    case 'payment_intent.payment_failed':
      reference = str(object.id);
      paid = false;
      amount = null;
      break;
    case 'payment_intent.canceled':
      return applyPaymentCanceled(em, event);
    case 'checkout.session.completed':
      reference = str(object.payment_intent);
      paid = object.payment_status === 'paid';
      amount = typeof object.amount_total === 'number' ? object.amount_total : null;
      if (!paid) return 'ignored'; // async payment methods finish with another event
      break;
    default:
      return 'ignored';
  }

  const applied = await em.transactional(async (tem): Promise<[EventOutcome, string | null]> => {
    const order = await findOrder(tem, reference, metadataOrderId(object));
    if (!(await claimEvent(tem, event, order?.id ?? null))) return ['duplicate', order?.id ?? null];
    if (!order) {
      log().warn(`[payments] ${event.type} ${event.id}: no order for ${reference ?? 'unknown payment'}`);
      return ['ignored', null];
    }
    if (paid) {
      if (amount !== null && amount !== Number(order.total_cents)) {
        log().error(`[payments] ${event.id}: paid ${amount} for an order total of ${order.total_cents}`);
        return ['ignored', order.id];
      }
      if (order.status === 'canceled') {
        const refunded = await refundUndelivered(tem, order.id, 'paid after the checkout was canceled', [
          'canceled',
        ]);
        return [refunded ? 'refunded' : 'unchanged', order.id];
      }
      const fulfilled = await fulfilOrder(tem, order.id, { paymentReference: reference });
      return [fulfilled ? 'fulfilled' : 'unchanged', order.id];
    }
    return [(await markOrderFailed(tem, order.id)) ? 'failed' : 'unchanged', order.id];
  });
  const [outcome, orderId] = applied;
  if (payments && orderId && (await settleAutomaticRefund(em, payments, orderId))) return 'refunded';
  return outcome;
}
