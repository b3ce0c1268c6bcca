import type { EntityManager } from '@mikro-orm/postgresql';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../../../dev/fake-stripe/src';
import { startTestApp, type TestApp } from '../../test/test-app';
import { StripePaymentProvider } from '../payments/stripe-payment-provider';
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
import { adjustEarningsAfterRefund, releaseMaturedEarnings } from './earnings-ledger';
import { claimTransfer, transferDueEarnings } from './seller-transfers';
import { runDueReversals } from './transfer-reversals';

// Paying the ledger through Stripe Connect: the real `stripe` SDK against the fake Stripe server.
let t: TestApp;
let fake: FakeStripe;
let stripe: StripePaymentProvider;
let as: Record<Name, Agent>;
let idOf: Record<Name, string>;

const em = () => t.orm.em.fork() as EntityManager;
const run = () => transferDueEarnings(em(), stripe);

interface TransferRow {
  id: string;
  earning_id: string;
  round: number;
  status: string;
  net_cents: number;
  recovered_cents: number;
  amount_cents: number;
  reversed_cents: number;
  stripe_transfer_id: string | null;
  source_transaction: string | null;
  transfer_group: string;
  failure_reason: string | null;
}
const transfersOf = (orderId: string) =>
  db(t).execute<TransferRow[]>('select * from seller_transfers where order_id = ? order by round', [orderId]);
const earningOf = async (orderId: string) =>
  (
    await db(t).execute<{ id: string; net_cents: number; status: string }[]>(
      'select id, net_cents, status from seller_earnings where order_id = ?',
      [orderId],
    )
  )[0];

/** A connected account in the fake Stripe for `who`'s store, complete or not. */
async function connect(who: Name, complete: boolean): Promise<string> {
  const { accountId } = await stripe.createConnectedAccount({
    sellerId: idOf[who],
    email: null,
    idempotencyKey: `acct-${who}-${newKey()}`,
  });
  fake.setAccountComplete(accountId, complete);
  await db(t).execute(
    `insert into seller_profiles (user_id, store_name, bio, payout_status, suspended, stripe_account_id, created_at, updated_at)
     values (?, ?, '', 'pending', false, ?, now(), now())
     on conflict (user_id) do update set stripe_account_id = excluded.stripe_account_id, payout_status = 'pending'`,
    [idOf[who], `${who} store`, accountId],
  );
  return accountId;
}

/** `buyer` buys one of `seller`'s resources with Stripe; its earning's hold period is over. */
async function maturedSale(buyer: Name, seller: Name) {
  await clearCart(t, idOf[buyer]);
  const resource = await resourceOf(t, idOf[seller], idOf[buyer]);
  await addToCart(t, as[buyer], 'resource', resource.id);
  const start = await t.gql(as[buyer], START, { input: { idempotencyKey: newKey() } });
  expect(start.data.checkoutStart.userErrors).toEqual([]);
  const order = start.data.checkoutStart.order;
  const [{ payment_reference: piId }] = await db(t).execute<{ payment_reference: string }[]>(
    'select payment_reference from orders where id = ?',
    [order.id],
  );
  const pi = fake.setPaymentIntentStatus(piId, 'succeeded');
  const confirm = await t.gql(as[buyer], CONFIRM, { input: { orderId: order.id } });
  expect(confirm.data.checkoutConfirm.order.status).toBe('paid');
  // The hold period (7 days) is over.
  await db(t).execute(
    `update seller_earnings set created_at = now() - interval '8 days' where order_id = ?`,
    [order.id],
  );
  const earning = await earningOf(order.id);
  return {
    orderId: order.id as string,
    piId,
    charge: pi.latest_charge!,
    earning,
    net: Number(earning.net_cents),
  };
}

async function refund(orderId: string) {
  const res = await t.gql(as.admin, REFUND, { input: { orderId, reason: 'Buyer asked' } });
  expect(res.data.orderRefund.userErrors).toEqual([]);
}

