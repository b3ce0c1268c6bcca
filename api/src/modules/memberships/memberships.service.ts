import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import { DomainError } from '../../graphql/errors';
import { sqlState } from '../bookings';
import type { PaymentProvider } from '../payments';
import type { BillingSubscriptionSnapshot } from '../payments';
import type { User } from '../users';
import { isUuid } from '../../lib/ids';
import { isUpgrade, periodEnd, prorationCents } from './billing-period';
import { recordSubscriptionEvent } from './membership-history';
import { sendMembershipMail } from './membership-mail';
import {
  lockSubscription,
  processGraceEnd,
  processPeriodEnd,
  shiftSubscriptionClock,
} from './membership-renewal';
import { applyStripeSubscription } from './stripe-subscription-sync';
import { SubscriptionInvoice } from './subscription-invoice.entity';
import { SubscriptionPlan } from './subscription-plan.entity';
import { BILLING_INTERVALS, type BillingInterval, LIVE_STATUSES, Subscription } from './subscription.entity';
import { markPaymentRecovered, recordInvoice, schedulePeriodEnd } from './subscription-state';
import { syncInvoiceOrders } from './invoice-orders';

export const CANCEL_REASONS = [
  'too_expensive',
  'not_using',
  'missing_features',
  'switching',
  'technical',
  'other',
] as const;

export const TEST_CLOCK_ACTIONS = ['RENEW', 'FAIL_RENEWAL', 'END_PERIOD', 'END_GRACE'] as const;
export type TestClockAction = (typeof TEST_CLOCK_ACTIONS)[number];

export const ALREADY_MEMBER = 'You already have a membership — change your plan instead';
export const NO_MEMBERSHIP = 'You have no membership';

const exec = <T = unknown>(em: EntityManager, sql: string, params: unknown[]) =>
  em.getConnection().execute<T[]>(sql, params, 'all', em.getTransactionContext());

const priceOf = (plan: SubscriptionPlan, interval: BillingInterval) =>
  interval === 'year' ? plan.yearlyPriceCents : plan.monthlyPriceCents;
const intervalLabel = (interval: BillingInterval) => (interval === 'year' ? 'yearly' : 'monthly');

/**
 * Members' side of memberships: join (test provider at once; Stripe Checkout with keys), cancel at
 * the period end, resume, change plan (upgrade now, downgrade at the period end), pay an overdue
 * invoice, and the test clock. Benefits are never decided here: the `subscription_states` view does.
 */
export class MembershipsService {
  constructor(
    private readonly em: EntityManager,
    private readonly payments: PaymentProvider,
    private readonly config: Pick<Config, 'publicUrl' | 'production'>,
  ) {}

  /** The plans offered now, in their order. */
  plans(): Promise<SubscriptionPlan[]> {
    return this.em.find(SubscriptionPlan, { active: true }, { orderBy: { position: 'asc', name: 'asc' } });
  }

