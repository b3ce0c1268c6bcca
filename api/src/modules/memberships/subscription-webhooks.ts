import type { EntityManager } from '@mikro-orm/postgresql';
import type { PaymentEvent, PaymentProvider } from '../payments';
import { claimWebhookEvent, subscriptionSnapshot, webhookEventProcessed } from '../payments';
import { userExists } from '../users';
import type { BillingSubscriptionSnapshot } from '../payments';
import { applyStripeSubscription } from './stripe-subscription-sync';
import { recordInvoice } from './subscription-state';
import { log } from '../../observability/logger';

/**
 * Stripe Billing's webhook events for memberships: `checkout.session.completed` (subscription mode),
 * `customer.subscription.*`, `invoice.paid` and `invoice.payment_failed`. Each event is applied once
 * (its id claimed in `processed_webhook_events` in the same transaction as its effect) and in any
 * order: a subscription event's payload is used only when it is clearly newer than the stored state
 * (its `created` after `stripe_synced_at`); otherwise — and for checkout and invoice events, which
 * do not carry the subscription — the subscription is read again from Stripe (before the
 * transaction, so no database lock waits on the network) and stored only if still the newest.
 */
export type SubscriptionEventOutcome = 'created' | 'updated' | 'stale' | 'duplicate' | 'ignored';

const INVOICE_TYPES = ['invoice.paid', 'invoice.payment_failed'];

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const idOf = (v: unknown): string | null =>
  str(v) ?? (v && typeof v === 'object' ? str((v as { id?: unknown }).id) : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};

/** Whether an event is about memberships (the others are orders' payments). */
export function isSubscriptionEvent(event: PaymentEvent): boolean {
  if (event.type === 'checkout.session.completed') return event.object.mode === 'subscription';
  return event.type.startsWith('customer.subscription.') || INVOICE_TYPES.includes(event.type);
}

/** The Stripe subscription an event is about. */
function subscriptionIdOf(event: PaymentEvent): string | null {
  const object = event.object;
  if (event.type.startsWith('customer.subscription.')) return str(object.id);
  if (event.type === 'checkout.session.completed') return idOf(object.subscription);
  // Invoices: `parent.subscription_details.subscription` (API 2025-03-31 on), else `subscription`.
  const details = record(record(object.parent).subscription_details);
  return idOf(details.subscription) ?? idOf(object.subscription);
}

/** True when the event was made after the state stored for its subscription (whole seconds: strictly after). */
async function clearlyNewest(em: EntityManager, subscriptionId: string, created?: Date): Promise<boolean> {
  if (!created) return false;
  const [row] = await em.execute<{ stripe_synced_at: Date | null }[]>(
    `select stripe_synced_at from subscriptions where stripe_subscription_id = ?`,
    [subscriptionId],
  );
  return !!row?.stripe_synced_at && created.getTime() > new Date(row.stripe_synced_at).getTime();
}

const isMissing = (error: unknown) => {
  const e = error as { statusCode?: number; code?: string } | null;
  return e?.statusCode === 404 || e?.code === 'resource_missing';
};

/** The subscription as the event should store it, and the time it was true. */
async function snapshotFor(
  em: EntityManager,
  event: PaymentEvent,
  subscriptionId: string,
  payments: PaymentProvider,
): Promise<{ snapshot: BillingSubscriptionSnapshot; at: Date } | null> {
  const payload = event.type.startsWith('customer.subscription.')
    ? subscriptionSnapshot(event.object as unknown as Parameters<typeof subscriptionSnapshot>[0])
    : null;
  if (payload && event.created && (await clearlyNewest(em, subscriptionId, event.created))) {
    return { snapshot: payload, at: event.created };
  }
  const at = new Date();
  try {
    return { snapshot: await payments.billing!.retrieveSubscription(subscriptionId), at };
  } catch (error) {
    // A subscription Stripe no longer has: the event's own payload is all there is.
    if (isMissing(error) && payload && event.created) return { snapshot: payload, at: event.created };
    if (isMissing(error)) return null;
    throw error;
  }
}

