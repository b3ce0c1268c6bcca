import { randomUUID } from 'node:crypto';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, type FakeSubscription, startFakeStripe } from '../../../../dev/fake-stripe/src';
import { startTestApp, type TestApp } from '../../test/test-app';

// Memberships through Stripe Billing end to end: the real `stripe` SDK talks to the local fake Stripe
// server, webhooks are signed locally with the app's secret, and every rule is read back from the
// database (`subscriptions`, `subscription_events`, `subscription_invoices`, the `membership_benefits` view).
type Agent = ReturnType<typeof request.agent>;

let t: TestApp;
let fake: FakeStripe;
const plans = { basic: '', pro: '', trial: '' };

const json = { 'content-type': 'application/json' };
const ERRORS = 'userErrors { code field message }';
const SUB = `id status benefitsActive cancelAtPeriodEnd priceCents interval plan { id } pendingPlan { id }`;
const CHECKOUT = `mutation($input: SubscriptionCheckoutInput!) {
  subscriptionCheckout(input: $input) { checkoutUrl subscription { id } ${ERRORS} } }`;
const CONFIRM = `mutation($input: SubscriptionCheckoutConfirmInput!) {
  subscriptionCheckoutConfirm(input: $input) { subscription { ${SUB} } ${ERRORS} } }`;
const CANCEL = `mutation($input: SubscriptionCancelInput!) {
  subscriptionCancel(input: $input) { subscription { ${SUB} } ${ERRORS} } }`;
const RESUME = `mutation { subscriptionResume { subscription { ${SUB} } ${ERRORS} } }`;
const CHANGE = `mutation($input: SubscriptionChangeInput!) {
  subscriptionChange(input: $input) { subscription { ${SUB} } ${ERRORS} } }`;
const PORTAL = `mutation { subscriptionPaymentMethodUpdate { url ${ERRORS} } }`;

const db = () => t.orm.em.fork().getConnection();

async function insertPlan(name: string, monthly: number, yearly: number, trialDays = 0, discount = 10) {
  const id = randomUUID();
  await db().execute(
    `insert into subscription_plans (id, name, monthly_price_cents, yearly_price_cents, trial_days, position,
            member_only_courses, resource_discount_percent, lesson_credits, credit_value_cents)
     values (?, ?, ?, ?, ?, 90, true, ?, 1, 1000)`,
    [id, name, monthly, yearly, trialDays, discount],
  );
  return id;
}

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await startTestApp({
    stripeSecretKey: 'sk_test_fake',
    stripePublishableKey: 'pk_test_fake',
    stripeApiBase: fake.url,
    stripeWebhookSecret: 'whsec_test',
  });
  plans.basic = await insertPlan('Stripe Basic (test)', 1500, 15000);
  plans.pro = await insertPlan('Stripe Pro (test)', 3000, 30000, 0, 20);
  plans.trial = await insertPlan('Stripe Trial (test)', 1000, 10000, 14);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

let counter = 0;
/** A fresh signed-in member (one membership per user: a fresh one per scenario). */
async function newMember(): Promise<{ agent: Agent; id: string }> {
  const agent = t.agent();
  const username = `stripemember${++counter}`;
  const res = await agent
    .post('/api/register')
    .set(json)
    .send({ username, password: 'long-enough-pass', email: `${username}@example.test` });
  expect(res.status).toBe(201);
  return { agent, id: res.body.id };
}

function deliver(event: { id?: string; type: string; created?: number; data: { object: unknown } }) {
  const { body, signature } = fake.signEvent(event);
  return t
    .agent()
    .post('/api/webhooks/stripe')
    .set('content-type', 'application/json')
    .set('stripe-signature', signature)
    .send(body);
}

async function deliverOk(event: Parameters<typeof deliver>[0]): Promise<string> {
  const res = await deliver(event);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.outcome;
}

/** subscriptionCheckout → the Stripe Checkout session it made. */
async function checkout(agent: Agent, planId: string, interval: 'month' | 'year' = 'month') {
  const res = await t.gql(agent, CHECKOUT, { input: { planId, interval } });
  expect(res.errors).toBeUndefined();
  expect(res.data.subscriptionCheckout.userErrors).toEqual([]);
  expect(res.data.subscriptionCheckout.subscription).toBeNull();
  const url: string = res.data.subscriptionCheckout.checkoutUrl;
  const session = [...fake.checkoutSessions.values()].find((s) => s.url === url);
  expect(session, url).toBeDefined();
  return session!;
}

