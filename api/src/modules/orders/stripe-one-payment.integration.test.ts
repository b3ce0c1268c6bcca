import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentProvider } from '../payments/create-payment-provider';
import { type FakeStripe, startFakeStripe } from '../../../../dev/fake-stripe/src';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  type Agent,
  addToCart,
  CONFIRM,
  clearCart,
  count,
  db,
  type Name,
  newKey,
  resourceOf,
  signIn,
  START,
} from './orders-fixtures.test';
import { applyPaymentEvent } from './payment-events';
import { retryDueRefunds } from './automatic-refund';

// One payment per purchase with Stripe (fake Stripe server, real SDK): two tabs share one order and
// one PaymentIntent, a changed cart cancels the open PaymentIntent, and money taken for an order that
// cannot be delivered (already bought in another paid order, or paid after its checkout was
// canceled) is refunded automatically — nothing granted or earned twice.
let t: TestApp;
let fake: FakeStripe;
let as: Record<Name, Agent>;
let idOf: Record<Name, string>;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await startTestApp({
    stripeSecretKey: 'sk_test_fake',
    stripePublishableKey: 'pk_test_fake',
    stripeApiBase: fake.url,
    stripeWebhookSecret: 'whsec_test',
  });
  ({ as, idOf } = await signIn(t));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

function deliver(event: { id?: string; type: string; data: { object: unknown } }) {
  const { body, signature } = fake.signEvent(event);
  return t
    .agent()
    .post('/api/webhooks/stripe')
    .set('content-type', 'application/json')
    .set('stripe-signature', signature)
    .send(body);
}

async function start(who: Name) {
  const res = await t.gql(as[who], START, { input: { idempotencyKey: newKey() } });
  expect(res.data.checkoutStart.userErrors).toEqual([]);
  const order = res.data.checkoutStart.order;
  const [row] = await db(t).execute<{ payment_reference: string }[]>(
    'select payment_reference from orders where id = ?',
    [order.id],
  );
  return { order, clientSecret: res.data.checkoutStart.payment.clientSecret, piId: row.payment_reference };
}

interface OrderRow {
  status: string;
  refund_reason: string | null;
  refund_reference: string | null;
  refund_due_at: Date | null;
}
const orderRow = async (id: string) =>
  (
    await db(t).execute<OrderRow[]>(
      'select status, refund_reason, refund_reference, refund_due_at from orders where id = ?',
      [id],
    )
  )[0];
const refundsOf = (piId: string) =>
  fake.requests.filter((r) => r.path === '/v1/refunds' && r.body.payment_intent === piId);