/** Stores the invoice of an `invoice.*` event on membership `subscriptionId` (idempotent on its id). */
async function storeInvoice(
  em: EntityManager,
  event: PaymentEvent,
  subscriptionId: string,
  userId: string,
): Promise<void> {
  const invoice = event.object;
  const invoiceId = str(invoice.id);
  if (!invoiceId) return;
  const paid = event.type === 'invoice.paid';
  const [sub] = await em.execute<{ name: string; interval: string }[]>(
    `select p.name, s.interval from subscriptions s join subscription_plans p on p.id = s.plan_id where s.id = ?`,
    [subscriptionId],
  );
  const line = record((record(invoice.lines).data as unknown[] | undefined)?.[0]);
  const period = record(line.period);
  const start = num(period.start) ?? num(invoice.period_start) ?? Date.now() / 1000;
  const end = num(period.end) ?? num(invoice.period_end) ?? start;
  const transitions = record(invoice.status_transitions);
  const paidAt = num(transitions.paid_at);
  const plan = `${sub?.name ?? 'Membership'} membership, ${sub?.interval === 'year' ? 'yearly' : 'monthly'}`;
  const reason = str(invoice.billing_reason);
  const description =
    reason === 'subscription_update'
      ? `${plan}: plan change (prorated)`
      : reason === 'subscription_cycle'
        ? `${plan}: renewal`
        : plan;
  await recordInvoice(em, {
    subscriptionId,
    userId,
    description,
    amountCents: Math.max(0, (paid ? num(invoice.amount_paid) : num(invoice.amount_due)) ?? 0),
    status: paid ? 'paid' : 'open',
    periodStart: new Date(start * 1000),
    periodEnd: new Date(Math.max(end, start) * 1000),
    paidAt: paid ? (paidAt ? new Date(paidAt * 1000) : (event.created ?? new Date())) : null,
    stripeInvoiceId: invoiceId,
    hostedInvoiceUrl: str(invoice.hosted_invoice_url),
  });
}

/**
 * Applies a verified membership event, once per event id (a repeated or concurrent delivery waits
 * for the first and then does nothing; a failed transaction leaves the id unclaimed for Stripe's
 * retry). Invoices are stored in `subscription_invoices`; the subscription's state is stored by
 * applyStripeSubscription, which past_due/paid turn into the grace period and its end.
 */
export async function applySubscriptionEvent(
  em: EntityManager,
  event: PaymentEvent,
  payments: PaymentProvider,
): Promise<SubscriptionEventOutcome> {
  if (!payments.billing) return 'ignored';
  if (await webhookEventProcessed(em, event.id)) return 'duplicate';
  const subscriptionId = subscriptionIdOf(event);
  const found = subscriptionId ? await snapshotFor(em, event, subscriptionId, payments) : null;
  return em.transactional(async (tem): Promise<SubscriptionEventOutcome> => {
    if (!(await claimWebhookEvent(tem, event, null))) return 'duplicate';
    if (!found) {
      log().warn(`[memberships] ${event.type} ${event.id}: no Stripe subscription to apply`);
      return 'ignored';
    }
    if (event.type === 'checkout.session.completed') {
      // The customer made by our checkout (normally stored already) belongs to the session's user.
      const userId = str(record(event.object.metadata).userId);
      const customerId = idOf(event.object.customer);
      if (userId && customerId && /^[0-9a-f-]{36}$/i.test(userId) && (await userExists(tem, userId))) {
        await tem.execute(
          `insert into stripe_customers (user_id, customer_id) values (?, ?) on conflict do nothing`,
          [userId, customerId],
        );
      }
    }
    const result = await applyStripeSubscription(tem, found.snapshot, { eventCreated: found.at });
    if (INVOICE_TYPES.includes(event.type) && result.subscriptionId && result.userId) {
      await storeInvoice(tem, event, result.subscriptionId, result.userId);
    }
    return result.outcome;
  });
}