  /** My live membership, else my newest one; null when I never had one. */
  async mine(userId: string): Promise<Subscription | null> {
    const [live] = await this.em.find(
      Subscription,
      { user: userId },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: 10, refresh: true },
    );
    if (!live) return null;
    const all = await this.em.find(
      Subscription,
      { user: userId, status: { $in: LIVE_STATUSES } },
      { refresh: true, limit: 1 },
    );
    return all[0] ?? live;
  }

  private async requireLive(userId: string): Promise<Subscription> {
    const [sub] = await this.em.find(
      Subscription,
      { user: userId, status: { $in: LIVE_STATUSES } },
      { refresh: true, limit: 1 },
    );
    if (!sub) throw new DomainError('NOT_FOUND', NO_MEMBERSHIP);
    return sub;
  }

  private async activePlan(planId: string | null | undefined, interval: string | null | undefined) {
    if (!interval || !(BILLING_INTERVALS as readonly string[]).includes(interval)) {
      throw new DomainError('INVALID_INPUT', 'Choose monthly or yearly billing', 'interval');
    }
    const plan = planId && isUuid(planId) ? await this.em.findOne(SubscriptionPlan, { id: planId }) : null;
    if (!plan) throw new DomainError('NOT_FOUND', 'Plan not found', 'planId');
    if (!plan.active) throw new DomainError('INVALID_INPUT', 'This plan is no longer offered', 'planId');
    return {
      plan,
      interval: interval as BillingInterval,
      priceCents: priceOf(plan, interval as BillingInterval),
    };
  }

  /**
   * Starts a membership. With Stripe: a Stripe Checkout session in subscription mode (the
   * membership exists once Stripe reports it); otherwise the test provider subscribes at once — with
   * the plan's trial on a first membership.
   */
  async checkout(
    user: User,
    input: { planId: string; interval: string; idempotencyKey?: string | null },
  ): Promise<{ subscription: Subscription | null; checkoutUrl: string | null }> {
    const { plan, interval, priceCents } = await this.activePlan(input.planId, input.interval);
    const [live] = await exec(
      this.em,
      `select 1 from subscriptions where user_id = ? and status in ('incomplete', 'trialing', 'active', 'past_due', 'unpaid')`,
      [user.id],
    );
    if (live) throw new DomainError('CONFLICT', ALREADY_MEMBER, 'planId');
    this.payments.assertAvailable();
    if (this.payments.billing) {
      return {
        subscription: null,
        checkoutUrl: await this.stripeCheckout(user, plan, interval, input.idempotencyKey),
      };
    }
    const id = await this.em.transactional(async (tem) => {
      const [{ had }] = await exec<{ had: boolean }>(
        tem,
        `select exists (select 1 from subscriptions where user_id = ?) as had`,
        [user.id],
      );
      const trialDays = had ? 0 : plan.trialDays;
      const now = new Date();
      const end = trialDays > 0 ? new Date(now.getTime() + trialDays * 86_400_000) : periodEnd(now, interval);
      const subscriptionId = randomUUID();
      try {
        await exec(
          tem,
          `insert into subscriptions (id, user_id, plan_id, interval, price_cents, provider, status,
                  current_period_start, current_period_end, trial_end, credits_period_start)
           values (?, ?, ?, ?, ?, 'test', ?, ?, ?, ?, ?)`,
          [
            subscriptionId,
            user.id,
            plan.id,
            interval,
            priceCents,
            trialDays > 0 ? 'trialing' : 'active',
            now,
            end,
            trialDays > 0 ? end : null,
            now,
          ],
        );
      } catch (error) {
        if (sqlState(error) === '23505') throw new DomainError('CONFLICT', ALREADY_MEMBER, 'planId');
        throw error;
      }
      if (trialDays > 0) {
        await recordSubscriptionEvent(
          tem,
          subscriptionId,
          'trial_started',
          `${plan.name}, ${trialDays}-day trial`,
        );
      } else {
        await recordInvoice(tem, {
          subscriptionId,
          userId: user.id,
          description: `${plan.name} membership, ${intervalLabel(interval)}`,
          amountCents: priceCents,
          status: 'paid',
          periodStart: now,
          periodEnd: end,
          paidAt: now,
        });
        await recordSubscriptionEvent(
          tem,
          subscriptionId,
          'started',
          `${plan.name}, ${intervalLabel(interval)}`,
        );
      }
      await schedulePeriodEnd(tem, subscriptionId, end);
      await sendMembershipMail(tem, subscriptionId, 'welcome');
      return subscriptionId;
    });
    return {
      subscription: await this.em.findOneOrFail(Subscription, { id }, { refresh: true }),
      checkoutUrl: null,
    };
  }

  /** The user's Stripe customer: made once (an idempotency key per user settles a race). */
  private async stripeCustomer(user: User): Promise<string> {
    const [known] = await exec<{ customer_id: string }>(
      this.em,
      `select customer_id from stripe_customers where user_id = ?`,
      [user.id],
    );
    if (known) return known.customer_id;
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
    const { customerId } = await this.payments.billing!.createCustomer({
      userId: user.id,
      email: user.email ?? null,
      name,
      idempotencyKey: `customer-${user.id}`,
    });
    const [row] = await exec<{ customer_id: string }>(
      this.em,
      `insert into stripe_customers (user_id, customer_id) values (?, ?)
       on conflict (user_id) do update set user_id = excluded.user_id returning customer_id`,
      [user.id, customerId],
    );
    return row.customer_id;
  }

  /** The plan's Stripe price for an interval: made at the first checkout after a price change. */
  private async stripePrice(plan: SubscriptionPlan, interval: BillingInterval): Promise<string> {
    const column = interval === 'year' ? 'stripe_yearly_price_id' : 'stripe_monthly_price_id';
    const current = interval === 'year' ? plan.stripeYearlyPriceId : plan.stripeMonthlyPriceId;
    if (current) return current;
    const amountCents = priceOf(plan, interval);
    const { productId, priceId } = await this.payments.billing!.createPrice({
      productId: plan.stripeProductId ?? null,
      planId: plan.id,
      planName: plan.name,
      interval,
      amountCents,
      idempotencyKey: `price-${plan.id}-${interval}-${amountCents}`,
    });
    const [row] = await exec<{ price_id: string }>(
      this.em,
      `update subscription_plans set stripe_product_id = coalesce(stripe_product_id, ?),
              ${column} = coalesce(${column}, ?) where id = ? returning ${column} as price_id`,
      [productId, priceId, plan.id],
    );
    return row?.price_id ?? priceId;
  }

  private async stripeCheckout(
    user: User,
    plan: SubscriptionPlan,
    interval: BillingInterval,
    idempotencyKey?: string | null,
  ): Promise<string> {
    const customerId = await this.stripeCustomer(user);
    const priceId = await this.stripePrice(plan, interval);
    const [{ had }] = await exec<{ had: boolean }>(
      this.em,
      `select exists (select 1 from subscriptions where user_id = ?) as had`,
      [user.id],
    );
    const base = this.config.publicUrl.replace(/\/+$/, '');
    const session = await this.payments.billing!.createCheckoutSession({
      customerId,
      priceId,
      trialDays: had ? 0 : plan.trialDays,
      successUrl: `${base}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/subscription`,
      metadata: { userId: user.id, planId: plan.id, interval },
      idempotencyKey: `sub-checkout-${user.id}-${idempotencyKey?.slice(0, 100) || randomUUID()}`,
    });
    return session.url;
  }

  /**
   * After Stripe Checkout's redirect: reads the session and its subscription from Stripe and stores
   * it, so the success page confirms even when the webhook comes later. Test provider: my membership.
   */
  async confirmCheckout(user: User, sessionId: string): Promise<Subscription | null> {
    const billing = this.payments.billing;
    if (!billing) return this.mine(user.id);
    if (!sessionId || !/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) {
      throw new DomainError('INVALID_INPUT', 'Unknown checkout session', 'sessionId');
    }
    const session = await billing.retrieveCheckoutSession(sessionId).catch(() => null);
    if (!session || session.metadata.userId !== user.id) {
      throw new DomainError('NOT_FOUND', 'Unknown checkout session', 'sessionId');
    }
    if (session.status === 'complete' && session.subscriptionId) {
      const snapshot = await billing.retrieveSubscription(session.subscriptionId);
      await this.em.transactional((tem) => applyStripeSubscription(tem, snapshot, {}));
    }
    return this.mine(user.id);
  }

  /** Cancels at the period end (benefits until then; resumable); a past_due membership ends now. */
  async cancel(
    user: User,
    input: { reason?: string | null; comment?: string | null },
  ): Promise<Subscription> {
    const reason = input.reason?.trim() || null;
    if (reason && !(CANCEL_REASONS as readonly string[]).includes(reason)) {
      throw new DomainError('INVALID_INPUT', `Choose a reason among ${CANCEL_REASONS.join(', ')}`, 'reason');
    }
    const comment = input.comment?.trim().slice(0, 1000) || null;
    const sub = await this.requireLive(user.id);
    if (sub.provider === 'comp') {
      throw new DomainError('CONFLICT', 'A complimentary membership ends by itself on its end date');
    }
    if (sub.cancelAtPeriodEnd) throw new DomainError('CONFLICT', 'Your membership is already cancelled');
    const endsNow = sub.status === 'past_due' || sub.status === 'unpaid';
    let snapshot: BillingSubscriptionSnapshot | null = null;
    if (sub.provider === 'stripe' && this.payments.billing && sub.stripeSubscriptionId) {
      const key = `cancel-${sub.id}-${randomUUID()}`;
      snapshot = endsNow
        ? await this.payments.billing.cancelNow({
            subscriptionId: sub.stripeSubscriptionId,
            idempotencyKey: key,
          })
        : await this.payments.billing.setCancelAtPeriodEnd({
            subscriptionId: sub.stripeSubscriptionId,
            cancel: true,
            idempotencyKey: key,
          });
    }
    await this.em.transactional(async (tem) => {
      // Stripe's webhook may have stored the change already (between Stripe's answer and this
      // transaction): then the change stands, only the reason is added, and no second mail goes out.
      const [before] = await exec<{ status: string; cancel_at_period_end: boolean }>(
        tem,
        `select status, cancel_at_period_end from subscriptions where id = ? for update`,
        [sub.id],
      );
      const alreadyDone =
        snapshot !== null &&
        (endsNow ? before?.status === 'canceled' : before?.cancel_at_period_end === true);
      const rows = alreadyDone
        ? await exec(
            tem,
            `update subscriptions set cancel_requested_at = coalesce(cancel_requested_at, now()), cancel_reason = ?,
                    cancel_comment = ?, updated_at = now() where id = ? returning id`,
            [reason, comment, sub.id],
          )
        : endsNow
          ? await exec(
              tem,
              `update subscriptions set status = 'canceled', ended_at = now(), cancel_requested_at = now(),
                      cancel_reason = ?, cancel_comment = ?, updated_at = now()
                where id = ? and status in ('past_due', 'unpaid') returning id`,
              [reason, comment, sub.id],
            )
          : await exec(
              tem,
              `update subscriptions set cancel_at_period_end = true, cancel_requested_at = now(), cancel_reason = ?,
                      cancel_comment = ?, updated_at = now()
                where id = ? and status in ('active', 'trialing') and not cancel_at_period_end returning id`,
              [reason, comment, sub.id],
            );
      if (!rows.length) throw new DomainError('CONFLICT', 'Your membership is already cancelled');
      if (endsNow) {
        const voided = await exec<{ id: string }>(
          tem,
          `update subscription_invoices set status = 'void' where subscription_id = ? and status = 'open' returning id`,
          [sub.id],
        );
        await syncInvoiceOrders(
          tem,
          voided.map((r) => r.id),
        );
      }
      if (!alreadyDone) {
        const why = [reason, comment].filter(Boolean).join(': ');
        await recordSubscriptionEvent(tem, sub.id, endsNow ? 'ended' : 'cancel_requested', why, user.id);
        await sendMembershipMail(tem, sub.id, endsNow ? 'ended' : 'cancel_requested');
      }
      if (snapshot) await applyStripeSubscription(tem, snapshot, {});
    });
    return this.em.findOneOrFail(Subscription, { id: sub.id }, { refresh: true });
  }

  /** Takes back a cancellation before the period ends. */
  async resume(user: User): Promise<Subscription> {
    const sub = await this.requireLive(user.id);
    if (!sub.cancelAtPeriodEnd || sub.provider === 'comp') {
      throw new DomainError('CONFLICT', 'Your membership is not cancelled');
    }
    let snapshot: BillingSubscriptionSnapshot | null = null;
    if (sub.provider === 'stripe' && this.payments.billing && sub.stripeSubscriptionId) {
      snapshot = await this.payments.billing.setCancelAtPeriodEnd({
        subscriptionId: sub.stripeSubscriptionId,
        cancel: false,
        idempotencyKey: `resume-${sub.id}-${randomUUID()}`,
      });
    }
    await this.em.transactional(async (tem) => {
      const rows = await exec<{ id: string }>(
        tem,
        `update subscriptions set cancel_at_period_end = false, cancel_requested_at = null, cancel_reason = null,
                cancel_comment = null, updated_at = now()
          where id = ? and cancel_at_period_end and status in ('active', 'trialing') and now() < current_period_end
          returning id`,
        [sub.id],
      );
      // With Stripe, its webhook may have stored the resumption already: that is a success too.
      const resumedByStripe =
        !rows.length &&
        snapshot !== null &&
        (
          await exec(
            tem,
            `select 1 from subscriptions where id = ? and not cancel_at_period_end and status in ('active', 'trialing')`,
            [sub.id],
          )
        ).length > 0;
      if (!rows.length && !resumedByStripe) {
        throw new DomainError('CONFLICT', 'This membership has ended and cannot be resumed');
      }
      if (rows.length) await recordSubscriptionEvent(tem, sub.id, 'resumed', '', user.id);
      if (snapshot) await applyStripeSubscription(tem, snapshot, {});
    });
    return this.em.findOneOrFail(Subscription, { id: sub.id }, { refresh: true });
  }

  /**
   * Changes plan or interval: an upgrade at once (charged pro rata; Stripe prorates), a downgrade at
   * the period end. Choosing my current plan again drops a scheduled change.
   */
  async change(user: User, input: { planId: string; interval: string }): Promise<Subscription> {
    const { plan, interval, priceCents } = await this.activePlan(input.planId, input.interval);
    const sub = await this.requireLive(user.id);
    if (sub.provider === 'comp')
      throw new DomainError('CONFLICT', 'A complimentary membership cannot be changed');
    if (sub.status === 'past_due' || sub.status === 'unpaid') {
      throw new DomainError('CONFLICT', 'Update your payment method before changing plan');
    }
    if (sub.cancelAtPeriodEnd)
      throw new DomainError('CONFLICT', 'Resume your membership before changing plan');
    const same = sub.plan.id === plan.id && sub.interval === interval;
    if (same && !sub.pendingPlan)
      throw new DomainError('INVALID_INPUT', 'This is already your plan', 'planId');
    const upgrade =
      !same && isUpgrade({ priceCents: sub.priceCents, interval: sub.interval }, { priceCents, interval });
    let snapshot: BillingSubscriptionSnapshot | null = null;
    if (sub.provider === 'stripe' && this.payments.billing && sub.stripeSubscriptionId) {
      const priceId = await this.stripePrice(plan, interval);
      snapshot = await this.payments.billing.changePrice({
        subscriptionId: sub.stripeSubscriptionId,
        priceId,
        prorate: upgrade,
        idempotencyKey: `change-${sub.id}-${randomUUID()}`,
      });
    }
    await this.em.transactional(async (tem) => {
      const locked = await lockSubscription(tem, sub.id);
      if (!locked || !['active', 'trialing'].includes(locked.status)) {
        throw new DomainError('CONFLICT', 'Your membership changed meanwhile — try again');
      }
      if (same) {
        await exec(
          tem,
          `update subscriptions set pending_plan_id = null, pending_interval = null, pending_price_cents = null,
                  updated_at = now() where id = ?`,
          [sub.id],
        );
        await recordSubscriptionEvent(
          tem,
          sub.id,
          'plan_change_canceled',
          `Staying on ${plan.name}`,
          user.id,
        );
      } else if (!upgrade) {
        await exec(
          tem,
          `update subscriptions set pending_plan_id = ?, pending_interval = ?, pending_price_cents = ?, updated_at = now()
            where id = ?`,
          [plan.id, interval, priceCents, sub.id],
        );
        await recordSubscriptionEvent(
          tem,
          sub.id,
          'plan_change_scheduled',
          `${plan.name} (${intervalLabel(interval)}) from ${locked.current_period_end.toISOString()}`,
          user.id,
        );
      } else {
        await this.upgradeNow(tem, locked, plan, interval, priceCents, user.id, snapshot !== null);
      }
      if (snapshot) await applyStripeSubscription(tem, snapshot, {});
    });
    return this.em.findOneOrFail(Subscription, { id: sub.id }, { refresh: true });
  }

  /** An upgrade now: the plan changes at once; the test provider charges the proration itself. */
  private async upgradeNow(
    em: EntityManager,
    sub: Awaited<ReturnType<typeof lockSubscription>> & object,
    plan: SubscriptionPlan,
    interval: BillingInterval,
    priceCents: number,
    actorId: string,
    stripe: boolean,
  ): Promise<void> {
    const now = new Date();
    const newPeriod = sub.interval !== interval && sub.status !== 'trialing';
    const start = newPeriod ? now : sub.current_period_start;
    const end = newPeriod ? periodEnd(now, interval) : sub.current_period_end;
    await exec(
      em,
      `update subscriptions set plan_id = ?, interval = ?, price_cents = ?, current_period_start = ?,
              current_period_end = ?, pending_plan_id = null, pending_interval = null, pending_price_cents = null,
              updated_at = now()
        where id = ?`,
      [plan.id, interval, priceCents, start, end, sub.id],
    );
    await recordSubscriptionEvent(
      em,
      sub.id,
      'plan_changed',
      `Upgraded to ${plan.name} (${intervalLabel(interval)})`,
      actorId,
    );
    if (stripe || sub.status === 'trialing') return;
    const charge = prorationCents({
      currentPriceCents: sub.price_cents,
      nextPriceCents: priceCents,
      sameInterval: !newPeriod,
      periodStart: sub.current_period_start,
      periodEnd: sub.current_period_end,
      now,
    });
    if (charge > 0) {
      await recordInvoice(em, {
        subscriptionId: sub.id,
        userId: sub.user_id,
        description: `Upgrade to ${plan.name} (${intervalLabel(interval)}), prorated`,
        amountCents: charge,
        status: 'paid',
        periodStart: now,
        periodEnd: end,
        paidAt: now,
      });
    }
    if (newPeriod) await schedulePeriodEnd(em, sub.id, end);
  }

  /**
   * Update the payment method: Stripe's customer portal; with the test provider the new "card" pays
   * the open invoice at once (a lapsed or past_due membership is active again).
   */
  async updatePaymentMethod(user: User): Promise<{ url: string | null; subscription: Subscription }> {
    const sub = await this.requireLive(user.id);
    if (sub.provider === 'stripe' && this.payments.billing) {
      const [row] = await exec<{ customer_id: string }>(
        this.em,
        `select customer_id from stripe_customers where user_id = ?`,
        [user.id],
      );
      if (!row) throw new DomainError('NOT_FOUND', 'No payment method on file');
      const { url } = await this.payments.billing.createPortalSession({
        customerId: row.customer_id,
        returnUrl: `${this.config.publicUrl.replace(/\/+$/, '')}/subscription`,
      });
      return { url, subscription: sub };
    }
    if (sub.provider === 'test') {
      await this.em.transactional(async (tem) => {
        const paid = await exec<{ id: string }>(
          tem,
          `update subscription_invoices set status = 'paid', paid_at = now()
            where subscription_id = ? and status = 'open' returning id`,
          [sub.id],
        );
        await syncInvoiceOrders(
          tem,
          paid.map((r) => r.id),
        );
        if (paid.length) await markPaymentRecovered(tem, sub.id);
      });
    }
    return {
      url: null,
      subscription: await this.em.findOneOrFail(Subscription, { id: sub.id }, { refresh: true }),
    };
  }

  /** My invoices, newest first. */
  invoices(subscriptionId: string): Promise<SubscriptionInvoice[]> {
    return this.em.find(
      SubscriptionInvoice,
      { subscription: subscriptionId },
      { orderBy: { createdAt: 'desc', id: 'desc' } },
    );
  }

  /** An invoice of mine (or any, for staff), or null. */
  async invoice(user: User, id: string, staff: boolean): Promise<SubscriptionInvoice | null> {
    if (!isUuid(id)) return null;
    const invoice = await this.em.findOne(
      SubscriptionInvoice,
      { id },
      { populate: ['subscription', 'user'] },
    );
    if (!invoice || (!staff && invoice.user.id !== user.id)) return null;
    return invoice;
  }

  /** Whether the test clock may be used: the test provider, outside production. */
  testClockAvailable(): boolean {
    return !this.config.production && !this.payments.billing && this.payments.name === 'test';
  }

  /**
   * The test clock (test payments outside production only): RENEW — the period ends and the renewal
   * is paid; FAIL_RENEWAL — it ends and the renewal fails (past_due, grace); END_PERIOD — time passes
   * to the period end and what would happen happens (a cancelled membership ends, others renew);
   * END_GRACE — the grace period of a past_due membership runs out.
   */
  async testClock(
    user: User,
    input: { action: TestClockAction; subscriptionId?: string | null },
    staff: boolean,
  ): Promise<Subscription> {
    if (!this.testClockAvailable()) {
      throw new DomainError('FORBIDDEN', 'The test clock exists only with test payments, outside production');
    }
    let sub: Subscription | null;
    if (input.subscriptionId) {
      sub = isUuid(input.subscriptionId)
        ? await this.em.findOne(Subscription, { id: input.subscriptionId }, { refresh: true })
        : null;
      if (!sub || (!staff && sub.user.id !== user.id)) {
        throw new DomainError('NOT_FOUND', 'Membership not found', 'subscriptionId');
      }
    } else {
      sub = await this.requireLive(user.id);
    }
    if (!LIVE_STATUSES.includes(sub.status)) throw new DomainError('CONFLICT', 'This membership has ended');
    const id = sub.id;
    await this.em.transactional(async (tem) => {
      const locked = await lockSubscription(tem, id);
      if (!locked) throw new DomainError('NOT_FOUND', 'Membership not found', 'subscriptionId');
      const untilEnd = locked.current_period_end.getTime() - Date.now();
      switch (input.action) {
        case 'RENEW':
        case 'FAIL_RENEWAL': {
          if (locked.cancel_at_period_end || locked.provider === 'comp') {
            throw new DomainError('CONFLICT', 'This membership does not renew — it ends at the period end');
          }
          if (locked.status === 'past_due' || locked.status === 'unpaid') {
            throw new DomainError(
              'CONFLICT',
              'A payment is overdue — pay it (update the payment method) first',
            );
          }
          await shiftSubscriptionClock(tem, id, untilEnd + 1000);
          await processPeriodEnd(tem, id, { fail: input.action === 'FAIL_RENEWAL' });
          break;
        }
        case 'END_PERIOD': {
          // Past the end and the renewal's one-day leeway.
          await shiftSubscriptionClock(tem, id, untilEnd + 86_400_000 + 1000);
          await processPeriodEnd(tem, id);
          break;
        }
        case 'END_GRACE': {
          if (locked.status !== 'past_due' || !locked.grace_ends_at) {
            throw new DomainError('CONFLICT', 'This membership is not in a grace period');
          }
          await shiftSubscriptionClock(tem, id, locked.grace_ends_at.getTime() - Date.now() + 1000);
          await processGraceEnd(tem, id);
          break;
        }
        default:
          throw new DomainError('INVALID_INPUT', 'Unknown test clock action', 'action');
      }
    });
    return this.em.findOneOrFail(Subscription, { id }, { refresh: true });
  }
}
