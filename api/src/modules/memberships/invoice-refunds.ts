import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * A membership invoice's charge refunded or disputed in Stripe (issue 33): `charge.refunded`,
 * `charge.dispute.created` and `charge.dispute.closed` about a PaymentIntent that paid a
 * subscription invoice (found with the provider's `invoiceOfPayment`: Stripe's invoice payments).
 * Called by orders/provider-refunds.ts in the transaction that claims the event's id, so each
 * event is applied once; every change is a conditional UPDATE of the invoice's row.
 *
 * - **Refund in full** (the invoice's refunds reach its amount), **dispute opened** (Stripe takes
 *   the money back when it opens) and **dispute lost**: the invoice's `access_taken_back_at` is set.
 *   The `membership_benefits` view then gives the membership nothing while that invoice's period
 *   runs: member-only courses close, member prices end and the lesson credits not yet used cannot
 *   be used (sessions already booked with credits stay). A later period paid by a new invoice gives
 *   access again.
 * - **Refund in part**: recorded (`refunded_cents`); access stays.
 * - **Dispute won** (also `warning_closed`, `prevented`): the access comes back, credits as they
 *   were — unless the invoice was meanwhile refunded in full.
 */

export type InvoiceRefundOutcome =
  'refunded' | 'partly_refunded' | 'disputed' | 'dispute_won' | 'dispute_lost' | 'unchanged' | 'ignored';

export interface MembershipInvoiceRow {
  id: string;
  number: string;
  subscription_id: string;
  amount_cents: number;
  /** The invoice's order (kind membership), moved by the orders module after this event. */
  order_id: string | null;
}

/** The stored membership invoice with this Stripe id, locked for the caller's transaction. */
export async function membershipInvoice(
  em: EntityManager,
  stripeInvoiceId: string,
): Promise<MembershipInvoiceRow | null> {
  const [row] = await em.execute<MembershipInvoiceRow[]>(
    `select id, number, subscription_id, amount_cents, order_id from subscription_invoices
     where stripe_invoice_id = ? for update`,
    [stripeInvoiceId],
  );
  return row ?? null;
}

/**
 * Applies a refund or dispute event to the invoice (already locked and the event claimed).
 * `refundedCents`: what Stripe's refunds of the charge add up to now (for `charge.refunded`).
 */
export async function applyInvoiceRefundEvent(
  em: EntityManager,
  invoice: MembershipInvoiceRow,
  event: { type: string; object: Record<string, unknown> },
  refundedCents: number,
): Promise<InvoiceRefundOutcome> {
  if (event.type === 'charge.refunded') {
    const [row] = await em.execute<{ refunded_cents: number; amount_cents: number }[]>(
      `update subscription_invoices set refunded_cents = least(amount_cents, ?),
         access_taken_back_at = case when least(amount_cents, ?) >= amount_cents
                                     then coalesce(access_taken_back_at, now()) else access_taken_back_at end
       where id = ? and refunded_cents < least(amount_cents, ?)
       returning refunded_cents, amount_cents`,
      [refundedCents, refundedCents, invoice.id, refundedCents],
    );
    if (!row) return 'unchanged';
    return Number(row.refunded_cents) >= Number(row.amount_cents) ? 'refunded' : 'partly_refunded';
  }
  if (event.type === 'charge.dispute.created') {
    const rows = await em.execute(
      `update subscription_invoices set dispute_status = 'open', access_taken_back_at = coalesce(access_taken_back_at, now())
       where id = ? and dispute_status is null returning id`,
      [invoice.id],
    );
    return rows.length ? 'disputed' : 'unchanged';
  }
  const status = typeof event.object.status === 'string' ? event.object.status : '';
  if (status === 'lost') {
    const rows = await em.execute(
      `update subscription_invoices set dispute_status = 'lost', access_taken_back_at = coalesce(access_taken_back_at, now())
       where id = ? and (dispute_status is null or dispute_status = 'open') returning id`,
      [invoice.id],
    );
    return rows.length ? 'dispute_lost' : 'unchanged';
  }
  if (status !== 'won' && status !== 'warning_closed' && status !== 'prevented') return 'ignored';
  const rows = await em.execute(
    `update subscription_invoices set dispute_status = 'won',
       access_taken_back_at = case when refunded_cents >= amount_cents then access_taken_back_at end
     where id = ? and dispute_status = 'open' returning id`,
    [invoice.id],
  );
  return rows.length ? 'dispute_won' : 'unchanged';
}
