import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { BillingSubscriptionSnapshot } from '../payments';
import { lockUserRow, userExists } from '../users';
import { isUpgrade } from './billing-period';
import { recordSubscriptionEvent } from './membership-history';
import { sendMembershipMail } from './membership-mail';
import { markPaymentFailed, markPaymentRecovered } from './subscription-state';
import { type BillingInterval, LIVE_STATUSES, type SubscriptionStatus } from './subscription.entity';
import { log } from '../../observability/logger';
import { isUuid } from '../../lib/ids';

/**
 * Stripe → DRX: stores what Stripe says of a subscription in its `subscriptions` row (provider
 * stripe), once per state. Called by the webhook events (subscription-webhooks.ts) and by
 * MembershipsService after its own calls to Stripe (checkout confirm, cancel, resume, change).
 */
export type StripeSyncOutcome = 'created' | 'updated' | 'stale' | 'ignored';

export interface StripeSyncResult {
  outcome: StripeSyncOutcome;
  /** The DRX subscription row (also when stale); null when ignored. */
  subscriptionId: string | null;
  userId: string | null;
}

interface Row {
  id: string;
  user_id: string;
  plan_id: string;
  interval: BillingInterval;
  price_cents: number;
  status: SubscriptionStatus;
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  cancel_requested_at: Date | null;
  ended_at: Date | null;
  pending_plan_id: string | null;
  pending_interval: BillingInterval | null;
  pending_price_cents: number | null;
  stripe_synced_at: Date | null;
}

const ENDED: SubscriptionStatus[] = ['canceled', 'incomplete_expired'];
const PAYING: SubscriptionStatus[] = ['active', 'trialing'];
const ROW_COLUMNS = `id, user_id, plan_id, interval, price_cents, status, current_period_start, current_period_end,
  cancel_at_period_end, cancel_requested_at, ended_at, pending_plan_id, pending_interval, pending_price_cents,
  stripe_synced_at`;

const exec = <T = unknown>(em: EntityManager, sql: string, params: unknown[]) =>
  em.getConnection().execute<T[]>(sql, params, 'all', em.getTransactionContext());

const intervalLabel = (interval: BillingInterval) => (interval === 'year' ? 'yearly' : 'monthly');

/** Stripe's status as DRX stores it (`paused`, which gives nothing but is not over, as unpaid). */
export function storedStatus(status: string): SubscriptionStatus {
  switch (status) {
    case 'trialing':
    case 'active':
    case 'past_due':
    case 'unpaid':
    case 'canceled':
    case 'incomplete':
    case 'incomplete_expired':
      return status;
    case 'paused':
      return 'unpaid';
    default:
      return 'incomplete';
  }
}

/** The member: the subscription's `metadata.userId` (set by our checkout), else the Stripe customer's user. */
async function userOf(em: EntityManager, snapshot: BillingSubscriptionSnapshot): Promise<string | null> {
  if (snapshot.userId && isUuid(snapshot.userId)) {
    if (await userExists(em, snapshot.userId)) return snapshot.userId;
  }
  const [customer] = await exec<{ user_id: string }>(
    em,
    `select user_id from stripe_customers where customer_id = ?`,
    [snapshot.customerId],
  );
  return customer?.user_id ?? null;
}

async function planName(em: EntityManager, planId: string): Promise<string> {
  const [plan] = await exec<{ name: string }>(em, `select name from subscription_plans where id = ?`, [
    planId,
  ]);
  return plan?.name ?? 'Membership';
}

/**
 * Ends the user's other live memberships (a test or complimentary one, or an older Stripe one) so
 * the Stripe subscription can be the one live membership the `subscriptions_one_live_per_user`
 * index allows; each gets an `ended` history event.
 */
