import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../../../dev/fake-stripe/src';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  type Agent,
  addToCart,
  CANCEL,
  clearCart,
  CONFIRM,
  count,
  db,
  json,
  type Name,
  newKey,
  paidCourse,
  REFUND,
  resourceOf,
  signIn,
  START,
} from './orders-fixtures.test';

// The Stripe path end to end: the real `stripe` SDK talks to the local fake Stripe server, and
// webhooks are signed locally with the app's webhook secret.
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

function deliver(event: { id?: string; type: string; data: { object: unknown } }, secret?: string) {
  const { body, signature } = fake.signEvent(event, secret);
  return t
    .agent()
    .post('/api/webhooks/stripe')
    .set('content-type', 'application/json')
    .set('stripe-signature', signature)
    .send(body);
}

const succeeded = (pi: object, id?: string) => ({
  id,
  type: 'payment_intent.succeeded',
  data: { object: pi },
});

/** A pending Stripe order of `who` for one resource (and optionally a course). */
async function pendingOrder(who: 'member' | 'multi', withCourse = false) {
  await clearCart(t, idOf[who]);
  const resource = await resourceOf(t, null, idOf[who]);
  await addToCart(t, as[who], 'resource', resource.id);
  const course = withCourse ? await paidCourse(t, idOf[who]) : null;
  if (course) await addToCart(t, as[who], 'course', course.id);
  const res = await t.gql(as[who], START, { input: { idempotencyKey: newKey() } });
  expect(res.data.checkoutStart.userErrors).toEqual([]);
  const order = res.data.checkoutStart.order;
  const [row] = await db(t).execute<{ payment_reference: string }[]>(
    'select payment_reference from orders where id = ?',
    [order.id],
  );
  return { order, payment: res.data.checkoutStart.payment, resource, course, piId: row.payment_reference };
}

async function fulfilmentCounts(orderId: string, userId: string, resourceId: string, courseId?: string) {
  return {
    entitlements: await count(t, 'select 1 from entitlements where user_id = ? and resource_id = ?', [
      userId,
      resourceId,
    ]),
    enrollments: courseId
      ? await count(t, 'select 1 from enrollments where user_id = ? and course_id = ?', [userId, courseId])
      : 0,
    ledger: await count(t, 'select 1 from seller_earnings where order_id = ?', [orderId]),
    status: (
      await db(t).execute<{ status: string }[]>('select status from orders where id = ?', [orderId])
    )[0].status,
  };
}

