import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { jobs } from '../../jobs';
import { recordSubscriptionEvent } from './membership-history';
import { sendMembershipMail } from './membership-mail';
import { graceDays } from './membership-settings';
import { syncInvoiceOrders } from './invoice-orders';

/**
 * State changes shared by the test provider, comps and Stripe's events. Each is one conditional
 * UPDATE in the caller's transaction: it happens once, whatever the order or number of callers.
 */

const exec = <T = unknown>(em: EntityManager, sql: string, params: unknown[]) =>
  em.getConnection().execute<T[]>(sql, params, 'all', em.getTransactionContext());

export const MEMBERSHIP_PERIOD_END_JOB = 'membership.period-end';
export const MEMBERSHIP_GRACE_JOB = 'membership.grace';

/** Queues the period-end job of a membership (renewal, end, pending downgrade) in the caller's transaction. */
export async function schedulePeriodEnd(em: EntityManager, subscriptionId: string, at: Date): Promise<void> {
  await jobs.send(
    MEMBERSHIP_PERIOD_END_JOB,
    { subscriptionId },
    { startAfter: new Date(at.getTime() + 1000), singletonKey: `${subscriptionId}:${at.toISOString()}`, em },
  );
}

/**
 * A renewal payment failed: status past_due, and on the first failure the grace period starts
 * (benefits stay on until grace_ends_at; the member is mailed). True when this call started it.
 */
export async function markPaymentFailed(em: EntityManager, subscriptionId: string): Promise<boolean> {
  const days = await graceDays(em);
  const rows = await exec<{ id: string; grace_ends_at: Date }>(
    em,
    `update subscriptions set status = 'past_due', payment_failed_at = now(),
            grace_ends_at = now() + make_interval(days => ?), updated_at = now()
      where id = ? and status in ('active', 'trialing') returning id, grace_ends_at`,
    [days, subscriptionId],
  );
  if (!rows.length) return false;
  const graceEndsAt = new Date(rows[0].grace_ends_at);
  await recordSubscriptionEvent(
    em,
    subscriptionId,
    'payment_failed',
    `Grace period until ${graceEndsAt.toISOString()}`,
  );
  await sendMembershipMail(em, subscriptionId, 'payment_failed');
  // A reminder two days before the grace period ends (at once when it is shorter), and the lapse.
  const reminder = new Date(Math.max(Date.now(), graceEndsAt.getTime() - 2 * 86_400_000));
  await jobs.send(
    MEMBERSHIP_GRACE_JOB,
    { subscriptionId, step: 'reminder' },
    { startAfter: reminder, singletonKey: `${subscriptionId}:reminder:${graceEndsAt.toISOString()}`, em },
  );
  await jobs.send(
    MEMBERSHIP_GRACE_JOB,
    { subscriptionId, step: 'lapse' },
    {
      startAfter: new Date(graceEndsAt.getTime() + 1000),
      singletonKey: `${subscriptionId}:lapse:${graceEndsAt.toISOString()}`,
      em,
    },
  );
  return true;
}

/** The overdue invoice was paid: active again, the grace period cleared. True when it changed. */
export async function markPaymentRecovered(em: EntityManager, subscriptionId: string): Promise<boolean> {
  const rows = await exec<{ id: string }>(
    em,
    `update subscriptions set status = 'active', payment_failed_at = null, grace_ends_at = null, updated_at = now()
      where id = ? and status in ('past_due', 'unpaid') returning id`,
    [subscriptionId],
  );
  if (!rows.length) return false;
  await recordSubscriptionEvent(em, subscriptionId, 'payment_recovered', 'The overdue payment was made');
  await sendMembershipMail(em, subscriptionId, 'payment_recovered');
  return true;
}

export interface InvoiceInput {
  subscriptionId: string;
  userId: string;
  description: string;
  amountCents: number;
  status: 'open' | 'paid' | 'void';
  periodStart: Date;
  periodEnd: Date;
  paidAt: Date | null;
  stripeInvoiceId?: string | null;
  hostedInvoiceUrl?: string | null;
}

/**
 * Records an invoice (idempotent on the Stripe invoice id: a later call updates its status, paid
 * time and URL) and places or moves its order (invoice-orders.ts). Returns its id.
 */
export async function recordInvoice(em: EntityManager, input: InvoiceInput): Promise<string> {
  const rows = await exec<{ id: string }>(
    em,
    `insert into subscription_invoices (id, number, subscription_id, user_id, description, amount_cents, status,
            period_start, period_end, paid_at, stripe_invoice_id, hosted_invoice_url, created_at)
     values (?, 'M-' || nextval('subscription_invoice_number_seq'), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, clock_timestamp())
     on conflict (stripe_invoice_id) do update
        set status = case when subscription_invoices.status = 'paid' then 'paid' else excluded.status end,
            paid_at = coalesce(subscription_invoices.paid_at, excluded.paid_at),
            hosted_invoice_url = coalesce(excluded.hosted_invoice_url, subscription_invoices.hosted_invoice_url)
     returning id`,
    [
      randomUUID(),
      input.subscriptionId,
      input.userId,
      input.description.slice(0, 300),
      input.amountCents,
      input.status,
      input.periodStart,
      input.periodEnd,
      input.paidAt,
      input.stripeInvoiceId ?? null,
      input.hostedInvoiceUrl ?? null,
    ],
  );
  await syncInvoiceOrders(em, [rows[0].id]);
  return rows[0].id;
}
