import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TestPaymentProvider } from '../payments/test-payment-provider';
import {
  type Agent,
  addToCart,
  clearCart,
  CONFIRM,
  db,
  type Name,
  newKey,
  REFUND,
  resourceOf,
  signIn,
  START,
} from '../orders/orders-fixtures.test';
import { simulateTestPayouts } from './payouts';
import { transferDueEarnings } from './seller-transfers';
import { runDueReversals } from './transfer-reversals';

// The test provider (`npm start`) plays Stripe's payout schedule: a transfer run pays out what
// earlier runs transferred, recorded as Stripe's webhooks are (payouts.ts).
let t: TestApp;
let as: Record<Name, Agent>;
let idOf: Record<Name, string>;
const em = () => t.orm.em.fork() as EntityManager;

beforeAll(async () => {
  t = await startTestApp();
  ({ as, idOf } = await signIn(t));
});
afterAll(() => t?.close());

describe('payouts with the test provider', () => {
  it('pays out what earlier runs transferred, once, with the orders it covers', async () => {
    const start = await t.gql(as.seller, `mutation { stripeConnectStart { accountId userErrors { code } } }`);
    expect(start.data.stripeConnectStart.userErrors).toEqual([]);
    await clearCart(t, idOf.member);
    const resource = await resourceOf(t, idOf.seller, idOf.member);
    await addToCart(t, as.member, 'resource', resource.id);
    const checkout = await t.gql(as.member, START, { input: { idempotencyKey: newKey() } });
    const order = checkout.data.checkoutStart.order;
    const confirm = await t.gql(as.member, CONFIRM, { input: { orderId: order.id } });
    expect(confirm.data.checkoutConfirm.order.status).toBe('paid');
    await db(t).execute(
      `update seller_earnings set created_at = now() - interval '8 days' where order_id = ?`,
      [order.id],
    );
    const provider = new TestPaymentProvider();
    // a run transfers; its own transfers are not paid out by it
    const firstRun = new Date();
    await transferDueEarnings(em(), provider);
    expect(await simulateTestPayouts(em(), firstRun)).toBe(0);
    // the next run pays them out (twice at once: one payout)
    const next = new Date();
    const made = await Promise.all([simulateTestPayouts(em(), next), simulateTestPayouts(em(), next)]);
    expect(made.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const mine = await t.gql(
      as.seller,
      `query { myPayouts(first: 5) { nodes { stripePayoutId amountCents status transfers { orderNumber amountCents } } } }`,
    );
    expect(mine.errors).toBeUndefined();
    const payouts = mine.data.myPayouts.nodes as {
      stripePayoutId: string;
      amountCents: number;
      status: string;
      transfers: { orderNumber: string; amountCents: number }[];
    }[];
    const covering = payouts.filter((p) => p.transfers.some((x) => x.orderNumber === order.number));
    expect(covering).toHaveLength(1);
    expect(covering[0].stripePayoutId).toMatch(/^test_po_/);
    expect(covering[0].status).toBe('paid');
    expect(covering[0].amountCents).toBe(covering[0].transfers.reduce((s, x) => s + x.amountCents, 0));
    // nothing is paid out twice
    expect(await simulateTestPayouts(em(), new Date())).toBe(0);

    // A refund after the payout: the test provider (a new one per job run, as in `npm start`)
    // refuses the reversal as Stripe does, and the seller carries a negative balance.
    const refund = await t.gql(as.admin, REFUND, { input: { orderId: order.id, reason: 'Buyer asked' } });
    expect(refund.data.orderRefund.userErrors).toEqual([]);
    // (the refund also queued the reversal job, which the app may be running at the same moment)
    await runDueReversals(em(), new TestPaymentProvider());
    const reversal = async () =>
      (
        await db(t).execute<{ status: string; failure_reason: string }[]>(
          `select r.status, r.failure_reason from seller_transfer_reversals r
             join seller_transfers x on x.id = r.transfer_id where x.order_id = ?`,
          [order.id],
        )
      )[0];
    await expect.poll(async () => (await reversal()).status, { timeout: 15_000 }).toBe('failed');
    expect((await reversal()).failure_reason).toMatch(/paid out/);
    const balance = await t.gql(as.seller, `query { sellerPayoutBalance { negativeBalanceCents } }`);
    expect(balance.data.sellerPayoutBalance.negativeBalanceCents).toBeGreaterThan(0);
  });
});