describe('one payment per purchase with Stripe', () => {
  it('two tabs checking out the same cart get one order and one PaymentIntent', async () => {
    await clearCart(t, idOf.member);
    const resource = await resourceOf(t, null, idOf.member);
    await addToCart(t, as.member, 'resource', resource.id);
    const before = fake.paymentIntents.size;
    const [one, two] = await Promise.all([start('member'), start('member')]);
    expect(two.order.id).toBe(one.order.id);
    expect(two.clientSecret).toBe(one.clientSecret);
    expect(fake.paymentIntents.size).toBe(before + 1);
    expect(
      await count(t, `select 1 from orders where user_id = ? and status = 'pending'`, [idOf.member]),
    ).toBe(1);
  });

  it('a checkout of a changed cart cancels the open order and its PaymentIntent first', async () => {
    await clearCart(t, idOf.multi);
    const x = await resourceOf(t, null, idOf.multi);
    const y = await resourceOf(t, null, idOf.multi, [x.id]);
    await addToCart(t, as.multi, 'resource', x.id);
    const a = await start('multi');
    await addToCart(t, as.multi, 'resource', y.id);
    const b = await start('multi');
    expect(b.order.id).not.toBe(a.order.id);
    expect(fake.paymentIntents.get(a.piId)!.status).toBe('canceled');
    expect((await orderRow(a.order.id)).status).toBe('canceled');
    expect((await orderRow(b.order.id)).status).toBe('pending');

    // A checkout whose open order was paid meanwhile is refused instead of charging again.
    await addToCart(t, as.multi, 'resource', (await resourceOf(t, null, idOf.multi, [x.id, y.id])).id);
    fake.setPaymentIntentStatus(b.piId, 'succeeded');
    const third = await t.gql(as.multi, START, { input: { idempotencyKey: newKey() } });
    expect(third.data.checkoutStart.userErrors).toEqual([
      {
        code: 'CONFLICT',
        field: null,
        message:
          'Your previous checkout is already being paid. Look in My Purchases before checking out again.',
      },
    ]);
    expect((await orderRow(b.order.id)).status).toBe('paid');
  });

  it('the late payment of a second order for an item already paid is refunded automatically, granting nothing', async () => {
    await clearCart(t, idOf.member);
    const resource = await resourceOf(t, idOf.seller, idOf.member);
    await addToCart(t, as.member, 'resource', resource.id);
    const a = await start('member');
    // A's card is declined; the member checks out again (B) and pays.
    const failed = await deliver({
      type: 'payment_intent.payment_failed',
      data: { object: fake.paymentIntents.get(a.piId)! },
    });
    expect(failed.body.outcome).toBe('failed');
    const b = await start('member');
    expect(b.order.id).not.toBe(a.order.id);
    fake.setPaymentIntentStatus(b.piId, 'succeeded');
    expect(
      (await t.gql(as.member, CONFIRM, { input: { orderId: b.order.id } })).data.checkoutConfirm.order.status,
    ).toBe('paid');
    // Then A's payment goes through after all (the buyer retried the card in the first tab).
    const pi = fake.setPaymentIntentStatus(a.piId, 'succeeded');
    const res = await deliver({ type: 'payment_intent.succeeded', data: { object: pi } });
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('refunded');

    const row = await orderRow(a.order.id);
    expect(row).toMatchObject({
      status: 'refunded',
      refund_reason: `Refunded automatically: You already own “${resource.title}”`,
      refund_due_at: null,
    });
    const refunds = refundsOf(a.piId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      idempotencyKey: `refund-${a.order.id}`,
      body: { amount: String(a.order.totalCents) },
    });
    expect(row.refund_reference).toBe(
      [...fake.refunds.values()].find((r) => r.payment_intent === a.piId)!.id,
    );
    expect(
      await count(t, 'select 1 from entitlements where user_id = ? and resource_id = ?', [
        idOf.member,
        resource.id,
      ]),
    ).toBe(1);
    expect(await count(t, 'select 1 from seller_earnings where order_id = ?', [a.order.id])).toBe(0);
    expect(await count(t, 'select 1 from seller_earnings where order_id = ?', [b.order.id])).toBe(1);
    // Stripe delivering it again refunds nothing more.
    expect((await deliver({ type: 'payment_intent.succeeded', data: { object: pi } })).body.outcome).toBe(
      'unchanged',
    );
    expect(refundsOf(a.piId)).toHaveLength(1);
  });

  it('a refund due with no redelivery is made by the housekeeping retry', async () => {
    await clearCart(t, idOf.multi);
    const resource = await resourceOf(t, null, idOf.multi);
    await addToCart(t, as.multi, 'resource', resource.id);
    const a = await start('multi');
    await db(t).execute(`update orders set status = 'canceled', canceled_at = now() where id = ?`, [
      a.order.id,
    ]);
    const pi = fake.setPaymentIntentStatus(a.piId, 'succeeded');
    const event = { id: `evt_sweep_${a.order.id.slice(0, 8)}`, type: 'payment_intent.succeeded', object: pi };
    const unreachable = createPaymentProvider({ ...t.config, stripeApiBase: 'http://127.0.0.1:9' });
    await expect(applyPaymentEvent(t.orm.em.fork(), event, unreachable)).rejects.toThrow();
    expect((await orderRow(a.order.id)).refund_due_at).not.toBeNull();

    // not yet: it fell due moments ago (the webhook's own retry gets the first chance)
    const payments = createPaymentProvider(t.config);
    expect(await retryDueRefunds(t.orm.em.fork(), payments)).toBe(0);
    // while the provider still fails, it stays due
    expect(await retryDueRefunds(t.orm.em.fork(), unreachable, { graceMs: 0 })).toBe(0);
    expect((await orderRow(a.order.id)).refund_due_at).not.toBeNull();
    // then the retry makes it, once
    expect(await retryDueRefunds(t.orm.em.fork(), payments, { graceMs: 0 })).toBe(1);
    const settled = await orderRow(a.order.id);
    expect(settled.refund_due_at).toBeNull();
    expect(settled.refund_reference).toMatch(/^re_/);
    expect(refundsOf(a.piId)).toHaveLength(1);
    expect(await retryDueRefunds(t.orm.em.fork(), payments, { graceMs: 0 })).toBe(0);
  });

  it('a payment for a canceled order is refunded; a refund that fails stays due and is retried on redelivery', async () => {
    await clearCart(t, idOf.multi);
    const resource = await resourceOf(t, null, idOf.multi);
    await addToCart(t, as.multi, 'resource', resource.id);
    const a = await start('multi');
    // Canceled in the database only (as the migration cancels older open orders), then paid.
    await db(t).execute(`update orders set status = 'canceled', canceled_at = now() where id = ?`, [
      a.order.id,
    ]);
    const pi = fake.setPaymentIntentStatus(a.piId, 'succeeded');
    const event = { id: `evt_${a.order.id.slice(0, 8)}`, type: 'payment_intent.succeeded', object: pi };
    // First handled while Stripe cannot be reached: the order is refunded with its refund due.
    const unreachable = createPaymentProvider({ ...t.config, stripeApiBase: 'http://127.0.0.1:9' });
    await expect(applyPaymentEvent(t.orm.em.fork(), event, unreachable)).rejects.toThrow();
    const due = await orderRow(a.order.id);
    expect(due.status).toBe('refunded');
    expect(due.refund_due_at).not.toBeNull();
    expect(due.refund_reference).toBeNull();
    expect(refundsOf(a.piId)).toHaveLength(0);

    // Stripe delivers the event again: a duplicate, but the refund due is made now.
    const retry = await deliver({ id: event.id, type: event.type, data: { object: pi } });
    expect(retry.status).toBe(200);
    expect(retry.body.outcome).toBe('refunded');
    const settled = await orderRow(a.order.id);
    expect(settled).toMatchObject({
      status: 'refunded',
      refund_reason: 'Refunded automatically: paid after the checkout was canceled',
      refund_due_at: null,
    });
    expect(settled.refund_reference).toMatch(/^re_/);
    expect(refundsOf(a.piId)).toHaveLength(1);
    expect(
      await count(t, 'select 1 from entitlements where user_id = ? and resource_id = ?', [
        idOf.multi,
        resource.id,
      ]),
    ).toBe(0);
  });
});
