import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash, randomUUID } from 'node:crypto';
import {
  markCanceled,
  markChargebackLost,
  markFailed,
  markPaid,
  markRefundedByProvider,
  type OrderDraft,
  placeOrder,
} from './order-lifecycle';

/**
 * Orders whose payment another record of DRX holds: a membership's invoice (memberships: the
 * first payment, each renewal, a failed renewal, a proration; Stripe Billing or the test provider)
 * and an order of the connected store (shop: the store is its system of record). Each is placed
 * once per record (the record's idempotency key, in the record's transaction, under the record's
 * row lock) and then moved to the record's state by the lifecycle's own moves — conditional
 * UPDATEs, so a replayed or racing event moves it once and a stale one not at all. The orders API
 * does not list them (they are not `SOLD_ORDER_KINDS`); the membership's invoices and the store's
 * orders stay what members and admins read.
 */

/** The order of a record: placed if the record has none yet; its id. */
async function placeMirror(
  em: EntityManager,
  draft: Omit<OrderDraft, 'id' | 'status'>,
  orderId: string | null,
): Promise<string> {
  if (orderId) return orderId;
  const id = randomUUID();
  if (await placeOrder(em, { ...draft, id, status: 'pending' })) return id;
  const [row] = await em.execute<{ id: string }[]>(
    'select id from orders where user_id = ? and idempotency_key = ?',
    [draft.userId, draft.idempotencyKey],
  );
  if (!row) throw new Error(`The ${draft.kind} order ${draft.idempotencyKey} could not be placed`);
  return row.id;
}

/** A membership invoice as the memberships module keeps it (subscription_invoices). */
export interface MembershipPayment {
  invoiceId: string;
  /** The invoice's number (M-1001): the order's number too. */
  number: string;
  userId: string;
  amountCents: number;
  provider: string;
  /** paid; open (its payment failed, still due); void (given up: the membership ended). */
  status: 'open' | 'paid' | 'void';
  paidAt: Date | null;
  /** The invoice's order, null until placed. */
  orderId: string | null;
}

/**
 * Places (once) and moves the order of a membership invoice to the invoice's state: open →
 * failed, paid → paid (from pending or failed: a renewal paid after it failed), void → canceled.
 * Returns the order's id (the caller keeps it on the invoice).
 */
export async function recordMembershipPayment(
  em: EntityManager,
  invoice: MembershipPayment,
): Promise<string> {
  const provider = invoice.amountCents === 0 ? 'free' : invoice.provider === 'stripe' ? 'stripe' : 'test';
  const orderId = await placeMirror(
    em,
    {
      userId: invoice.userId,
      kind: 'membership',
      number: invoice.number.length <= 20 ? invoice.number : undefined,
      subtotalCents: invoice.amountCents,
      totalCents: invoice.amountCents,
      paymentProvider: provider,
      idempotencyKey: `membership-invoice:${invoice.invoiceId}`,
    },
    invoice.orderId,
  );
  if (invoice.status === 'open') await markFailed(em, orderId);
  else if (invoice.status === 'paid') await markPaid(em, orderId, { paidAt: invoice.paidAt ?? new Date() });
  else await markCanceled(em, orderId);
  return orderId;
}

/**
 * A membership invoice's charge refunded or disputed in Stripe (memberships/invoice-refunds.ts
 * told what changed): its order counts the refunds (`providerRefundedCents`: Stripe's refunds of
 * the charge so far; paid/refunded → refunded, only when it grows), the dispute (open, won) and a
 * chargeback lost (refunded in whole). Called in the transaction that claimed the event.
 */
export async function recordMembershipRefundEvent(
  em: EntityManager,
  orderId: string,
  outcome: string,
  event: { id: string; object: Record<string, unknown> },
  providerRefundedCents: number,
): Promise<void> {
  const disputeId = typeof event.object.id === 'string' ? event.object.id : null;
  if (outcome === 'refunded' || outcome === 'partly_refunded') {
    await markRefundedByProvider(em, orderId, { providerRefundedCents, reason: 'Refunded in Stripe' });
  } else if (outcome === 'disputed') {
    await em.execute(
      `update orders set dispute_id = ?, dispute_status = 'open', disputed_at = now(), updated_at = now()
       where id = ? and dispute_status is null`,
      [disputeId, orderId],
    );
  } else if (outcome === 'dispute_won') {
    await em.execute(
      `update orders set dispute_status = 'won', updated_at = now() where id = ? and dispute_status = 'open'`,
      [orderId],
    );
  } else if (outcome === 'dispute_lost') {
    await em.execute(
      `update orders set dispute_id = coalesce(dispute_id, ?), dispute_status = 'lost',
         disputed_at = coalesce(disputed_at, now()), updated_at = now()
       where id = ? and (dispute_status is null or dispute_status = 'open')`,
      [disputeId, orderId],
    );
    await markChargebackLost(em, orderId, 'Chargeback lost in Stripe');
  }
}

/** An order of the connected store that belongs to a DRX account (shop: store_orders). */
export interface StorePayment {
  storeOrderId: string;
  userId: string;
  /** The store's currency (ISO 4217); amounts are its hundredths. */
  currency: string;
  totalCents: number;
  /** pending (not paid yet), paid, canceled (before any payment) or refunded (`refundedCents` of it). */
  status: 'pending' | 'paid' | 'canceled' | 'refunded';
  refundedCents: number;
  paidAt: Date;
  orderId: string | null;
}

/** The idempotency key of a store order's mirror (the store's ids run up to 100 characters). */
const storeOrderKey = (storeOrderId: string) =>
  `store-order:${createHash('md5').update(storeOrderId).digest('hex')}`;

/**
 * Places (once) and moves the order of a store order to the state the store last told: paid
 * (pending → paid), refunded (→ paid, then refunded as far as the store's refunds go: only
 * growing), canceled (an unpaid order cancelled or voided). A paid order the store cancels without
 * a refund stays paid (the lifecycle has no paid → canceled). Returns the order's id.
 */
export async function recordStorePayment(em: EntityManager, order: StorePayment): Promise<string> {
  let orderId = order.orderId;
  if (!orderId) {
    const [number] = await em.execute<{ number: string }[]>(
      `select 'S-' || lpad(nextval('store_order_number_seq')::text, 6, '0') as number`,
    );
    orderId = await placeMirror(
      em,
      {
        userId: order.userId,
        kind: 'store',
        number: number.number,
        currency: order.currency,
        subtotalCents: order.totalCents,
        totalCents: order.totalCents,
        paymentProvider: order.totalCents === 0 ? 'free' : 'store',
        idempotencyKey: storeOrderKey(order.storeOrderId),
      },
      null,
    );
  }
  // The store gave the order to another account (its email verified there): the order follows.
  await em.execute(
    `update orders set user_id = ?, updated_at = now() where id = ? and kind = 'store' and user_id <> ?`,
    [order.userId, orderId, order.userId],
  );
  if (order.status === 'canceled') await markCanceled(em, orderId);
  if (order.status === 'paid' || order.status === 'refunded') {
    await markPaid(em, orderId, { paidAt: order.paidAt });
  }
  if (order.status === 'refunded' && order.refundedCents > 0) {
    await markRefundedByProvider(em, orderId, {
      providerRefundedCents: Math.min(order.refundedCents, order.totalCents),
      reason: 'Refunded by the store',
    });
  }
  return orderId;
}