/** A member who went through Stripe Checkout (the subscription exists in Stripe; no webhook yet). */
async function paidCheckout(planId = plans.basic, interval: 'month' | 'year' = 'month') {
  const member = await newMember();
  const session = await checkout(member.agent, planId, interval);
  const { subscription, invoice } = fake.completeCheckoutSession(session.id);
  return { ...member, session, sub: subscription, invoice };
}

/** A member whose membership Stripe's checkout webhook has stored. */
async function activeMember(planId = plans.basic, interval: 'month' | 'year' = 'month') {
  const m = await paidCheckout(planId, interval);
  expect(await deliverOk(fake.checkoutSessionEvent('checkout.session.completed', m.session))).toBe('created');
  return m;
}

interface Row {
  id: string;
  user_id: string;
  plan_id: string;
  status: string;
  interval: string;
  price_cents: number;
  provider: string;
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  cancel_requested_at: Date | null;
  ended_at: Date | null;
  payment_failed_at: Date | null;
  grace_ends_at: Date | null;
  pending_plan_id: string | null;
  trial_end: Date | null;
}

async function rowsOf(stripeId: string): Promise<Row[]> {
  return db().execute<Row[]>(`select * from subscriptions where stripe_subscription_id = ?`, [stripeId]);
}
async function rowOf(stripeId: string): Promise<Row> {
  const rows = await rowsOf(stripeId);
  expect(rows.length).toBe(1);
  return rows[0];
}
async function eventsOf(subscriptionId: string): Promise<string[]> {
  const rows = await db().execute<{ kind: string }[]>(
    // Events of one transaction may share a millisecond: the start comes first among them.
    `select kind from subscription_events where subscription_id = ?
      order by created_at, kind not in ('started', 'trial_started'), id`,
    [subscriptionId],
  );
  return rows.map((r) => r.kind);
}
async function benefitsOf(userId: string) {
  return db().execute<{ subscription_id: string; plan_id: string }[]>(
    `select subscription_id, plan_id from membership_benefits where user_id = ?`,
    [userId],
  );
}
async function invoicesOf(subscriptionId: string) {
  return db().execute<{ number: string; status: string; amount_cents: number; stripe_invoice_id: string }[]>(
    `select number, status, amount_cents, stripe_invoice_id from subscription_invoices where subscription_id = ?
      order by created_at`,
    [subscriptionId],
  );
}
const seconds = (d: Date | string) => Math.floor(new Date(d).getTime() / 1000);
const unix = () => Math.floor(Date.now() / 1000);