const BALANCE = `query { sellerPayoutBalance { transferredCents inTransitCents failedCents awaitingTransferCents
  reversedCents negativeBalanceCents owedCents } }`;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await startTestApp({
    stripeSecretKey: 'sk_test_fake',
    stripePublishableKey: 'pk_test_fake',
    stripeApiBase: fake.url,
    stripeWebhookSecret: 'whsec_test',
  });
  stripe = new StripePaymentProvider({
    secretKey: 'sk_test_fake',
    publishableKey: null,
    webhookSecret: null,
    apiBase: fake.url,
  });
  ({ as, idOf } = await signIn(t));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('transfers of the ledger (fake Stripe, real SDK)', () => {
  let account: string;

  it('transfers a matured ledger row once however many job runs race', async () => {
    account = await connect('seller', true);
    const sale = await maturedSale('member', 'seller');
    // when three job runs go at once, then once more
    await Promise.all([run(), run(), run()]);
    await run();
    // then the row has one transfer, made at Stripe once, grouped by order, funded by its charge
    const rows = await transfersOf(sale.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      earning_id: sale.earning.id,
      status: 'paid',
      net_cents: sale.net,
      amount_cents: sale.net,
      recovered_cents: 0,
      source_transaction: sale.charge,
      transfer_group: `order_${sale.orderId}`,
    });
    const made = [...fake.transfers.values()].filter((tr) => tr.metadata.earningId === sale.earning.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      id: rows[0].stripe_transfer_id,
      amount: sale.net,
      destination: account,
      source_transaction: sale.charge,
      transfer_group: `order_${sale.orderId}`,
    });
    const calls = fake.requests.filter((r) => r.path === '/v1/transfers' && r.method === 'POST');
    // only the run that claimed the row called Stripe (the idempotency key is the second guard)
    expect(calls.map((c) => c.idempotencyKey)).toEqual([`transfer-${sale.earning.id}`]);
    expect(fake.balances.get(account)).toBe(sale.net);
    // the seller sees it with its order on /seller/payments
    const mine = await t.gql(
      as.seller,
      `query { sellerTransfers(first: 5) { nodes { orderNumber amountCents status stripeTransferId earning { id } } } }`,
    );
    expect(mine.data.sellerTransfers.nodes[0]).toMatchObject({
      amountCents: sale.net,
      status: 'paid',
      stripeTransferId: rows[0].stripe_transfer_id,
      earning: { id: sale.earning.id },
    });
  });

  it('a run that lost Stripe’s answer is retried with the same key: still one transfer', async () => {
    const sale = await maturedSale('multi', 'seller');
    // given a claim whose run made the transfer at Stripe and died before recording it
    await releaseMaturedEarnings(em());
    const claimed = await claimTransfer(em(), sale.earning.id, account);
    expect(claimed).not.toBeNull();
    await stripe.createTransfer({
      accountId: account,
      amountCents: sale.net,
      transferGroup: `order_${sale.orderId}`,
      paymentReference: sale.piId,
      idempotencyKey: `transfer-${sale.earning.id}`,
      metadata: { earningId: sale.earning.id },
    });
    // a fresh claim is left alone; a stale one is taken again
    await run();
    expect((await transfersOf(sale.orderId))[0].status).toBe('pending');
    await db(t).execute(
      `update seller_transfers set attempted_at = now() - interval '10 minutes' where earning_id = ?`,
      [sale.earning.id],
    );
    await Promise.all([run(), run()]);
    const [row] = await transfersOf(sale.orderId);
    expect(row.status).toBe('paid');
    const made = [...fake.transfers.values()].filter((tr) => tr.metadata.earningId === sale.earning.id);
    expect(made.map((m) => m.id)).toEqual([row.stripe_transfer_id]);
  });

  it('a refund reverses the transferred share', async () => {
    const sale = await maturedSale('officer', 'seller');
    await run();
    const [before] = await transfersOf(sale.orderId);
    expect(before.status).toBe('paid');
    // when staff refund the order
    await refund(sale.orderId);
    expect((await earningOf(sale.orderId)).status).toBe('reversed');
    // then the reversal (recorded in the refund's transaction) is made once, even by racing runs
    await Promise.all([runDueReversals(em(), stripe), runDueReversals(em(), stripe)]);
    await expect.poll(async () => (await transfersOf(sale.orderId))[0].reversed_cents).toBe(sale.net);
    const made = fake.transfers.get(before.stripe_transfer_id!)!;
    expect(made.amount_reversed).toBe(sale.net);
    expect(made.reversals.data).toHaveLength(1);
    const [reversal] = await db(t).execute<{ status: string; stripe_reversal_id: string }[]>(
      'select status, stripe_reversal_id from seller_transfer_reversals where transfer_id = ?',
      [before.id],
    );
    expect(reversal).toEqual({ status: 'succeeded', stripe_reversal_id: made.reversals.data[0].id });
    const balance = await t.gql(as.seller, BALANCE);
    expect(balance.data.sellerPayoutBalance.negativeBalanceCents).toBe(0);
  });

  it('a partial refund reverses only the refunded part of the share', async () => {
    const sale = await maturedSale('multi', 'studio');
    await connect('studio', true);
    await run();
    const [before] = await transfersOf(sale.orderId);
    expect(before).toMatchObject({ status: 'paid', amount_cents: sale.net });
    // when the order is partly refunded (as a late booking cancellation keeps a fee): 100 cents kept
    await em().transactional((tem) => adjustEarningsAfterRefund(tem as EntityManager, sale.orderId, 100));
    const reduced = await earningOf(sale.orderId);
    expect(Number(reduced.net_cents)).toBeLessThan(sale.net);
    await runDueReversals(em(), stripe);
    // then only the part the seller no longer earns is taken back
    await expect
      .poll(async () => (await transfersOf(sale.orderId))[0].reversed_cents)
      .toBe(sale.net - Number(reduced.net_cents));
    expect(fake.transfers.get(before.stripe_transfer_id!)!.amount_reversed).toBe(
      sale.net - Number(reduced.net_cents),
    );
  });

  it('a refund after payout leaves a negative balance that the next earnings pay back first', async () => {
    const first = await maturedSale('admin', 'seller');
    await run();
    expect((await transfersOf(first.orderId))[0].status).toBe('paid');
    // given Stripe paid the account's balance out to the seller's bank
    fake.payOutAccount(account);
    // when the order is refunded, the reversal cannot take the money back
    await refund(first.orderId);
    await runDueReversals(em(), stripe);
    await expect
      .poll(async () => {
        const [r] = await db(t).execute<{ status: string }[]>(
          `select r.status from seller_transfer_reversals r join seller_transfers t on t.id = r.transfer_id
            where t.order_id = ?`,
          [first.orderId],
        );
        return r.status;
      })
      .toBe('failed');
    const owing = await t.gql(as.seller, BALANCE);
    expect(owing.data.sellerPayoutBalance.negativeBalanceCents).toBe(first.net);
    // then the next earning pays it back before anything is sent
    const next = await maturedSale('studio', 'seller');
    await run();
    const [row] = await transfersOf(next.orderId);
    const recovered = Math.min(next.net, first.net);
    expect(row).toMatchObject({
      recovered_cents: recovered,
      amount_cents: next.net - recovered,
      status: next.net > recovered ? 'paid' : 'offset',
    });
    if (row.status === 'paid')
      expect(fake.transfers.get(row.stripe_transfer_id!)!.amount).toBe(next.net - recovered);
    const after = await t.gql(as.seller, BALANCE);
    expect(after.data.sellerPayoutBalance.negativeBalanceCents).toBe(first.net - recovered);
  });

  it('keeps accruing while onboarding is incomplete and says what Stripe needs', async () => {
    const studioAccount = await connect('studio', false);
    const sale = await maturedSale('member', 'studio');
    await run();
    expect(await transfersOf(sale.orderId)).toEqual([]);
    expect([...fake.transfers.values()].some((tr) => tr.destination === studioAccount)).toBe(false);
    const waiting = await t.gql(as.studio, BALANCE);
    expect(waiting.data.sellerPayoutBalance.awaitingTransferCents).toBeGreaterThanOrEqual(sale.net);
    const status = await t.gql(as.studio, `query { stripeConnectStatus { payoutStatus requirementsDue } }`);
    expect(status.data.stripeConnectStatus).toEqual({
      payoutStatus: 'pending',
      requirementsDue: ['external_account'],
    });
    // once Stripe has what it needs, the next run transfers what accrued
    fake.setAccountComplete(studioAccount, true);
    await run();
    expect((await transfersOf(sale.orderId))[0]).toMatchObject({ status: 'paid', amount_cents: sale.net });
  });

  it('transfers a sale again after a chargeback the seller won had taken its transfer back', async () => {
    await connect('seller', true);
    // Stripe's webhooks reach the app for this test (the dispute's events).
    const server = http.createServer(t.handle.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake.setWebhookEndpoint(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/stripe`);
    try {
      const sale = await maturedSale('officer', 'seller');
      await run();
      const [first] = await transfersOf(sale.orderId);
      expect(first).toMatchObject({ round: 0, status: 'paid', amount_cents: sale.net });
      // the card holder disputes: the share is taken back from the seller
      const opened = await fake.openDispute(sale.piId);
      expect(opened.delivery.body).toMatchObject({ outcome: 'disputed' });
      await runDueReversals(em(), stripe);
      expect((await transfersOf(sale.orderId))[0].reversed_cents).toBe(sale.net);
      // the dispute is won: the earning stands again, and is transferred again (once)
      const won = await fake.closeDispute(opened.dispute.id, 'won');
      expect(won.delivery.body).toMatchObject({ outcome: 'dispute_won' });
      await Promise.all([run(), run()]);
      await run();
      const rows = await transfersOf(sale.orderId);
      expect(rows.map((r) => [r.round, r.status, r.amount_cents])).toEqual([
        [0, 'paid', sale.net],
        [1, 'paid', sale.net],
      ]);
      expect(rows[1].stripe_transfer_id).not.toBe(rows[0].stripe_transfer_id);
    } finally {
      fake.setWebhookEndpoint(null);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('shows staff every transfer and what is owed', async () => {
    const list = await t.gql(
      as.officer,
      `query { adminSellerTransfers(first: 50) { totalCount nodes { status seller { id } } }
        adminPayoutTotals { transferredCents negativeBalanceCents }
        adminPayoutBalances { seller { id } negativeBalanceCents owedCents } }`,
    );
    expect(list.errors).toBeUndefined();
    expect(list.data.adminSellerTransfers.totalCount).toBeGreaterThanOrEqual(5);
    expect(list.data.adminPayoutTotals.transferredCents).toBeGreaterThan(0);
    const member = await t.gql(as.member, `query { adminPayoutTotals { owedCents } }`);
    expect(member.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