async function endOtherLive(
  em: EntityManager,
  userId: string,
  keepId: string,
  stripeId: string,
): Promise<void> {
  const ended = await exec<{ id: string; provider: string }>(
    em,
    `update subscriptions
        set status = case when status = 'incomplete' then 'incomplete_expired' else 'canceled' end,
            ended_at = coalesce(ended_at, now()), cancel_at_period_end = false, updated_at = now()
      where user_id = ? and id <> ? and status in (${LIVE_STATUSES.map(() => '?').join(', ')})
      returning id, provider`,
    [userId, keepId, ...LIVE_STATUSES],
  );
  for (const row of ended) {
    if (row.provider === 'stripe') {
      log().warn(
        `[memberships] user ${userId} has two live Stripe subscriptions; ${row.id} ended for ${stripeId}`,
      );
    }
    await recordSubscriptionEvent(em, row.id, 'ended', `Replaced by the Stripe membership ${stripeId}`);
  }
}

/**
 * Upserts the row of Stripe subscription `snapshot.id` — only when the snapshot is newer than what
 * is stored (`stripe_synced_at`): `eventCreated` is when the snapshot was true (a webhook event's
 * `created`; for a fresh read from Stripe, when the read started — the default is now). In one
 * transaction (the caller's, if any), with the member's user row locked first (every membership
 * write of one user waits its turn, so two deliveries cannot both insert) and the row locked:
 * - status, period, trial end, cancel at period end (+ cancel_requested_at) and ended_at follow Stripe;
 *   past_due starts the grace period (markPaymentFailed), a payment after it ends it (markPaymentRecovered);
 * - a pending downgrade stays pending until Stripe's period rolls over, then the plan, interval and
 *   price take the new values; without one, Stripe's plan and price are taken — at once for an
 *   upgrade, as a pending downgrade (same as ours) for a downgrade within the period;
 * - a new live Stripe membership ends the member's other live membership (test or comp) first.
 * Each change is recorded in the membership's history.
 */
export async function applyStripeSubscription(
  em: EntityManager,
  snapshot: BillingSubscriptionSnapshot,
  opts: { eventCreated?: Date } = {},
): Promise<StripeSyncResult> {
  const syncedAt = opts.eventCreated ?? new Date();
  if (em.isInTransaction()) return apply(em, snapshot, syncedAt);
  return em.transactional((tem) => apply(tem, snapshot, syncedAt));
}

async function apply(
  em: EntityManager,
  snapshot: BillingSubscriptionSnapshot,
  syncedAt: Date,
): Promise<StripeSyncResult> {
  const [known] = await exec<{ user_id: string }>(
    em,
    `select user_id from subscriptions where stripe_subscription_id = ?`,
    [snapshot.id],
  );
  const userId = known?.user_id ?? (await userOf(em, snapshot));
  if (!userId) {
    log().warn(
      `[memberships] Stripe subscription ${snapshot.id}: no DRX user for customer ${snapshot.customerId}`,
    );
    return { outcome: 'ignored', subscriptionId: null, userId: null };
  }
  const user = await lockUserRow(em, userId);
  if (!user) return { outcome: 'ignored', subscriptionId: null, userId: null };
  const [row] = await exec<Row>(
    em,
    `select ${ROW_COLUMNS} from subscriptions where stripe_subscription_id = ? for update`,
    [snapshot.id],
  );
  if (row?.stripe_synced_at && new Date(row.stripe_synced_at).getTime() >= syncedAt.getTime()) {
    return { outcome: 'stale', subscriptionId: row.id, userId };
  }
  const [plan] =
    snapshot.planId && isUuid(snapshot.planId)
      ? await exec<{ id: string; monthly_price_cents: number; yearly_price_cents: number }>(
          em,
          `select id, monthly_price_cents, yearly_price_cents from subscription_plans where id = ?`,
          [snapshot.planId],
        )
      : [];
  const status = storedStatus(snapshot.status);
  if (!row) {
    if (!plan) {
      log().warn(
        `[memberships] Stripe subscription ${snapshot.id}: unknown plan ${snapshot.planId ?? '(none)'}`,
      );
      return { outcome: 'ignored', subscriptionId: null, userId };
    }
    return insertRow(em, snapshot, userId, plan, status, syncedAt);
  }
  await updateRow(em, row, snapshot, plan?.id ?? null, status, syncedAt);
  return { outcome: 'updated', subscriptionId: row.id, userId };
}

