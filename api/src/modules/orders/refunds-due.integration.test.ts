import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../../../dev/fake-stripe/src';
import { startTestApp, type TestApp } from '../../test/test-app';
import { createPaymentProvider } from '../payments/create-payment-provider';
import { retryDueRefunds } from './automatic-refund';
import {
  type Agent,
  addToCart,
  clearCart,
  db,
  type Name,
  newKey,
  resourceOf,
  signIn,
  START,
} from './orders-fixtures.test';

// Automatic refunds Stripe keeps refusing stay due: admins list them (with the tries and Stripe's
// last answer) and try one again now; nobody else may (fake Stripe server, real SDK).
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

const LIST = `query { adminRefundsDue(first: 50) { totalCount nodes {
  id orderNumber buyer { id username email } amountCents paymentProvider attempts lastError lastAttemptAt dueSince
} } }`;
const RETRY = `mutation($input: RefundRetryInput!) { adminRefundRetry(input: $input) {
  order { id status } refund { id attempts lastError } userErrors { code field message } } }`;

/** An order of the member paid at Stripe (its PaymentIntent `piId`), turned into a refund due. */
async function refundDue() {
  await clearCart(t, idOf.member);
  const resource = await resourceOf(t, null, idOf.member);
  await addToCart(t, as.member, 'resource', resource.id);
  const res = await t.gql(as.member, START, { input: { idempotencyKey: newKey() } });
  expect(res.data.checkoutStart.userErrors).toEqual([]);
  const order = res.data.checkoutStart.order;
  const [row] = await db(t).execute<{ payment_reference: string }[]>(
    'select payment_reference from orders where id = ?',
    [order.id],
  );
  // As refundUndelivered leaves it (paid after its checkout was canceled); the PaymentIntent has
  // no successful charge yet, so Stripe refuses to refund it.
  await db(t).execute(
    `update orders set status = 'refunded', refunded_cents = total_cents, paid_at = now(), refunded_at = now(),
       refund_reason = 'Refunded automatically: test', refund_due_at = now() - interval '1 hour' where id = ?`,
    [order.id],
  );
  return { order, piId: row.payment_reference };
}

describe('automatic refunds due (admins)', () => {
  it('lists a refused refund with its tries and Stripe’s answer; Retry now sends it once Stripe accepts', async () => {
    const { order, piId } = await refundDue();
    // the housekeeping job tries it: Stripe refuses, the try is counted with Stripe's message
    const payments = createPaymentProvider(t.config);
    expect(await retryDueRefunds(t.orm.em.fork(), payments, { graceMs: 0 })).toBe(0);

    const list = await t.gql(as.admin, LIST);
    expect(list.errors).toBeUndefined();
    const listed = list.data.adminRefundsDue.nodes.find((n: { id: string }) => n.id === order.id);
    expect(listed).toMatchObject({
      orderNumber: order.number,
      buyer: { id: idOf.member, username: 'member' },
      amountCents: order.totalCents,
      paymentProvider: 'stripe',
      attempts: 1,
    });
    expect(listed.buyer.email).toContain('@');
    expect(listed.lastError).toMatch(/does not have a successful charge/);
    expect(Date.parse(listed.lastAttemptAt)).toBeGreaterThan(Date.parse(listed.dueSince));

    // Retry now while Stripe still refuses: a userError, the refund still due with the try counted
    const refused = await t.gql(as.admin, RETRY, { input: { orderId: order.id } });
    expect(refused.errors).toBeUndefined();
    expect(refused.data.adminRefundRetry.order).toBeNull();
    expect(refused.data.adminRefundRetry.refund).toMatchObject({ id: order.id, attempts: 2 });
    expect(refused.data.adminRefundRetry.userErrors).toEqual([
      {
        code: 'PAYMENT_FAILED',
        field: 'orderId',
        message: expect.stringMatching(
          /^The refund of .+ was not sent: .*successful charge.* It stays due \(tried 2 times\)/,
        ),
      },
    ]);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === piId)).toHaveLength(0);

    // Stripe accepts now: the refund is sent, the order no longer due nor listed
    fake.setPaymentIntentStatus(piId, 'succeeded');
    const sent = await t.gql(as.admin, RETRY, { input: { orderId: order.id } });
    expect(sent.data.adminRefundRetry).toEqual({
      order: { id: order.id, status: 'refunded' },
      refund: null,
      userErrors: [],
    });
    const [row] = await db(t).execute<{ refund_due_at: Date | null; refund_reference: string | null }[]>(
      'select refund_due_at, refund_reference from orders where id = ?',
      [order.id],
    );
    expect(row.refund_due_at).toBeNull();
    expect(row.refund_reference).toMatch(/^re_/);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === piId)).toHaveLength(1);
    // Stripe replays a key's first answer (a refusal too) for 24 hours: each refusal took a new key
    expect(
      fake.requests
        .filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.body.payment_intent === piId)
        .map((r) => r.idempotencyKey),
    ).toEqual([`refund-${order.id}`, `refund-${order.id}-1`, `refund-${order.id}-2`]);
    const after = await t.gql(as.admin, LIST);
    expect(after.data.adminRefundsDue.nodes.map((n: { id: string }) => n.id)).not.toContain(order.id);

    // once sent, there is nothing to retry
    const again = await t.gql(as.admin, RETRY, { input: { orderId: order.id } });
    expect(again.data.adminRefundRetry.userErrors).toEqual([
      expect.objectContaining({ code: 'NOT_FOUND', field: 'orderId' }),
    ]);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === piId)).toHaveLength(1);
  });

  it('is for admins only: curriculum officers and members get FORBIDDEN, guests UNAUTHENTICATED', async () => {
    const { order } = await refundDue();
    for (const agent of [as.officer, as.member]) {
      expect((await t.gql(agent, LIST)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const retry = await t.gql(agent, RETRY, { input: { orderId: order.id } });
      expect(retry.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    expect((await t.gql(t.agent(), LIST)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const [row] = await db(t).execute<{ refund_attempts: number; refund_due_at: Date | null }[]>(
      'select refund_attempts, refund_due_at from orders where id = ?',
      [order.id],
    );
    expect(row).toMatchObject({ refund_attempts: 0 });
    expect(row.refund_due_at).not.toBeNull();
  });
});
