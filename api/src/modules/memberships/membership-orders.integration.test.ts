import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../../../dev/fake-stripe/src';
import { startTestApp, type TestApp } from '../../test/test-app';

// Each membership payment is an order of kind `membership` of the one order lifecycle (issue 32,
// goal 3): placed once per invoice and moved with it — through Stripe Billing's webhooks (retried,
// racing) and its refunds and chargebacks — while the orders API keeps listing only the orders DRX
// sold. The real `stripe` SDK talks to the fake Stripe server; every state is read from the database.
type Agent = ReturnType<typeof request.agent>;

let t: TestApp;
let fake: FakeStripe;
let planId = '';
let admin: Agent;

const json = { 'content-type': 'application/json' };
const db = () => t.orm.em.fork().getConnection();

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await startTestApp({
    stripeSecretKey: 'sk_test_fake',
    stripePublishableKey: 'pk_test_fake',
    stripeApiBase: fake.url,
    stripeWebhookSecret: 'whsec_test',
  });
  const [plan] = await db().execute<{ id: string }[]>(
    `insert into subscription_plans (id, name, monthly_price_cents, yearly_price_cents, trial_days, position,
            member_only_courses, resource_discount_percent, lesson_credits, credit_value_cents)
     values (gen_random_uuid(), 'Orders plan (test)', 1500, 15000, 0, 95, true, 10, 1, 1000) returning id`,
  );
  planId = plan.id;
  admin = t.agent();
  const res = await admin.post('/api/login').set(json).send({ username: 'admin', password: 'drx-demo-2026' });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