async function insertRow(
  em: EntityManager,
  snapshot: BillingSubscriptionSnapshot,
  userId: string,
  plan: { id: string; monthly_price_cents: number; yearly_price_cents: number },
  status: SubscriptionStatus,
  syncedAt: Date,
): Promise<StripeSyncResult> {
  const id = randomUUID();
  const interval: BillingInterval = snapshot.interval ?? 'month';
  const priceCents =
    snapshot.priceCents ?? Number(interval === 'year' ? plan.yearly_price_cents : plan.monthly_price_cents);
  const live = LIVE_STATUSES.includes(status);
  if (live) await endOtherLive(em, userId, id, snapshot.id);
  const ended = ENDED.includes(status);
  // past_due is reached through markPaymentFailed (which starts the grace period).
  const initial: SubscriptionStatus = status === 'past_due' ? 'active' : status;
  const inserted = await exec<{ id: string }>(
    em,
    `insert into subscriptions (id, user_id, plan_id, interval, price_cents, provider, status, current_period_start,
            current_period_end, trial_end, cancel_at_period_end, cancel_requested_at, ended_at,
            stripe_subscription_id, stripe_synced_at)
     values (?, ?, ?, ?, ?, 'stripe', ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (stripe_subscription_id) do nothing returning id`,
    [
      id,
      userId,
      plan.id,
      interval,
      priceCents,
      initial,
      snapshot.currentPeriodStart,
      periodEndAfter(snapshot),
      snapshot.trialEnd,
      snapshot.cancelAtPeriodEnd && !ended,
      snapshot.cancelAtPeriodEnd || ended ? (snapshot.canceledAt ?? new Date()) : null,
      ended ? (snapshot.endedAt ?? new Date()) : null,
      snapshot.id,
      syncedAt,
    ],
  );
  // The user row is locked and no row existed: a conflict means a concurrent writer broke the rule.
  if (!inserted.length) throw new Error(`Stripe subscription ${snapshot.id} was stored concurrently`);
  const name = await planName(em, plan.id);
  await recordSubscriptionEvent(
    em,
    id,
    status === 'trialing' ? 'trial_started' : 'started',
    `${name}, ${intervalLabel(interval)} (Stripe)`,
  );
  if (status === 'past_due') await markPaymentFailed(em, id);
  else if (PAYING.includes(status)) await sendMembershipMail(em, id, 'welcome');
  if (snapshot.cancelAtPeriodEnd && !ended) {
    await recordSubscriptionEvent(em, id, 'cancel_requested', 'Ends at the period end (Stripe)');
  }
  if (ended) await recordSubscriptionEvent(em, id, 'ended', `Stripe status ${snapshot.status}`);
  return { outcome: 'created', subscriptionId: id, userId };
}

/** Stripe's period end, kept after its start (the table's check) whatever an odd payload says. */
function periodEndAfter(snapshot: BillingSubscriptionSnapshot): Date {
  const start = snapshot.currentPeriodStart.getTime();
  return snapshot.currentPeriodEnd.getTime() > start ? snapshot.currentPeriodEnd : new Date(start + 1000);
}

