import type { EntityManager } from '@mikro-orm/postgresql';
import { reinstateCertificatesAfterRefund } from '../certificates';
import type { PaymentEvent, PaymentProvider } from '../payments';
import { orderLineKind } from './order-line-kinds';
import { adjustEarningsAfterRefund, restoreSaleEarnings } from '../sellers';
import { emitOrderEvent } from './order-webhook-events';
import { applyInvoiceRefundEvent, membershipInvoice } from '../memberships';
import { log } from '../../observability/logger';
import { claimEvent } from './claim-event';
import { restorePurchasedAccess } from '../learning';
import {
  type EntitlementRow,
  licencesGivenSql,
  orderLineEntitlements,
  restoreEntitlements,
} from '../resources';
import {
  markChargebackLost,
  markLinesRefunded,
  markRefundedByProvider,
  type OrderKind,
} from './order-lifecycle';
import { recordMembershipRefundEvent } from './mirrored-orders';
import { recordOrderHistory } from './order-history';
import { coveredLines, type LineRow } from './refund-coverage';
import { takeBackLines, takeBackWholeOrder } from './refund-takeback';

/**
 * Refunds and disputes made on the provider's side (issue 33): a refund issued from Stripe's
 * dashboard (`charge.refunded`, in whole or in part) and a chargeback (`charge.dispute.created`,
 * `charge.dispute.closed` won or lost). Each takes back (or gives back) through the DRX refund path
 * (refund-takeback.ts), once per event id (`processed_webhook_events`, claimed in the same
 * transaction), and every change is a conditional UPDATE, so a replayed, concurrent or late event
 * changes nothing twice.
 *
 * - **Refund in whole** (the refunded amount reaches the order's total): as a staff
 *   refund — every line taken back, earnings reversed, coupon use given back, a booking canceled
 *   with its seat freed, `order.refunded` reported.
 * - **Refund in part**: the order is `refunded` with `refundedCents` grown by what the dashboard's
 *   refunds add up to now (a total, so events in any order agree). Lines are covered
 *   in their order (position): a line is taken back when the refunded amount covers what was paid
 *   for it (line total − member discount − coupon share) together with every paid line before it;
 *   a line covered only in part is kept, and lines that cost nothing go only with a full refund.
 *   The lines taken back and kept are stated in the order's history (`order_history`).
 * - **DRX's own refunds** come back from Stripe as `charge.refunded` too. DRX's refunds carry the
 *   metadata `drx: true`; the amount a `charge.refunded` brings is what the payment's refunds
 *   *not* made by DRX add up to (`refundsOf`, asked of Stripe), kept in
 *   `orders.provider_refunded_cents`. DRX's echo adds nothing, whether it arrives before or after
 *   DRX's own transaction commits; `refunded_cents` counts both kinds.
 * - **Dispute opened**: the order is marked disputed (`dispute_status` open) and its live lines are
 *   suspended (`order_lines.suspended_at`): their downloads, licences, course access and
 *   certificates are taken back as by a refund and their earnings reversed (Stripe takes the money
 *   back from the platform when the dispute opens). The entitlements taken are kept aside
 *   (`disputed_entitlements`) to be given back as they were. A booking is not canceled while the
 *   dispute is open (a session's time cannot be given back later); it is when the dispute is lost.
 * - **Dispute won** (also `warning_closed` and `prevented`: no money lost): the suspended lines are
 *   live again — entitlements and licences back, course access and certificates back, earnings
 *   pending again.
 * - **Dispute lost**: a full refund (refunded_cents = total), as above.
 * - **A membership invoice's charge** (no order has the payment; the provider names the invoice it
 *   paid): memberships/invoice-refunds.ts — a refund in full, an open or lost dispute take back the
 *   membership access of the invoice's period (and its unused lesson credits); a won dispute gives
 *   it back. A payment neither an order's nor a stored invoice's is ignored and logged.
 */
export const PROVIDER_REFUND_EVENTS = ['charge.refunded', 'charge.dispute.created', 'charge.dispute.closed'];

export type ProviderRefundOutcome =
  'refunded' | 'partly_refunded' | 'disputed' | 'dispute_won' | 'dispute_lost';

type Outcome = ProviderRefundOutcome | 'duplicate' | 'ignored' | 'unchanged';