describe('memberships with Stripe Billing (fake Stripe server, real SDK, signed events)', () => {
  it('subscriptionCheckout returns the Stripe Checkout URL; one customer per user; idempotency keys on every create', async () => {
    const { agent, id: userId } = await newMember();
    const first = await checkout(agent, plans.basic, 'month');
    const second = await checkout(agent, plans.basic, 'year');
    expect(first.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    expect(second.id).not.toBe(first.id);
    // One Stripe customer for the user, used by both sessions.
    const customerCreates = fake.requests.filter(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/customers' &&
        (r.body.metadata as Record<string, string> | undefined)?.userId === userId,
    );
    expect(customerCreates.length).toBe(1);
    expect(first.customer).toBe(second.customer);
    const [mapping] = await db().execute<{ customer_id: string }[]>(
      `select customer_id from stripe_customers where user_id = ?`,
      [userId],
    );
    expect(mapping.customer_id).toBe(first.customer);
    // The session: subscription mode, our metadata on the session and the subscription to be.
    expect(first).toMatchObject({
      mode: 'subscription',
      status: 'open',
      metadata: { userId, planId: plans.basic },
    });
    const sessionCreate = fake.requests.find(
      (r) =>
        r.path === '/v1/checkout/sessions' &&
        r.method === 'POST' &&
        (r.body.metadata as any)?.userId === userId,
    )!;
    expect(sessionCreate.body).toMatchObject({
      mode: 'subscription',
      customer: first.customer,
      subscription_data: { metadata: { userId, planId: plans.basic } },
    });
    expect(String(sessionCreate.body.success_url)).toContain(
      '/subscription/success?session_id={CHECKOUT_SESSION_ID}',
    );
    // A price per interval, tagged with the plan.
    const price = fake.prices.get(String((sessionCreate.body.line_items as any[])[0].price))!;
    expect(price).toMatchObject({
      unit_amount: 1500,
      recurring: { interval: 'month' },
      metadata: { planId: plans.basic },
    });
    // Every create carried an idempotency key.
    const creates = fake.requests.filter(
      (r) =>
        r.method === 'POST' &&
        /^\/v1\/(customers|products|prices|checkout\/sessions|subscriptions)/.test(r.path),
    );
    expect(creates.length).toBeGreaterThan(0);
    expect(creates.filter((r) => !r.idempotencyKey)).toEqual([]);
  });

  it('the checkout webhook stores the membership once: duplicates (×3, also concurrent) have one effect', async () => {
    const m = await paidCheckout(plans.basic, 'month');
    expect(await benefitsOf(m.id)).toEqual([]);
    const completed = fake.checkoutSessionEvent('checkout.session.completed', m.session);
    const outcomes = [await deliverOk(completed), await deliverOk(completed), await deliverOk(completed)];
    expect(outcomes).toEqual(['created', 'duplicate', 'duplicate']);
    const row = await rowOf(m.sub.id);
    expect(row).toMatchObject({
      user_id: m.id,
      plan_id: plans.basic,
      provider: 'stripe',
      status: 'active',
      interval: 'month',
      price_cents: 1500,
      cancel_at_period_end: false,
    });
    // The period is the subscription item's (the SDK's API version keeps it there).
    expect(seconds(row.current_period_start)).toBe(m.sub.items.data[0].current_period_start);
    expect(seconds(row.current_period_end)).toBe(m.sub.items.data[0].current_period_end);
    expect(await benefitsOf(m.id)).toEqual([{ subscription_id: row.id, plan_id: plans.basic }]);

    // customer.subscription.created and invoice.paid, each delivered three times at once.
    const created = fake.subscriptionEvent('customer.subscription.created', m.sub);
    const paid = fake.invoiceEvent('invoice.paid', m.invoice);
    const results = await Promise.all([
      deliver(created),
      deliver(created),
      deliver(created),
      deliver(paid),
      deliver(paid),
      deliver(paid),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(results.slice(0, 3).filter((r) => r.body.outcome === 'duplicate').length).toBe(2);
    expect(results.slice(3).filter((r) => r.body.outcome === 'duplicate').length).toBe(2);
    expect((await rowsOf(m.sub.id)).length).toBe(1);
    expect(await eventsOf(row.id)).toEqual(['started']);
    const invoices = await invoicesOf(row.id);
    expect(invoices).toEqual([
      {
        number: expect.stringMatching(/^M-\d+$/),
        status: 'paid',
        amount_cents: 1500,
        stripe_invoice_id: m.invoice.id,
      },
    ]);

    // The success page's confirm reads the same state; a second checkout is refused.
    const confirm = await t.gql(m.agent, CONFIRM, { input: { sessionId: m.session.id } });
    expect(confirm.data.subscriptionCheckoutConfirm.subscription).toMatchObject({
      id: row.id,
      status: 'active',
      benefitsActive: true,
    });
    const again = await t.gql(m.agent, CHECKOUT, { input: { planId: plans.pro, interval: 'month' } });
    expect(again.data.subscriptionCheckout.userErrors[0].code).toBe('CONFLICT');
  });

  it('the success page confirms before the webhook; the late webhook changes nothing', async () => {
    const m = await paidCheckout(plans.trial, 'month');
    const confirm = await t.gql(m.agent, CONFIRM, { input: { sessionId: m.session.id } });
    expect(confirm.data.subscriptionCheckoutConfirm.userErrors).toEqual([]);
    expect(confirm.data.subscriptionCheckoutConfirm.subscription).toMatchObject({
      status: 'trialing',
      benefitsActive: true,
    });
    const row = await rowOf(m.sub.id);
    expect(seconds(row.trial_end!)).toBe(m.sub.trial_end);
    expect(await deliverOk(fake.checkoutSessionEvent('checkout.session.completed', m.session))).not.toBe(
      'created',
    );
    expect(await eventsOf(row.id)).toEqual(['trial_started']);
  });

  it('out of order: updated before created — the newest state wins, older events are ignored', async () => {
    const m = await paidCheckout();
    const created = fake.subscriptionEvent('customer.subscription.created', m.sub, unix() - 5);
    fake.setSubscription(m.sub.id, { cancelAtPeriodEnd: true });
    const updated = fake.subscriptionEvent('customer.subscription.updated', m.sub, unix() - 2);
    expect(await deliverOk(updated)).toBe('created');
    let row = await rowOf(m.sub.id);
    expect(row).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(row.cancel_requested_at).not.toBeNull();
    // The older `created` (not cancelling) does not undo the cancellation.
    expect(['stale', 'updated']).toContain(await deliverOk(created));
    row = await rowOf(m.sub.id);
    expect(row.cancel_at_period_end).toBe(true);
    // An old `updated` payload that says "not cancelling" is not trusted either (Stripe is read again).
    const old = { ...fake.subscriptionEvent('customer.subscription.updated', m.sub, unix() - 60) };
    old.data.object.cancel_at_period_end = false;
    await deliverOk(old);
    expect((await rowOf(m.sub.id)).cancel_at_period_end).toBe(true);
    expect(await eventsOf(row.id)).toEqual(['started', 'cancel_requested']);
    // A newer event is applied from its payload: resumed in Stripe.
    fake.setSubscription(m.sub.id, { cancelAtPeriodEnd: false });
    const resumed = fake.subscriptionEvent('customer.subscription.updated', m.sub, unix() + 5);
    expect(await deliverOk(resumed)).toBe('updated');
    row = await rowOf(m.sub.id);
    expect(row).toMatchObject({ cancel_at_period_end: false, cancel_requested_at: null });
    expect(await eventsOf(row.id)).toEqual(['started', 'cancel_requested', 'resumed']);
  });

  it('out of order: deleted before paid — the membership is stored ended and stays ended', async () => {
    const m = await paidCheckout();
    const paid = fake.invoiceEvent('invoice.paid', m.invoice, unix() - 10);
    fake.setSubscription(m.sub.id, { status: 'canceled', endedAt: unix(), canceledAt: unix() });
    const deleted = fake.subscriptionEvent('customer.subscription.deleted', m.sub);
    await deliverOk(deleted);
    let row = await rowOf(m.sub.id);
    expect(row.status).toBe('canceled');
    expect(row.ended_at).not.toBeNull();
    expect(await benefitsOf(m.id)).toEqual([]);
    await deliverOk(paid);
    row = await rowOf(m.sub.id);
    expect(row.status).toBe('canceled');
    expect(await benefitsOf(m.id)).toEqual([]);
    expect((await invoicesOf(row.id)).map((i) => i.status)).toEqual(['paid']);
    expect(await eventsOf(row.id)).toEqual(['started', 'ended']);
    // The member may join again: the ended membership is not live.
    const again = await t.gql(m.agent, CHECKOUT, { input: { planId: plans.basic, interval: 'month' } });
    expect(again.data.subscriptionCheckout.userErrors).toEqual([]);
  });

  it('failed renewal → grace (benefits on) → recovered by invoice.paid; failed again → grace passes → off → paid → on', async () => {
    const m = await activeMember();
    const start = await rowOf(m.sub.id);

    // Stripe's renewal fails: the period moves on, the subscription is past_due, the invoice open.
    const failed = fake.renewSubscription(m.sub.id, { paid: false });
    const failedEvent = fake.invoiceEvent('invoice.payment_failed', failed.invoice);
    expect(await deliverOk(failedEvent)).toBe('updated');
    await deliverOk(fake.subscriptionEvent('customer.subscription.updated', failed.subscription));
    let row = await rowOf(m.sub.id);
    expect(row.status).toBe('past_due');
    expect(row.payment_failed_at).not.toBeNull();
    const graceDays = (new Date(row.grace_ends_at!).getTime() - Date.now()) / 86_400_000;
    expect(graceDays).toBeGreaterThan(6.9);
    expect(graceDays).toBeLessThanOrEqual(7);
    expect(seconds(row.current_period_start)).toBe(seconds(start.current_period_end));
    expect(await benefitsOf(m.id)).toEqual([{ subscription_id: row.id, plan_id: plans.basic }]);
    expect((await invoicesOf(row.id)).map((i) => i.status)).toEqual(['open']);
    // A repeated failure (Stripe's retry) keeps the first grace end.
    const retry = fake.invoiceEvent('invoice.payment_failed', failed.invoice);
    await deliverOk(retry);
    expect((await rowOf(m.sub.id)).grace_ends_at).toEqual(row.grace_ends_at);

    // The card is updated and the invoice paid: active again, grace cleared, the same invoice paid.
    const recovered = fake.payInvoice(failed.invoice.id);
    expect(await deliverOk(fake.invoiceEvent('invoice.paid', recovered.invoice))).toBe('updated');
    row = await rowOf(m.sub.id);
    expect(row).toMatchObject({ status: 'active', payment_failed_at: null, grace_ends_at: null });
    expect((await invoicesOf(row.id)).map((i) => [i.status, i.stripe_invoice_id])).toEqual([
      ['paid', failed.invoice.id],
    ]);
    expect(await eventsOf(row.id)).toEqual(['started', 'payment_failed', 'payment_recovered']);

    // The next renewal fails too, and the grace period passes without a payment: benefits off.
    const again = fake.renewSubscription(m.sub.id, { paid: false });
    await deliverOk(fake.invoiceEvent('invoice.payment_failed', again.invoice));
    expect((await rowOf(m.sub.id)).status).toBe('past_due');
    expect((await benefitsOf(m.id)).length).toBe(1);
    await db().execute(
      `update subscriptions set grace_ends_at = now() - interval '1 minute', payment_failed_at = now() - interval '8 days'
        where id = ?`,
      [row.id],
    );
    expect(await benefitsOf(m.id)).toEqual([]);
    const me = await t.gql(m.agent, `query { mySubscription { benefitsActive status } }`);
    expect(me.data.mySubscription).toEqual({ benefitsActive: false, status: 'past_due' });
    // Paid at last: benefits come back.
    const late = fake.payInvoice(again.invoice.id);
    await deliverOk(fake.invoiceEvent('invoice.paid', late.invoice));
    expect((await rowOf(m.sub.id)).status).toBe('active');
    expect((await benefitsOf(m.id)).length).toBe(1);
  });

  it('cancel at period end (graph): benefits until the period end, resume, then the end and Stripe’s deletion', async () => {
    const m = await activeMember();
    const row0 = await rowOf(m.sub.id);
    const cancel = await t.gql(m.agent, CANCEL, { input: { reason: 'too_expensive' } });
    expect(cancel.errors).toBeUndefined();
    expect(cancel.data.subscriptionCancel.userErrors).toEqual([]);
    expect(cancel.data.subscriptionCancel.subscription).toMatchObject({
      cancelAtPeriodEnd: true,
      benefitsActive: true,
      status: 'active',
    });
    expect(fake.subscriptions.get(m.sub.id)!.cancel_at_period_end).toBe(true);
    const updates = fake.requests.filter(
      (r) => r.method === 'POST' && r.path === `/v1/subscriptions/${m.sub.id}`,
    );
    expect(updates.every((r) => r.idempotencyKey)).toBe(true);
    // Stripe's event of that change adds nothing.
    await deliverOk(
      fake.subscriptionEvent('customer.subscription.updated', fake.subscriptions.get(m.sub.id)!),
    );
    expect(await eventsOf(row0.id)).toEqual(['started', 'cancel_requested']);

    const resume = await t.gql(m.agent, RESUME);
    expect(resume.data.subscriptionResume.userErrors).toEqual([]);
    expect(resume.data.subscriptionResume.subscription.cancelAtPeriodEnd).toBe(false);
    expect(fake.subscriptions.get(m.sub.id)!.cancel_at_period_end).toBe(false);
    const cancelAgain = await t.gql(m.agent, CANCEL, { input: { reason: 'not_using' } });
    expect(cancelAgain.data.subscriptionCancel.subscription.cancelAtPeriodEnd).toBe(true);

    // The period ends (the clock passes it): benefits off at once — no extra renewal day.
    await db().execute(
      `update subscriptions set current_period_start = now() - interval '31 days', current_period_end = now() - interval '1 minute'
        where id = ?`,
      [row0.id],
    );
    expect(await benefitsOf(m.id)).toEqual([]);
    // Stripe ends the subscription at the period end.
    fake.setSubscription(m.sub.id, { status: 'canceled', endedAt: unix(), canceledAt: unix() });
    await deliverOk(
      fake.subscriptionEvent('customer.subscription.deleted', fake.subscriptions.get(m.sub.id)!),
    );
    const row = await rowOf(m.sub.id);
    expect(row.status).toBe('canceled');
    expect(row.ended_at).not.toBeNull();
    expect(await benefitsOf(m.id)).toEqual([]);
    expect((await eventsOf(row.id)).at(-1)).toBe('ended');
  });

  it('upgrade at once with proration; downgrade waits for the renewal', async () => {
    const m = await activeMember(plans.basic, 'month');
    const row0 = await rowOf(m.sub.id);
    const up = await t.gql(m.agent, CHANGE, { input: { planId: plans.pro, interval: 'month' } });
    expect(up.errors).toBeUndefined();
    expect(up.data.subscriptionChange.userErrors).toEqual([]);
    expect(up.data.subscriptionChange.subscription).toMatchObject({
      plan: { id: plans.pro },
      priceCents: 3000,
      pendingPlan: null,
    });
    const upgrade = fake.requests
      .filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${m.sub.id}`)
      .at(-1)!;
    expect(upgrade.body).toMatchObject({ proration_behavior: 'always_invoice' });
    expect(upgrade.idempotencyKey).toBeTruthy();
    let stripeSub: FakeSubscription = fake.subscriptions.get(m.sub.id)!;
    expect(stripeSub.items.data[0].price.unit_amount).toBe(3000);
    expect(await benefitsOf(m.id)).toEqual([{ subscription_id: row0.id, plan_id: plans.pro }]);
    // The proration invoice arrives by webhook.
    const proration = fake.invoices.get(stripeSub.latest_invoice!)!;
    expect(proration.billing_reason).toBe('subscription_update');
    await deliverOk(fake.invoiceEvent('invoice.paid', proration));
    const [stored] = await db().execute<{ description: string; amount_cents: number; status: string }[]>(
      `select description, amount_cents, status from subscription_invoices where stripe_invoice_id = ?`,
      [proration.id],
    );
    expect(stored).toMatchObject({ status: 'paid', amount_cents: proration.amount_paid });
    expect(stored.description).toContain('prorated');

    const down = await t.gql(m.agent, CHANGE, { input: { planId: plans.basic, interval: 'month' } });
    expect(down.data.subscriptionChange.userErrors).toEqual([]);
    expect(down.data.subscriptionChange.subscription).toMatchObject({
      plan: { id: plans.pro },
      priceCents: 3000,
      pendingPlan: { id: plans.basic },
    });
    const downgrade = fake.requests
      .filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${m.sub.id}`)
      .at(-1)!;
    expect(downgrade.body).toMatchObject({ proration_behavior: 'none' });
    // Stripe's update event (the new price on the item) leaves the downgrade pending.
    stripeSub = fake.subscriptions.get(m.sub.id)!;
    await deliverOk(fake.subscriptionEvent('customer.subscription.updated', stripeSub, unix() + 1));
    let row = await rowOf(m.sub.id);
    expect(row).toMatchObject({ plan_id: plans.pro, price_cents: 3000, pending_plan_id: plans.basic });
    expect(await benefitsOf(m.id)).toEqual([{ subscription_id: row0.id, plan_id: plans.pro }]);

    // The renewal applies it.
    const renewed = fake.renewSubscription(m.sub.id, { paid: true });
    await deliverOk(
      fake.subscriptionEvent('customer.subscription.updated', renewed.subscription, unix() + 2),
    );
    await deliverOk(fake.invoiceEvent('invoice.paid', renewed.invoice, unix() + 2));
    row = await rowOf(m.sub.id);
    expect(row).toMatchObject({
      plan_id: plans.basic,
      price_cents: 1500,
      pending_plan_id: null,
      status: 'active',
    });
    expect(await benefitsOf(m.id)).toEqual([{ subscription_id: row0.id, plan_id: plans.basic }]);
    const kinds = await eventsOf(row0.id);
    expect(kinds.filter((k) => k === 'plan_changed').length).toBe(2);
    expect(kinds).toContain('renewed');
  });

  it('a plan change made in Stripe (the portal): a downgrade waits for the period end, an upgrade is at once', async () => {
    const m = await activeMember(plans.pro, 'month');
    const row0 = await rowOf(m.sub.id);
    // A Basic monthly price as our checkout made it (tagged with the plan).
    await checkout((await newMember()).agent, plans.basic, 'month');
    const basic = [...fake.prices.values()].find(
      (p) => p.metadata.planId === plans.basic && p.recurring?.interval === 'month',
    )!;
    const stripeSub = fake.subscriptions.get(m.sub.id)!;
    const pro = stripeSub.items.data[0].price;
    stripeSub.items.data[0].price = basic;
    await deliverOk(fake.subscriptionEvent('customer.subscription.updated', stripeSub, unix() + 1));
    let row = await rowOf(m.sub.id);
    expect(row).toMatchObject({ plan_id: plans.pro, price_cents: 3000, pending_plan_id: plans.basic });
    expect((await eventsOf(row0.id)).at(-1)).toBe('plan_change_scheduled');
    // Back to Pro before the period ends: the pending change stays until the renewal… which applies Pro.
    stripeSub.items.data[0].price = pro;
    const renewed = fake.renewSubscription(m.sub.id, { paid: true });
    await deliverOk(
      fake.subscriptionEvent('customer.subscription.updated', renewed.subscription, unix() + 2),
    );
    row = await rowOf(m.sub.id);
    expect(row).toMatchObject({ plan_id: plans.pro, price_cents: 3000, pending_plan_id: null });
  });

  it('the customer portal link for updating the card', async () => {
    const m = await activeMember();
    const res = await t.gql(m.agent, PORTAL);
    expect(res.data.subscriptionPaymentMethodUpdate.userErrors).toEqual([]);
    expect(res.data.subscriptionPaymentMethodUpdate.url).toMatch(
      /^https:\/\/billing\.stripe\.test\/p\/session\//,
    );
    const portal = fake.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(portal.body.customer).toBe(m.sub.customer);
  });

  it('a Stripe membership replaces a complimentary one of the same member (ended, with history)', async () => {
    const m = await paidCheckout();
    const compId = randomUUID();
    await db().execute(
      `insert into subscriptions (id, user_id, plan_id, interval, price_cents, provider, status, current_period_start,
              current_period_end, comp_reason)
       values (?, ?, ?, 'month', 0, 'comp', 'active', now(), now() + interval '30 days', 'test')`,
      [compId, m.id, plans.pro],
    );
    expect(await deliverOk(fake.checkoutSessionEvent('checkout.session.completed', m.session))).toBe(
      'created',
    );
    const [comp] = await db().execute<{ status: string; ended_at: Date | null }[]>(
      `select status, ended_at from subscriptions where id = ?`,
      [compId],
    );
    expect(comp.status).toBe('canceled');
    expect(comp.ended_at).not.toBeNull();
    expect(await eventsOf(compId)).toEqual(['ended']);
    expect((await rowOf(m.sub.id)).status).toBe('active');
  });

  it('a membership invoice refunded or disputed in Stripe: its access and unused credits end; a won dispute gives them back; each event once', async () => {
    const benefits = async (userId: string) =>
      db().execute<{ lesson_credits: number; member_only_courses: boolean }[]>(
        'select lesson_credits, member_only_courses from membership_benefits where user_id = ?',
        [userId],
      );
    /** An active member whose first invoice (paid by card) DRX has stored from invoice.paid. */
    async function invoicedMember() {
      const m = await activeMember();
      expect(await deliverOk(fake.invoiceEvent('invoice.paid', m.invoice))).not.toBe('duplicate');
      const pi = fake.invoicePaymentIntent(m.invoice.id);
      expect(pi).toBeTruthy();
      expect(await benefits(m.id)).toEqual([{ lesson_credits: 1, member_only_courses: true }]);
      return { ...m, pi: pi! };
    }
    const invoiceRow = async (stripeInvoiceId: string) =>
      (
        await db().execute<{ refunded_cents: number; dispute_status: string | null; taken: boolean }[]>(
          `select refunded_cents, dispute_status, access_taken_back_at is not null as taken
           from subscription_invoices where stripe_invoice_id = ?`,
          [stripeInvoiceId],
        )
      )[0];

    // A refund in part is recorded; the access stays.
    const partly = await invoicedMember();
    const small = await fake.dashboardRefund(partly.pi, 500);
    expect(await deliverOk(small.delivery.event)).toBe('partly_refunded');
    expect(await invoiceRow(partly.invoice.id)).toMatchObject({ refunded_cents: 500, taken: false });
    expect(await benefits(partly.id)).toHaveLength(1);
    // The rest: a refund in full ends the access and the credits of that period; a replay changes nothing.
    const rest = await fake.dashboardRefund(partly.pi);
    expect(await deliverOk(rest.delivery.event)).toBe('refunded');
    expect(await deliverOk(rest.delivery.event)).toBe('duplicate');
    expect(await invoiceRow(partly.invoice.id)).toMatchObject({ refunded_cents: 1500, taken: true });
    expect(await benefits(partly.id)).toEqual([]);
    // …and the member's own view says so (the graph reads the same rule as the access checks).
    const mine = async (agent: typeof partly.agent) =>
      (await t.gql(agent, 'query { mySubscription { benefitsActive lessonCreditsLeft } }')).data
        .mySubscription;
    expect(await mine(partly.agent)).toEqual({ benefitsActive: false, lessonCreditsLeft: 0 });

    // A dispute takes the access back while open; won, it comes back with the credits as they were.
    const won = await invoicedMember();
    const opened = await fake.openDispute(won.pi);
    expect(await deliverOk(opened.delivery.event)).toBe('disputed');
    expect(await benefits(won.id)).toEqual([]);
    const closed = await fake.closeDispute(opened.dispute.id, 'won');
    expect(await deliverOk(closed.delivery.event)).toBe('dispute_won');
    expect(await deliverOk(closed.delivery.event)).toBe('duplicate');
    expect(await invoiceRow(won.invoice.id)).toMatchObject({ dispute_status: 'won', taken: false });
    expect(await benefits(won.id)).toEqual([{ lesson_credits: 1, member_only_courses: true }]);
    expect(await mine(won.agent)).toEqual({ benefitsActive: true, lessonCreditsLeft: 1 });

    // Lost: the access stays taken back.
    const lost = await invoicedMember();
    const opened2 = await fake.openDispute(lost.pi);
    expect(await deliverOk(opened2.delivery.event)).toBe('disputed');
    const closed2 = await fake.closeDispute(opened2.dispute.id, 'lost');
    expect(await deliverOk(closed2.delivery.event)).toBe('dispute_lost');
    expect(await invoiceRow(lost.invoice.id)).toMatchObject({ dispute_status: 'lost', taken: true });
    expect(await benefits(lost.id)).toEqual([]);

    // A refund whose invoice's own event has not come yet: answered 500 and not claimed, so Stripe
    // delivers it again; once invoice.paid is stored, the redelivery takes the access back.
    const early = await activeMember();
    const earlyPi = fake.invoicePaymentIntent(early.invoice.id)!;
    const earlyRefund = await fake.dashboardRefund(earlyPi);
    expect((await deliver(earlyRefund.delivery.event)).status).toBe(500);
    expect(await deliverOk(fake.invoiceEvent('invoice.paid', early.invoice))).not.toBe('duplicate');
    expect(await deliverOk(earlyRefund.delivery.event)).toBe('refunded');
    expect(await invoiceRow(early.invoice.id)).toMatchObject({ refunded_cents: 1500, taken: true });
    expect(await benefits(early.id)).toEqual([]);
  });

  it('refuses unsigned membership events; order events still go to the orders', async () => {
    const m = await paidCheckout();
    const { body } = fake.signEvent(fake.subscriptionEvent('customer.subscription.created', m.sub));
    const bad = await t
      .agent()
      .post('/api/webhooks/stripe')
      .set('content-type', 'application/json')
      .set('stripe-signature', 't=1,v1=deadbeef')
      .send(body);
    expect(bad.status).toBe(400);
    expect(await rowsOf(m.sub.id)).toEqual([]);
    const pi = await deliver({
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_unknown', object: 'payment_intent', amount: 100, metadata: {} } },
    });
    expect(pi.status).toBe(200);
    expect(pi.body.outcome).toBe('ignored');
  });
});