async function updateRow(
  em: EntityManager,
  row: Row,
  snapshot: BillingSubscriptionSnapshot,
  snapshotPlanId: string | null,
  status: SubscriptionStatus,
  syncedAt: Date,
): Promise<void> {
  const storedStart = new Date(row.current_period_start).getTime();
  const rolledOver = snapshot.currentPeriodStart.getTime() > storedStart;
  const wasEnded = ENDED.includes(row.status);
  const ended = ENDED.includes(status);

  // The plan: a pending downgrade waits for the new period; otherwise Stripe's plan and price — but a
  // downgrade made in Stripe within the period (the customer portal, or our own change reported by
  // its event before our transaction stored it) also waits for the period end, as the rule says.
  let planId = row.plan_id;
  let interval = row.interval;
  let priceCents = Number(row.price_cents);
  let pending: { planId: string; interval: BillingInterval; priceCents: number } | null = row.pending_plan_id
    ? {
        planId: row.pending_plan_id,
        interval: row.pending_interval ?? interval,
        priceCents: Number(row.pending_price_cents ?? priceCents),
      }
    : null;
  let scheduled = false;
  if (pending) {
    if (rolledOver) {
      planId = snapshotPlanId ?? pending.planId;
      interval = snapshot.interval ?? pending.interval;
      priceCents = snapshot.priceCents ?? pending.priceCents;
      pending = null;
    }
  } else if (snapshotPlanId) {
    const next = { interval: snapshot.interval ?? interval, priceCents: snapshot.priceCents ?? priceCents };
    const otherPlan = snapshotPlanId !== row.plan_id || next.interval !== row.interval;
    if (otherPlan && !rolledOver && !isUpgrade({ priceCents, interval }, next)) {
      pending = { planId: snapshotPlanId, ...next };
      scheduled = true;
    } else {
      planId = snapshotPlanId;
      ({ interval, priceCents } = next);
    }
  }
  const planChanged = planId !== row.plan_id || interval !== row.interval;

  if (!LIVE_STATUSES.includes(row.status) && LIVE_STATUSES.includes(status)) {
    await endOtherLive(em, row.user_id, row.id, snapshot.id);
  }
  // Leaving past_due for a paying status ends the grace period (history, mail).
  if ((row.status === 'past_due' || row.status === 'unpaid') && PAYING.includes(status)) {
    await markPaymentRecovered(em, row.id);
  }
  // past_due is entered only through markPaymentFailed below; a stored past_due/unpaid stays as it is.
  let written: SubscriptionStatus = status;
  if (status === 'past_due') {
    written =
      row.status === 'past_due' || row.status === 'unpaid' || PAYING.includes(row.status)
        ? row.status
        : 'active';
  }
  const cancelling = snapshot.cancelAtPeriodEnd && !ended;
  const resumed = row.cancel_at_period_end && !snapshot.cancelAtPeriodEnd && !ended;
  await exec(
    em,
    `update subscriptions
        set status = ?,
            plan_id = ?, interval = ?, price_cents = ?,
            pending_plan_id = ?, pending_interval = ?, pending_price_cents = ?,
            current_period_start = ?, current_period_end = ?, trial_end = ?,
            cancel_at_period_end = ?,
            cancel_requested_at = case when ? then cancel_requested_at
                                       when ? then coalesce(cancel_requested_at, ?) else null end,
            cancel_reason = case when ? then null else cancel_reason end,
            cancel_comment = case when ? then null else cancel_comment end,
            ended_at = case when ? then coalesce(ended_at, ?) else null end,
            stripe_synced_at = ?, updated_at = now()
      where id = ?`,
    [
      written,
      planId,
      interval,
      priceCents,
      pending?.planId ?? null,
      pending?.interval ?? null,
      pending?.priceCents ?? null,
      snapshot.currentPeriodStart,
      periodEndAfter(snapshot),
      snapshot.trialEnd,
      cancelling,
      ended,
      cancelling,
      snapshot.canceledAt ?? new Date(),
      resumed,
      resumed,
      ended,
      snapshot.endedAt ?? new Date(),
      syncedAt,
      row.id,
    ],
  );

  if (scheduled && pending) {
    const name = await planName(em, pending.planId);
    await recordSubscriptionEvent(
      em,
      row.id,
      'plan_change_scheduled',
      `${name} (${intervalLabel(pending.interval)}) from the next period (Stripe)`,
    );
  }
  if (planChanged) {
    const name = await planName(em, planId);
    await recordSubscriptionEvent(em, row.id, 'plan_changed', `Now on ${name} (${intervalLabel(interval)})`);
  }
  if (rolledOver && PAYING.includes(status) && !wasEnded) {
    await recordSubscriptionEvent(
      em,
      row.id,
      'renewed',
      `New period until ${periodEndAfter(snapshot).toISOString()}`,
    );
  }
  if (cancelling && !row.cancel_at_period_end) {
    await recordSubscriptionEvent(em, row.id, 'cancel_requested', 'Ends at the period end (Stripe)');
    await sendMembershipMail(em, row.id, 'cancel_requested');
  }
  if (resumed) await recordSubscriptionEvent(em, row.id, 'resumed', 'Resumed (Stripe)');
  if (status === 'past_due') await markPaymentFailed(em, row.id);
  if (ended && !wasEnded) {
    await recordSubscriptionEvent(em, row.id, 'ended', `Stripe status ${snapshot.status}`);
    await sendMembershipMail(em, row.id, 'ended');
  }
}
