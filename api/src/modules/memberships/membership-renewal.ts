import type { EntityManager } from '@mikro-orm/postgresql';
import { periodEnd } from './billing-period';
import { recordSubscriptionEvent } from './membership-history';
import { sendMembershipMail } from './membership-mail';
import type { BillingInterval } from './subscription.entity';
import { markPaymentFailed, recordInvoice, schedulePeriodEnd } from './subscription-state';
import { syncInvoiceOrders } from './invoice-orders';

/**
 * What happens when a membership's period ends, for memberships DRX runs itself (the test provider
 * and comps; Stripe runs its own and tells DRX by webhooks). Called by the `membership.period-end`
 * job at the period end and by the test clock. Each step locks the row and acts only if the period
 * really ended, so a job that runs twice or late does nothing wrong.
 */

export interface LockedSubscription {
  id: string;
  user_id: string;
  plan_id: string;
  plan_name: string;
  provider: 'test' | 'stripe' | 'comp';
  status: string;
  interval: BillingInterval;
  price_cents: number;
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  pending_plan_id: string | null;
  pending_interval: BillingInterval | null;
  pending_price_cents: number | null;
  grace_ends_at: Date | null;
  ended: boolean;
}

const exec = <T = unknown>(em: EntityManager, sql: string, params: unknown[]) =>
  em.getConnection().execute<T[]>(sql, params, 'all', em.getTransactionContext());

/** The subscription, locked for this transaction; `ended` tells whether its period is over. */
export async function lockSubscription(em: EntityManager, id: string): Promise<LockedSubscription | null> {
  const [row] = await exec<LockedSubscription>(
    em,
    `select s.id, s.user_id, s.plan_id, p.name as plan_name, s.provider, s.status, s.interval, s.price_cents,
            s.current_period_start, s.current_period_end, s.cancel_at_period_end, s.pending_plan_id,
            s.pending_interval, s.pending_price_cents, s.grace_ends_at, now() >= s.current_period_end as ended
       from subscriptions s join subscription_plans p on p.id = s.plan_id
      where s.id = ? for update of s`,
    [id],
  );
  if (!row) return null;
  return {
    ...row,
    current_period_start: new Date(row.current_period_start),
    current_period_end: new Date(row.current_period_end),
    grace_ends_at: row.grace_ends_at ? new Date(row.grace_ends_at) : null,
  };
}

/** Ends a membership at its period end (cancelled, comp, or still unpaid at the next renewal). */
async function endAtPeriodEnd(em: EntityManager, sub: LockedSubscription, why: string): Promise<void> {
  await exec(
    em,
    `update subscriptions set status = 'canceled', ended_at = current_period_end, cancel_at_period_end = false,
            pending_plan_id = null, pending_interval = null, pending_price_cents = null, updated_at = now()
      where id = ?`,
    [sub.id],
  );
  const voided = await exec<{ id: string }>(
    em,
    `update subscription_invoices set status = 'void' where subscription_id = ? and status = 'open' returning id`,
    [sub.id],
  );
  await syncInvoiceOrders(
    em,
    voided.map((r) => r.id),
  );
  await recordSubscriptionEvent(em, sub.id, 'ended', why);
  await sendMembershipMail(em, sub.id, 'ended');
}

/**
 * The period of a test or comp membership ended: a cancelled (or comp) one ends; a renewing one is
 * charged for the next period — paid (the test card works), or failed when `fail` (→ past_due and the
 * grace period). A pending downgrade takes effect with the new period. Stripe memberships: nothing.
 * Returns what happened.
 */