export const isProviderRefundEvent = (event: PaymentEvent) => PROVIDER_REFUND_EVENTS.includes(event.type);

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const idOf = (v: unknown): string | null =>
  str(v) ?? (v && typeof v === 'object' ? str((v as Record<string, unknown>).id) : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

interface OrderRow {
  id: string;
  number: string;
  user_id: string;
  kind: OrderKind;
  total_cents: number;
}

async function findOrder(em: EntityManager, paymentIntentId: string | null): Promise<OrderRow | null> {
  if (!paymentIntentId) return null;
  const [row] = await em.execute<OrderRow[]>(
    `select id, number, user_id, kind, total_cents::int as total_cents from orders where payment_reference = ?`,
    [paymentIntentId],
  );
  return row ?? null;
}

/**
 * What refunds made outside DRX gave back of a payment so far: the provider's list of its refunds
 * less those DRX made (marked by their metadata), so that DRX's own refund echoed back — even before
 * DRX's transaction recording it commits — counts for nothing here. Without a provider to ask (a
 * direct call), the charge's `amount_refunded`.
 */
async function providerRefundedCents(
  event: PaymentEvent,
  paymentIntentId: string,
  payments: PaymentProvider | undefined,
): Promise<number> {
  if (!payments) return num(event.object.amount_refunded) ?? 0;
  const refunds = await payments.refundsOf(paymentIntentId);
  return refunds.filter((r) => !r.byDrx).reduce((sum, r) => sum + r.amountCents, 0);
}

/** Applies a verified `charge.refunded` / `charge.dispute.*` event once; the outcome. */
export async function applyProviderRefundEvent(
  em: EntityManager,
  event: PaymentEvent,
  payments?: PaymentProvider,
): Promise<Outcome> {
  const object = event.object;
  const paymentIntentId = idOf(object.payment_intent);
  // Asked before the transaction (a network call); a replay or a later event asks again, and the
  // amounts only grow, so whichever commits first counts them once.
  const external =
    event.type === 'charge.refunded' && paymentIntentId
      ? await providerRefundedCents(event, paymentIntentId, payments)
      : 0;
  // A payment that is no order's may have paid a membership invoice (Stripe Billing): asked of the
  // provider before the transaction too.
  const invoiceId =
    payments && paymentIntentId && !(await findOrder(em, paymentIntentId))
      ? await payments.invoiceOfPayment(paymentIntentId)
      : null;
  return em.transactional(async (tem): Promise<Outcome> => {
    const order = await findOrder(tem, paymentIntentId);
    if (!(await claimEvent(tem, event, order?.id ?? null))) return 'duplicate';
    if (!order && invoiceId) {
      const invoice = await membershipInvoice(tem, invoiceId);
      if (invoice) {
        const outcome = await applyInvoiceRefundEvent(tem, invoice, event, external);
        // The invoice's order (kind membership) follows it through the lifecycle.
        if (invoice.order_id)
          await recordMembershipRefundEvent(
            tem,
            invoice.order_id,
            outcome,
            event,
            Math.min(external, Number(invoice.amount_cents)),
          );
        return outcome;
      }
      // The invoice's own event (invoice.paid) has not been stored yet: events come in any order.
      // Thrown, the transaction rolls back with the event unclaimed and the webhook answers 500, so
      // Stripe delivers it again (for up to three days), by when the invoice is stored.
      throw new Error(
        `${event.type} ${event.id}: membership invoice ${invoiceId} is not stored yet; Stripe will retry`,
      );
    }
    if (!order) {
      log().warn(
        `[payments] ${event.type} ${event.id}: no order for ${paymentIntentId ?? 'unknown payment'}`,
      );
      return 'ignored';
    }
    switch (event.type) {
      case 'charge.refunded':
        return chargeRefunded(tem, order, event, external);
      case 'charge.dispute.created':
        return disputeOpened(tem, order, event);
      default:
        return disputeClosed(tem, order, event);
    }
  });
}

async function orderLines(em: EntityManager, orderId: string): Promise<LineRow[]> {
  const rows = await em.execute<LineRow[]>(
    `select id, title, (line_total_cents - member_discount_cents - discount_cents)::int as paid_cents
     from order_lines where order_id = ? order by position`,
    [orderId],
  );
  return rows.map((r) => ({ ...r, paid_cents: Number(r.paid_cents) }));
}

async function chargeRefunded(
  em: EntityManager,
  order: OrderRow,
  event: PaymentEvent,
  providerRefundedCents: number,
): Promise<Outcome> {
  if (providerRefundedCents <= 0) return 'unchanged'; // only DRX's own refunds: already counted
  const moved = await markRefundedByProvider(em, order.id, {
    providerRefundedCents,
    reason: 'Refunded in Stripe',
  });
  if (!moved) return 'unchanged'; // replayed, or a later event about refunds already counted
  const refundedCents = moved.refunded_cents;
  const whole = refundedCents >= order.total_cents;
  if (!whole) {
    await em.execute(`update orders set refund_reason = ? where id = ?`, [
      `Refunded in part in Stripe: ${dollars(refundedCents)} of ${dollars(order.total_cents)}`,
      order.id,
    ]);
  }
  const lines = await orderLines(em, order.id);
  const { covered, kept } = coveredLines(lines, refundedCents, whole);
  const stamped = await markLinesRefunded(
    em,
    order.id,
    covered.map((l) => l.id),
  );
  const amount = refundedCents - moved.before_cents;
  // A booking order's booking records what was refunded of it (a refund in part leaves the session
  // booked; the instructor's earning is what is left of the price).
  const bookings =
    order.kind === 'booking' ? await orderLineKind('booking').recordProviderRefund(em, order.id, amount) : [];
  if (whole) {
    await takeBackWholeOrder(em, order, 'Refunded in Stripe');
  } else {
    await takeBackLines(em, order.id, order.user_id, stamped);
    if (order.kind === 'booking') {
      await adjustEarningsAfterRefund(em, order.id, order.total_cents - refundedCents);
    }
    await emitOrderEvent(em, 'order.refunded', order.id);
  }
  const taken = lines.filter((l) => stamped.includes(l.id)).map((l) => l.title);
  const keptTitles = kept.map((l) => l.title);
  await recordOrderHistory(em, order.id, {
    event: whole ? 'provider_refund' : 'provider_partial_refund',
    amountCents: amount,
    providerEventId: event.id,
    note: [
      `${dollars(amount)} refunded in Stripe (${dollars(refundedCents)} of ${dollars(order.total_cents)} refunded in all).`,
      taken.length ? `Taken back: ${taken.join(', ')}.` : 'Nothing more taken back.',
      !whole && keptTitles.length ? `Kept (not covered in full): ${keptTitles.join(', ')}.` : '',
      !whole && bookings.length
        ? `The booking stays booked with ${dollars(bookings[0].refunded_cents)} of its ${dollars(bookings[0].price_cents)} refunded; the instructor's earning is what is left.`
        : '',
    ]
      .filter(Boolean)
      .join(' '),
  });
  return whole ? 'refunded' : 'partly_refunded';
}

async function disputeOpened(em: EntityManager, order: OrderRow, event: PaymentEvent): Promise<Outcome> {
  const disputeId = str(event.object.id);
  const opened = await em.execute<{ id: string }[]>(
    `update orders set dispute_id = ?, dispute_status = 'open', disputed_at = now(), updated_at = now()
     where id = ? and dispute_status is null and status in ('paid', 'refunded') returning id`,
    [disputeId, order.id],
  );
  if (!opened.length) return 'unchanged';
  const suspended = await em.execute<{ id: string; title: string }[]>(
    `update order_lines set suspended_at = now()
     where order_id = ? and refunded_at is null and suspended_at is null returning id, title`,
    [order.id],
  );
  const lineIds = suspended.map((l) => l.id);
  if (lineIds.length) {
    // The lines' entitlements (resources'), kept as they were until the dispute closes.
    const kept = await orderLineEntitlements(em, lineIds);
    if (kept.length) {
      await em.execute(
        `insert into disputed_entitlements (id, order_id, user_id, resource_id, source, order_line_id, created_at)
         values ${kept.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}
         on conflict (id) do nothing`,
        kept.flatMap((e) => [
          e.id,
          order.id,
          e.user_id,
          e.resource_id,
          e.source,
          e.order_line_id,
          e.created_at,
        ]),
      );
    }
    await takeBackLines(em, order.id, order.user_id, lineIds);
  }
  const amount = num(event.object.amount);
  const why = str(event.object.reason);
  await recordOrderHistory(em, order.id, {
    event: 'dispute_opened',
    amountCents: amount,
    providerEventId: event.id,
    note: [
      `The buyer disputed the payment${amount !== null ? ` (${dollars(amount)})` : ''}${why ? `: ${why}` : ''}.`,
      suspended.length
        ? `Suspended until the dispute closes: ${suspended.map((l) => l.title).join(', ')}.`
        : 'Nothing left to suspend.',
    ].join(' '),
  });
  return 'disputed';
}

async function disputeClosed(em: EntityManager, order: OrderRow, event: PaymentEvent): Promise<Outcome> {
  const status = str(event.object.status);
  if (status === 'lost') return disputeLost(em, order, event);
  if (status !== 'won' && status !== 'warning_closed' && status !== 'prevented') return 'ignored';
  const [won] = await em.execute<{ disputed_at: Date }[]>(
    `update orders set dispute_status = 'won', updated_at = now()
     where id = ? and dispute_status = 'open' returning disputed_at`,
    [order.id],
  );
  if (!won) return 'unchanged';
  const lines = await em.execute<{ id: string; title: string; item_type: string; item_id: string }[]>(
    `update order_lines set suspended_at = null
     where order_id = ? and suspended_at is not null and refunded_at is null returning id, title, item_type, item_id`,
    [order.id],
  );
  const lineIds = lines.map((l) => l.id);
  if (lineIds.length) {
    const inLines = `(${lineIds.map(() => '?').join(', ')})`;
    const disputed = await em.execute<EntitlementRow[]>(
      `select id, user_id, resource_id, source, order_id, order_line_id, created_at from disputed_entitlements
       where order_id = ? and order_line_id in ${inLines}`,
      [order.id, ...lineIds],
    );
    await restoreEntitlements(em, disputed);
    await em.execute(
      `update order_lines ol set licences_given = ${licencesGivenSql('ol.id')}
       where ol.id in ${inLines}`,
      [...lineIds],
    );
    const courseIds = lines.filter((l) => l.item_type === 'course').map((l) => l.item_id);
    if (courseIds.length) {
      await restorePurchasedAccess(em, order.user_id, courseIds);
      await reinstateCertificatesAfterRefund(em, order.user_id, courseIds);
    }
    await restoreSaleEarnings(em, order.id, lineIds, new Date(won.disputed_at));
  }
  await em.execute(`delete from disputed_entitlements where order_id = ?`, [order.id]);
  await recordOrderHistory(em, order.id, {
    event: 'dispute_won',
    providerEventId: event.id,
    note: lines.length
      ? `The dispute was closed in DRX's favour (${status}). Given back: ${lines.map((l) => l.title).join(', ')}.`
      : `The dispute was closed in DRX's favour (${status}). Nothing to give back.`,
  });
  return 'dispute_won';
}

async function disputeLost(em: EntityManager, order: OrderRow, event: PaymentEvent): Promise<Outcome> {
  const lost = await em.execute<{ id: string }[]>(
    `update orders set dispute_id = coalesce(dispute_id, ?), dispute_status = 'lost',
       disputed_at = coalesce(disputed_at, now()), updated_at = now()
     where id = ? and (dispute_status is null or dispute_status = 'open') returning id`,
    [str(event.object.id), order.id],
  );
  if (!lost.length) return 'unchanged';
  const reason = 'Chargeback lost in Stripe';
  const moved = await markChargebackLost(em, order.id, reason);
  await markLinesRefunded(em, order.id);
  await em.execute(`delete from disputed_entitlements where order_id = ?`, [order.id]);
  if (moved) await takeBackWholeOrder(em, order, reason);
  const amount = num(event.object.amount);
  await recordOrderHistory(em, order.id, {
    event: 'dispute_lost',
    amountCents: amount,
    providerEventId: event.id,
    note: moved
      ? `The dispute was lost: the payment counts as refunded in full; everything the order gave is taken back.`
      : 'The dispute was lost; the order had already been refunded in full.',
  });
  return 'dispute_lost';
}