let counter = 0;
async function activeMember() {
  const agent = t.agent();
  const username = `orderedmember${++counter}${Date.now().toString(36)}`;
  const res = await agent
    .post('/api/register')
    .set(json)
    .send({ username, password: 'long-enough-pass', email: `${username}@example.test` });
  expect(res.status).toBe(201);
  const checkout = await t.gql(
    agent,
    `mutation($input: SubscriptionCheckoutInput!) { subscriptionCheckout(input: $input) { checkoutUrl } }`,
    { input: { planId, interval: 'month' } },
  );
  const url: string = checkout.data.subscriptionCheckout.checkoutUrl;
  const session = [...fake.checkoutSessions.values()].find((s) => s.url === url)!;
  const { subscription, invoice } = fake.completeCheckoutSession(session.id);
  expect(await deliverOk(fake.checkoutSessionEvent('checkout.session.completed', session))).toBe('created');
  return { agent, id: res.body.id as string, sub: subscription, invoice };
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

interface OrderRow {
  id: string;
  number: string;
  status: string;
  total_cents: number;
  refunded_cents: number;
  payment_provider: string;
  payment_reference: string | null;
  dispute_status: string | null;
  paid: boolean;
  invoice_number: string;
  invoice_status: string;
}

/** The member's membership orders with their invoices, oldest first. */
const ordersOf = (userId: string) =>
  db().execute<OrderRow[]>(
    `select o.id, o.number, o.status, o.total_cents::int as total_cents, o.refunded_cents::int as refunded_cents,
            o.payment_provider, o.payment_reference, o.dispute_status, o.paid_at is not null as paid,
            i.number as invoice_number, i.status as invoice_status
       from orders o join subscription_invoices i on i.order_id = o.id
      where o.user_id = ? and o.kind = 'membership' order by i.created_at, i.number`,
    [userId],
  );
const countOrders = async (userId: string) =>
  (
    await db().execute<{ n: number }[]>('select count(*)::int as n from orders where user_id = ?', [userId])
  )[0].n;

describe('membership payments are orders of the one lifecycle', () => {
  it('the first payment: one paid order for its invoice, however often and concurrently invoice.paid comes', async () => {
    const m = await activeMember();
    const paid = fake.invoiceEvent('invoice.paid', m.invoice);
    const other = fake.invoiceEvent('invoice.paid', m.invoice); // another event id, the same invoice
    const results = await Promise.all([deliver(paid), deliver(paid), deliver(other), deliver(paid)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    // A retried event (the same id) is applied once.
    expect(results.filter((r) => r.body.outcome === 'duplicate').length).toBe(2);
    expect(await deliverOk(paid)).toBe('duplicate');

    const orders = await ordersOf(m.id);
    expect(orders).toEqual([
      expect.objectContaining({
        status: 'paid',
        total_cents: 1500,
        refunded_cents: 0,
        payment_provider: 'stripe',
        payment_reference: null,
        paid: true,
        invoice_status: 'paid',
      }),
    ]);
    // The order carries its invoice's number; the orders API lists only what DRX sold.
    expect(orders[0].number).toBe(orders[0].invoice_number);
    expect(await countOrders(m.id)).toBe(1);
    const mine = await t.gql(m.agent, `query($id: ID!) { myOrders { totalCount } order(id: $id) { id } }`, {
      id: orders[0].id,
    });
    expect(mine.data).toEqual({ myOrders: { totalCount: 0 }, order: null });
    const all = await t.gql(admin, `query($search: String) { adminOrders(search: $search) { totalCount } }`, {
      search: orders[0].number,
    });
    expect(all.data.adminOrders.totalCount).toBe(0);
    const confirm = await t.gql(
      m.agent,
      `mutation($input: OrderIdInput!) { checkoutConfirm(input: $input) { userErrors { code } } }`,
      { input: { orderId: orders[0].id } },
    );
    expect(confirm.data.checkoutConfirm.userErrors).toEqual([{ code: 'NOT_FOUND' }]);
  });

  it('a failed renewal is a failed order; paid later it moves to paid — racing events end the same', async () => {
    const m = await activeMember();
    expect(await deliverOk(fake.invoiceEvent('invoice.paid', m.invoice))).not.toBe('duplicate');

    // A renewal that fails: a second order, failed.
    const failed = fake.renewSubscription(m.sub.id, { paid: false });
    expect(await deliverOk(fake.invoiceEvent('invoice.payment_failed', failed.invoice))).not.toBe(
      'duplicate',
    );
    let orders = await ordersOf(m.id);
    expect(orders.map((o) => [o.status, o.invoice_status])).toEqual([
      ['paid', 'paid'],
      ['failed', 'open'],
    ]);
    // Stripe's retry fails again (a new event): still failed, still one order for the invoice.
    expect(await deliverOk(fake.invoiceEvent('invoice.payment_failed', failed.invoice))).not.toBe(
      'duplicate',
    );
    expect((await ordersOf(m.id)).map((o) => o.status)).toEqual(['paid', 'failed']);

    // The card is updated: invoice.paid and a late invoice.payment_failed race; paid wins either way.
    const recovered = fake.payInvoice(failed.invoice.id);
    const results = await Promise.all([
      deliver(fake.invoiceEvent('invoice.payment_failed', failed.invoice)),
      deliver(fake.invoiceEvent('invoice.paid', recovered.invoice)),
      deliver(fake.invoiceEvent('invoice.payment_failed', failed.invoice)),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    orders = await ordersOf(m.id);
    expect(orders.map((o) => [o.status, o.invoice_status, o.paid])).toEqual([
      ['paid', 'paid', true],
      ['paid', 'paid', true],
    ]);
    expect(await countOrders(m.id)).toBe(2);
  });

  it('refunds and chargebacks made in Stripe move the invoice’s order once', async () => {
    const m = await activeMember();
    expect(await deliverOk(fake.invoiceEvent('invoice.paid', m.invoice))).not.toBe('duplicate');
    const pi = fake.invoicePaymentIntent(m.invoice.id)!;

    const small = await fake.dashboardRefund(pi, 500);
    expect(await deliverOk(small.delivery.event)).toBe('partly_refunded');
    expect(await deliverOk(small.delivery.event)).toBe('duplicate');
    expect(await ordersOf(m.id)).toEqual([
      expect.objectContaining({ status: 'refunded', total_cents: 1500, refunded_cents: 500 }),
    ]);
    const rest = await fake.dashboardRefund(pi);
    // The same refund delivered twice at once: counted once.
    const both = await Promise.all([deliver(rest.delivery.event), deliver(rest.delivery.event)]);
    expect(both.map((r) => r.body.outcome).sort()).toEqual(['duplicate', 'refunded']);
    expect(await ordersOf(m.id)).toEqual([
      expect.objectContaining({ status: 'refunded', refunded_cents: 1500 }),
    ]);

    // A chargeback lost: the order counts as refunded in whole.
    const lost = await activeMember();
    expect(await deliverOk(fake.invoiceEvent('invoice.paid', lost.invoice))).not.toBe('duplicate');
    const opened = await fake.openDispute(fake.invoicePaymentIntent(lost.invoice.id)!);
    expect(await deliverOk(opened.delivery.event)).toBe('disputed');
    expect(await ordersOf(lost.id)).toEqual([
      expect.objectContaining({ status: 'paid', dispute_status: 'open' }),
    ]);
    const closed = await fake.closeDispute(opened.dispute.id, 'lost');
    expect(await deliverOk(closed.delivery.event)).toBe('dispute_lost');
    expect(await ordersOf(lost.id)).toEqual([
      expect.objectContaining({ status: 'refunded', refunded_cents: 1500, dispute_status: 'lost' }),
    ]);
  });
});
