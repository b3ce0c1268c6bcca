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

// The ledger says where each row's money stands: a row stays `available` once its hold period
// ended, also after it was transferred and paid out, so the ledger shows `payoutState`.
let t: TestApp;
let as: Record<Name, Agent>;
let idOf: Record<Name, string>;
const em = () => t.orm.em.fork() as EntityManager;

beforeAll(async () => {
  t = await startTestApp();
  ({ as, idOf } = await signIn(t));
});
afterAll(() => t?.close());

/** `buyer` buys one of the seller's resources; its order. */
async function buy(buyer: Name) {
  await clearCart(t, idOf[buyer]);
  const resource = await resourceOf(t, idOf.seller, idOf[buyer]);
  await addToCart(t, as[buyer], 'resource', resource.id);
  const checkout = await t.gql(as[buyer], START, { input: { idempotencyKey: newKey() } });
  const order = checkout.data.checkoutStart.order as { id: string; number: string };
  const confirm = await t.gql(as[buyer], CONFIRM, { input: { orderId: order.id } });
  expect(confirm.data.checkoutConfirm.order.status).toBe('paid');
  return { order };
}

const age = (orderId: string) =>
  db(t).execute(`update seller_earnings set created_at = now() - interval '8 days' where order_id = ?`, [
    orderId,
  ]);

/** The seller's ledger rows by order number: [status, payoutState]. */
async function ledger(): Promise<Map<string, [string, string]>> {
  const res = await t.gql(
    as.seller,
    `{ sellerEarnings(first: 100) { nodes { orderNumber status payoutState } } }`,
  );
  expect(res.errors).toBeUndefined();
  const nodes = res.data.sellerEarnings.nodes as {
    orderNumber: string;
    status: string;
    payoutState: string;
  }[];
  return new Map(nodes.map((n) => [n.orderNumber, [n.status, n.payoutState]]));
}

describe('the earnings ledger’s payout state', () => {
  it('follows a sale from its hold period to the bank, and a refund', async () => {
    const start = await t.gql(as.seller, `mutation { stripeConnectStart { userErrors { code } } }`);
    expect(start.data.stripeConnectStart.userErrors).toEqual([]);
    const paidOut = await buy('member');
    expect((await ledger()).get(paidOut.order.number)).toEqual(['pending', 'pending']);

    // past the hold period, not transferred yet
    await age(paidOut.order.id);
    expect((await ledger()).get(paidOut.order.number)).toEqual(['available', 'available']);

    // transferred to the seller's Stripe account: still `available` in the ledger's status
    const provider = new TestPaymentProvider();
    const firstRun = new Date();
    await transferDueEarnings(em(), provider);
    expect((await ledger()).get(paidOut.order.number)).toEqual(['available', 'transferred']);

    // a later sale past its hold period waits for the next run, beside the transferred one
    const waiting = await buy('multi');
    await age(waiting.order.id);
    let rows = await ledger();
    expect(rows.get(waiting.order.number)).toEqual(['available', 'available']);
    expect(rows.get(paidOut.order.number)).toEqual(['available', 'transferred']);

    // Stripe pays the transfer out to the bank
    expect(await simulateTestPayouts(em(), firstRun)).toBe(0);
    expect(await simulateTestPayouts(em(), new Date())).toBeGreaterThanOrEqual(1);
    rows = await ledger();
    expect(rows.get(paidOut.order.number)).toEqual(['available', 'paid_out']);
    expect(rows.get(waiting.order.number)).toEqual(['available', 'available']);

    // a refund reverses the row whatever happened to its money
    const refund = await t.gql(as.admin, REFUND, {
      input: { orderId: paidOut.order.id, reason: 'Buyer asked' },
    });
    expect(refund.data.orderRefund.userErrors).toEqual([]);
    expect((await ledger()).get(paidOut.order.number)).toEqual(['reversed', 'reversed']);
  });

  it('shows a transfer on the way and one Stripe refused', async () => {
    const { order } = await buy('studio');
    await age(order.id);
    expect((await ledger()).get(order.number)).toEqual(['available', 'available']);
    await db(t).execute(
      `insert into seller_transfers (seller_id, earning_id, order_id, order_number, destination_account,
         transfer_group, net_cents, amount_cents, status, round)
       select e.seller_id, e.id, e.order_id, e.order_number, 'acct_test_seller', 'order_' || e.order_id,
         e.net_cents, e.net_cents, 'pending', e.transfer_round
         from seller_earnings e where e.order_id = ?`,
      [order.id],
    );
    expect((await ledger()).get(order.number)).toEqual(['available', 'transferring']);
    await db(t).execute(
      `update seller_transfers set status = 'failed', failure_reason = 'refused' where order_id = ?`,
      [order.id],
    );
    expect((await ledger()).get(order.number)).toEqual(['available', 'transfer_failed']);
  });
});