describe('checkout with Stripe (fake Stripe server, real SDK)', () => {
  it('paymentConfig tells the web which provider and key to use (public)', async () => {
    const res = await t.gql(t.agent(), `query { paymentConfig { provider clientSecret publishableKey } }`);
    expect(res.data.paymentConfig).toEqual({
      provider: 'stripe',
      clientSecret: null,
      publishableKey: 'pk_test_fake',
    });
  });

  it('checkoutStart creates one PaymentIntent per order (idempotency key = order id)', async () => {
    await clearCart(t, idOf.member);
    const resource = await resourceOf(t, idOf.seller, idOf.member);
    await addToCart(t, as.member, 'resource', resource.id);
    const key = newKey();
    const before = fake.paymentIntents.size;
    const first = await t.gql(as.member, START, { input: { idempotencyKey: key } });
    const again = await t.gql(as.member, START, { input: { idempotencyKey: key } });
    const order = first.data.checkoutStart.order;
    expect(order).toMatchObject({
      status: 'pending',
      paymentProvider: 'stripe',
      totalCents: resource.priceCents,
    });
    expect(again.data.checkoutStart.order.id).toBe(order.id);
    expect(fake.paymentIntents.size).toBe(before + 1);
    const pi = [...fake.paymentIntents.values()].find((p) => p.metadata.orderId === order.id)!;
    expect(pi).toMatchObject({
      amount: resource.priceCents,
      currency: 'usd',
      metadata: { orderId: order.id, orderNumber: order.number },
    });
    expect(first.data.checkoutStart.payment).toEqual({
      provider: 'stripe',
      clientSecret: pi.client_secret,
      publishableKey: 'pk_test_fake',
    });
    expect(again.data.checkoutStart.payment.clientSecret).toBe(pi.client_secret);
    const creates = fake.requests.filter(
      (r) =>
        r.path === '/v1/payment_intents' &&
        r.body.metadata &&
        (r.body.metadata as Record<string, string>).orderId === order.id,
    );
    expect(creates.length).toBe(2);
    expect(creates.every((r) => r.idempotencyKey === order.id)).toBe(true);

    // Not paid yet: confirm says so and the order stays pending.
    const early = await t.gql(as.member, CONFIRM, { input: { orderId: order.id } });
    expect(early.data.checkoutConfirm.userErrors[0]).toMatchObject({
      code: 'PAYMENT_FAILED',
      message: 'The payment has not been completed yet',
    });
    expect((await fulfilmentCounts(order.id, idOf.member, resource.id)).status).toBe('pending');

    // Cancel cancels the PaymentIntent at Stripe.
    const canceled = await t.gql(as.member, CANCEL, { input: { orderId: order.id } });
    expect(canceled.data.checkoutCancel.order.status).toBe('canceled');
    expect(fake.paymentIntents.get(pi.id)!.status).toBe('canceled');
  });

  it('refuses webhooks without a valid signature (400) and changes nothing', async () => {
    const { order, piId, resource } = await pendingOrder('member');
    fake.setPaymentIntentStatus(piId, 'succeeded');
    const event = succeeded(fake.paymentIntents.get(piId)!);
    const wrongSecret = await deliver(event, 'whsec_wrong');
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body).toEqual({ message: 'Invalid Stripe signature' });
    const none = await t
      .agent()
      .post('/api/webhooks/stripe')
      .set('content-type', 'application/json')
      .send(JSON.stringify(event));
    expect(none.status).toBe(400);
    const { body, signature } = fake.signEvent(event);
    const tampered = await t
      .agent()
      .post('/api/webhooks/stripe')
      .set('content-type', 'application/json')
      .set('stripe-signature', signature)
      .send(body.replace(`"amount":${resource.priceCents}`, '"amount":1'));
    expect(tampered.status).toBe(400);
    expect(await fulfilmentCounts(order.id, idOf.member, resource.id)).toMatchObject({
      status: 'pending',
      entitlements: 0,
      ledger: 0,
    });
    await t.gql(as.member, CONFIRM, { input: { orderId: order.id } }); // clean up: paid
  });

  it('payment_intent.succeeded delivered 3× concurrently and again serially fulfils once', async () => {
    const { order, piId, resource, course } = await pendingOrder('multi', true);
    const pi = fake.setPaymentIntentStatus(piId, 'succeeded');
    const event = succeeded(pi, `evt_${order.id.slice(0, 8)}_1`);
    const results = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.map((r) => r.body.outcome).sort()).toEqual(['duplicate', 'duplicate', 'fulfilled']);
    for (let i = 0; i < 2; i++) expect((await deliver(event)).body.outcome).toBe('duplicate');
    // Another delivery of the same payment under a new event id: nothing happens twice.
    expect((await deliver(succeeded(pi))).body.outcome).toBe('unchanged');
    expect(await fulfilmentCounts(order.id, idOf.multi, resource.id, course!.id)).toEqual({
      status: 'paid',
      entitlements: 1,
      enrollments: 1,
      ledger: 1,
    });
    expect(await count(t, 'select 1 from processed_webhook_events where order_id = ?', [order.id])).toBe(2);
    expect(await count(t, 'select 1 from cart_items where user_id = ?', [idOf.multi])).toBe(0);

    // Out of order: a payment_failed arriving after the success changes nothing.
    const failed = await deliver({
      type: 'payment_intent.payment_failed',
      data: { object: { ...pi, status: 'requires_payment_method' } },
    });
    expect(failed.status).toBe(200);
    expect(failed.body.outcome).toBe('unchanged');
    expect((await fulfilmentCounts(order.id, idOf.multi, resource.id, course!.id)).status).toBe('paid');
  });

  it('confirm and webhook racing fulfil once', async () => {
    const { order, piId, resource } = await pendingOrder('member');
    const pi = fake.setPaymentIntentStatus(piId, 'succeeded');
    const [confirm, hook, confirm2] = await Promise.all([
      t.gql(as.member, CONFIRM, { input: { orderId: order.id } }),
      deliver(succeeded(pi)),
      t.gql(as.member, CONFIRM, { input: { orderId: order.id } }),
    ]);
    expect(confirm.data.checkoutConfirm.order.status).toBe('paid');
    expect(confirm2.data.checkoutConfirm.order.status).toBe('paid');
    expect(hook.status).toBe(200);
    expect(await fulfilmentCounts(order.id, idOf.member, resource.id)).toEqual({
      status: 'paid',
      entitlements: 1,
      enrollments: 0,
      ledger: 1,
    });
  });

  it('a failed payment marks the order failed; a later success still fulfils it', async () => {
    const { order, piId, resource } = await pendingOrder('member');
    const failed = await deliver({
      type: 'payment_intent.payment_failed',
      data: { object: fake.paymentIntents.get(piId)! },
    });
    expect(failed.body.outcome).toBe('failed');
    expect((await fulfilmentCounts(order.id, idOf.member, resource.id)).status).toBe('failed');
    const pi = fake.setPaymentIntentStatus(piId, 'succeeded');
    expect((await deliver(succeeded(pi))).body.outcome).toBe('fulfilled');
    expect(await fulfilmentCounts(order.id, idOf.member, resource.id)).toMatchObject({
      status: 'paid',
      entitlements: 1,
      ledger: 1,
    });
  });

  it('checkout.session.completed (paid) fulfils the order named in its metadata', async () => {
    const { order, piId, resource } = await pendingOrder('multi');
    fake.setPaymentIntentStatus(piId, 'succeeded');
    const session = {
      id: 'cs_test_1',
      object: 'checkout.session',
      payment_status: 'paid',
      payment_intent: piId,
      amount_total: order.totalCents,
      metadata: { orderId: order.id },
    };
    const res = await deliver({ type: 'checkout.session.completed', data: { object: session } });
    expect(res.body.outcome).toBe('fulfilled');
    expect((await fulfilmentCounts(order.id, idOf.multi, resource.id)).status).toBe('paid');
    const unknown = await deliver({ type: 'customer.created', data: { object: { id: 'cus_1' } } });
    expect(unknown.body.outcome).toBe('ignored');
  });

  it('cancel of an order whose payment already succeeded fulfils it instead (409)', async () => {
    const { order, piId, resource } = await pendingOrder('multi');
    fake.setPaymentIntentStatus(piId, 'succeeded');
    const res = await as.multi.post('/api/checkout/cancel').set(json).send({ orderId: order.id });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'CONFLICT', message: 'This order has already been paid' });
    expect(await fulfilmentCounts(order.id, idOf.multi, resource.id)).toMatchObject({
      status: 'paid',
      entitlements: 1,
    });
    expect(fake.paymentIntents.get(piId)!.status).toBe('succeeded');
  });

  it('an event whose amount differs from the order total does not fulfil it', async () => {
    const { order, piId, resource } = await pendingOrder('member');
    const pi = fake.setPaymentIntentStatus(piId, 'succeeded');
    const res = await deliver(succeeded({ ...pi, amount: pi.amount - 1 }));
    expect(res.body.outcome).toBe('ignored');
    expect((await fulfilmentCounts(order.id, idOf.member, resource.id)).status).toBe('pending');
    await t.gql(as.member, CONFIRM, { input: { orderId: order.id } });
  });

  it('refunds through Stripe (/v1/refunds, once) and revokes the downloads', async () => {
    const { order, piId, resource } = await pendingOrder('multi');
    fake.setPaymentIntentStatus(piId, 'succeeded');
    const paid = await t.gql(as.multi, CONFIRM, { input: { orderId: order.id } });
    expect(paid.data.checkoutConfirm.order.status).toBe('paid');
    expect((await as.multi.get(`/api/resources/${resource.id}/download`)).status).not.toBe(403);

    const res = await as.admin
      .post(`/api/orders/${order.id}/refund`)
      .set(json)
      .send({ reason: 'Customer request' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'refunded', refundReason: 'Customer request' });
    const refunds = fake.requests.filter((r) => r.path === '/v1/refunds');
    const mine = refunds.filter((r) => r.body.payment_intent === piId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      idempotencyKey: `refund-${order.id}`,
      body: { amount: String(order.totalCents) },
    });
    const refund = [...fake.refunds.values()].find((r) => r.payment_intent === piId)!;
    const [row] = await db(t).execute<{ refund_reference: string }[]>(
      'select refund_reference from orders where id = ?',
      [order.id],
    );
    expect(row.refund_reference).toBe(refund.id);
    expect(await fulfilmentCounts(order.id, idOf.multi, resource.id)).toMatchObject({
      status: 'refunded',
      entitlements: 0,
    });
    expect((await as.multi.get(`/api/resources/${resource.id}/download`)).status).toBe(403);
    const ledger = await db(t).execute<{ status: string }[]>(
      'select status from seller_earnings where order_id = ?',
      [order.id],
    );
    expect(ledger.map((l) => l.status)).toEqual(['reversed']);

    // A late success webhook for the refunded order changes nothing.
    expect((await deliver(succeeded(fake.paymentIntents.get(piId)!))).body.outcome).toBe('unchanged');
    expect((await fulfilmentCounts(order.id, idOf.multi, resource.id)).entitlements).toBe(0);
    const member = await t.gql(as.multi, REFUND, { input: { orderId: order.id, reason: 'x' } });
    expect(member.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});