export async function processPeriodEnd(
  em: EntityManager,
  subscriptionId: string,
  options: { fail?: boolean } = {},
): Promise<'ended' | 'renewed' | 'failed' | 'none'> {
  const sub = await lockSubscription(em, subscriptionId);
  if (!sub || !sub.ended || sub.provider === 'stripe') return 'none';
  if (!['active', 'trialing', 'past_due', 'unpaid'].includes(sub.status)) return 'none';
  if (sub.cancel_at_period_end || sub.provider === 'comp') {
    await endAtPeriodEnd(
      em,
      sub,
      sub.provider === 'comp' ? 'The complimentary period ended' : 'Cancelled at the period end',
    );
    return 'ended';
  }
  if (sub.status === 'past_due' || sub.status === 'unpaid') {
    await endAtPeriodEnd(em, sub, 'Still unpaid at the next renewal');
    return 'ended';
  }
  const planId = sub.pending_plan_id ?? sub.plan_id;
  const interval = sub.pending_interval ?? sub.interval;
  const price = sub.pending_price_cents ?? sub.price_cents;
  const start = sub.current_period_end;
  const end = periodEnd(start, interval);
  await exec(
    em,
    `update subscriptions set plan_id = ?, interval = ?, price_cents = ?, status = 'active',
            current_period_start = ?, current_period_end = ?, pending_plan_id = null, pending_interval = null,
            pending_price_cents = null, updated_at = now()
      where id = ?`,
    [planId, interval, price, start, end, sub.id],
  );
  const [plan] = await exec<{ name: string }>(em, `select name from subscription_plans where id = ?`, [
    planId,
  ]);
  if (sub.pending_plan_id) {
    await recordSubscriptionEvent(
      em,
      sub.id,
      'plan_changed',
      `Now ${plan.name} (${interval}ly), as scheduled`,
    );
  }
  await recordInvoice(em, {
    subscriptionId: sub.id,
    userId: sub.user_id,
    description: `${plan.name} membership, ${interval === 'year' ? 'yearly' : 'monthly'} renewal`,
    amountCents: price,
    status: options.fail ? 'open' : 'paid',
    periodStart: start,
    periodEnd: end,
    paidAt: options.fail ? null : new Date(),
  });
  await schedulePeriodEnd(em, sub.id, end);
  if (options.fail && price > 0) {
    await markPaymentFailed(em, sub.id);
    return 'failed';
  }
  await recordSubscriptionEvent(em, sub.id, 'renewed', `Paid until ${end.toISOString()}`);
  return 'renewed';
}

/**
 * The grace period of a past_due membership ended without payment: status unpaid (benefits were
 * already off by the clock), recorded and mailed once.
 */
export async function processGraceEnd(em: EntityManager, subscriptionId: string): Promise<boolean> {
  const rows = await exec<{ id: string }>(
    em,
    `update subscriptions set status = 'unpaid', updated_at = now()
      where id = ? and status = 'past_due' and grace_ends_at <= now() returning id`,
    [subscriptionId],
  );
  if (!rows.length) return false;
  await recordSubscriptionEvent(em, subscriptionId, 'lapsed', 'The grace period ended without payment');
  await sendMembershipMail(em, subscriptionId, 'lapsed');
  return true;
}

/** The grace reminder mail, if the membership is still past_due. */
export async function sendGraceReminder(em: EntityManager, subscriptionId: string): Promise<boolean> {
  const rows = await exec<{ id: string }>(
    em,
    `select id from subscriptions where id = ? and status = 'past_due' and grace_ends_at > now()`,
    [subscriptionId],
  );
  if (!rows.length) return false;
  await recordSubscriptionEvent(
    em,
    subscriptionId,
    'grace_reminder',
    'Reminder to update the payment method',
  );
  await sendMembershipMail(em, subscriptionId, 'grace_reminder');
  return true;
}

/**
 * The test clock: moves one membership's time forward by `ms` — every instant stored on it moves
 * back by that much (its invoices and history too), which to the server's clock is the same as that
 * time passing for it.
 */
export async function shiftSubscriptionClock(
  em: EntityManager,
  subscriptionId: string,
  ms: number,
): Promise<void> {
  if (ms <= 0) return;
  const secs = ms / 1000;
  await exec(
    em,
    `update subscriptions set
        current_period_start = current_period_start - make_interval(secs => ?),
        current_period_end = current_period_end - make_interval(secs => ?),
        trial_end = trial_end - make_interval(secs => ?),
        cancel_requested_at = cancel_requested_at - make_interval(secs => ?),
        payment_failed_at = payment_failed_at - make_interval(secs => ?),
        grace_ends_at = grace_ends_at - make_interval(secs => ?),
        credits_period_start = credits_period_start - make_interval(secs => ?),
        created_at = created_at - make_interval(secs => ?)
      where id = ?`,
    [secs, secs, secs, secs, secs, secs, secs, secs, subscriptionId],
  );
  await exec(
    em,
    `update subscription_invoices set period_start = period_start - make_interval(secs => ?),
        period_end = period_end - make_interval(secs => ?), paid_at = paid_at - make_interval(secs => ?),
        created_at = created_at - make_interval(secs => ?)
      where subscription_id = ?`,
    [secs, secs, secs, secs, subscriptionId],
  );
  await exec(
    em,
    `update subscription_events set created_at = created_at - make_interval(secs => ?) where subscription_id = ?`,
    [secs, subscriptionId],
  );
}
