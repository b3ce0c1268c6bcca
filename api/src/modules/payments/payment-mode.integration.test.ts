import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  addToCart,
  clearCart,
  count,
  db,
  json,
  newKey,
  paidCourse,
  PASSWORD,
  START,
} from '../orders/orders-fixtures.test';
import { PAYMENTS_NOT_CONFIGURED } from './unconfigured-payment-provider';

// Production without STRIPE_SECRET_KEY: no payment is taken unless PAYMENTS_TEST_MODE asks for the
// labelled test provider. (Outside production the test provider is the default: checkout tests.)
let unconfigured: TestApp;
let testMode: TestApp;

beforeAll(async () => {
  [unconfigured, testMode] = await Promise.all([
    startTestApp({ production: true, paymentsTestMode: false }),
    startTestApp({ production: true, paymentsTestMode: true }),
  ]);
});
afterAll(async () => {
  await unconfigured?.close();
  await testMode?.close();
});

async function signIn(t: TestApp, username: string) {
  const agent = t.agent();
  const res = await agent.post('/api/login').set(json).send({ username, password: PASSWORD });
  expect(res.status).toBe(200);
  return { agent, id: res.body.id as string };
}

const STATUS = `query { systemStatus { environment paymentMode } }`;
const ordersOf = (t: TestApp, userId: string) =>
  count(t, `select 1 from orders where user_id = ? and idempotency_key not like 'demo-order-%'`, [userId]);

describe('production without a Stripe key or PAYMENTS_TEST_MODE', () => {
  it('refuses the checkout of a paid cart with PAYMENTS_NOT_CONFIGURED, and makes no order', async () => {
    // given a member with a paid course in the cart
    const t = unconfigured;
    const member = await signIn(t, 'member');
    await clearCart(t, member.id);
    const course = await paidCourse(t, member.id);
    await addToCart(t, member.agent, 'course', course.id);
    // when the checkout starts through the graph
    const res = await t.gql(member.agent, START, { input: { idempotencyKey: newKey() } });
    // then it answers a userError saying payments are not configured
    expect(res.errors).toBeUndefined();
    expect(res.data.checkoutStart.order).toBeNull();
    expect(res.data.checkoutStart.userErrors).toEqual([
      { code: 'PAYMENTS_NOT_CONFIGURED', field: null, message: PAYMENTS_NOT_CONFIGURED },
    ]);
    // and through REST (both checkout rows) a 503 with the message
    for (const path of ['/api/checkout', '/api/simple-checkout']) {
      const rest = await member.agent.post(path).set(json).send({ idempotencyKey: newKey() });
      expect(rest.status, path).toBe(503);
      expect(rest.body).toMatchObject({ code: 'PAYMENTS_NOT_CONFIGURED', message: PAYMENTS_NOT_CONFIGURED });
    }
    // and no order was made, nothing was enrolled, and the cart is kept
    expect(await ordersOf(t, member.id)).toBe(0);
    expect(
      await count(t, 'select 1 from enrollments where user_id = ? and course_id = ?', [member.id, course.id]),
    ).toBe(0);
    expect(await count(t, 'select 1 from cart_items where user_id = ?', [member.id])).toBe(1);
  });

  it('still checks out a free cart (no payment needed)', async () => {
    const t = unconfigured;
    const buyer = await signIn(t, 'seller');
    await clearCart(t, buyer.id);
    const [free] = await db(t).execute<{ id: string }[]>(
      `select id from courses where published and price_cents = 0 and not member_only order by id limit 1`,
    );
    await addToCart(t, buyer.agent, 'course', free.id);
    const res = await t.gql(buyer.agent, START, { input: { idempotencyKey: newKey() } });
    expect(res.data.checkoutStart.userErrors).toEqual([]);
    expect(res.data.checkoutStart.order).toMatchObject({
      status: 'paid',
      totalCents: 0,
      paymentProvider: 'free',
    });
  });

  it('shows the payment mode "none" on the deployment status and in paymentConfig', async () => {
    const t = unconfigured;
    const admin = await signIn(t, 'admin');
    const res = await t.gql(admin.agent, STATUS);
    expect(res.data.systemStatus).toEqual({ environment: 'production', paymentMode: 'none' });
    const config = await t.gql(admin.agent, `query { paymentConfig { provider publishableKey } }`);
    expect(config.data.paymentConfig).toEqual({ provider: 'none', publishableKey: null });
  });

  it('refuses to set up seller payouts with the same message', async () => {
    const t = unconfigured;
    const seller = await signIn(t, 'rhythm');
    const res = await seller.agent.post('/api/stripe-connect').set(json).send({});
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(PAYMENTS_NOT_CONFIGURED);
  });
});

describe('production with PAYMENTS_TEST_MODE=true', () => {
  it('takes the order with the labelled test provider, and the deployment status says so', async () => {
    const t = testMode;
    const member = await signIn(t, 'member');
    await clearCart(t, member.id);
    const course = await paidCourse(t, member.id);
    await addToCart(t, member.agent, 'course', course.id);
    const rest = await member.agent.post('/api/simple-checkout').set(json).send({ idempotencyKey: newKey() });
    expect(rest.status).toBe(200);
    expect(rest.body.order).toMatchObject({ status: 'paid', paymentProvider: 'test' });
    const admin = await signIn(t, 'admin');
    expect((await t.gql(admin.agent, STATUS)).data.systemStatus).toEqual({
      environment: 'production',
      paymentMode: 'test',
    });
  });
});
