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
  json,
  type Name,
  newKey,
  PASSWORD,
  resourceOf,
  signIn,
  START,
} from '../orders/orders-fixtures.test';
import { transferDueEarnings } from './seller-transfers';

// Issue 33: instructors connect Stripe like sellers (one implementation), what Stripe still needs in
// plain words kept fresh by `account.updated`, PaymentIntents and transfers in one transfer group,
// payouts of connected accounts with the orders they cover, and an "Available" that leaves out
// what was transferred. The real `stripe` SDK against the fake Stripe server.
let t: TestApp;
let fake: FakeStripe;
let server: http.Server;
let stripe: StripePaymentProvider;
let as: Record<Name, Agent>;
let idOf: Record<Name, string>;
let instructor: Agent;

const em = () => t.orm.em.fork() as EntityManager;
const run = () => transferDueEarnings(em(), stripe);

const STATUS = `query { stripeConnectStatus { accountId payoutStatus requirementsDue requirements disabledReason
  disabledReasonText errorMessage } }`;
const START_CONNECT = `mutation($returnTo: PayoutPage) { stripeConnectStart(returnTo: $returnTo) {
  url accountId userErrors { code message } } }`;
const PAYOUTS = `query { myPayouts(first: 10) { totalCount nodes { stripePayoutId amountCents status failureMessage
  transfers { orderId orderNumber amountCents stripeTransferId } } } }`;

const profileOf = async (userId: string) =>
  (
    await db(t).execute<
      {
        stripe_account_id: string | null;
        payout_status: string;
        requirements_due: string[];
        disabled_reason: string | null;
      }[]
    >(
      'select stripe_account_id, payout_status, requirements_due, disabled_reason from seller_profiles where user_id = ?',
      [userId],
    )
  )[0];

/** A connected account in the fake Stripe for `who`'s store (the demo stores have made-up ones). */
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
  await db(t).execute(
    `update seller_earnings set created_at = now() - interval '8 days' where order_id = ?`,
    [order.id],
  );
  const [earning] = await db(t).execute<{ id: string; net_cents: number }[]>(
    'select id, net_cents from seller_earnings where order_id = ?',
    [order.id],
  );
  return {
    orderId: order.id as string,
    orderNumber: order.number as string,
    piId,
    charge: pi.latest_charge!,
    earningId: earning.id,
    net: Number(earning.net_cents),
  };
}

const transferOf = async (orderId: string) =>
  (
    await db(t).execute<{ stripe_transfer_id: string; payout_id: string | null; status: string }[]>(
      'select stripe_transfer_id, payout_id, status from seller_transfers where order_id = ?',
      [orderId],
    )
  )[0];

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
  server = http.createServer(t.handle.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.setWebhookEndpoint(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/stripe`);
  ({ as, idOf } = await signIn(t));
  instructor = t.agent();
  const res = await instructor
    .post('/api/login')
    .set(json)
    .send({ username: 'instructor', password: PASSWORD });
  expect(res.status).toBe(200);
  idOf = { ...idOf, instructor: res.body.id } as Record<Name, string>;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  await t?.close();
  await fake?.close();
});

describe('Connect onboarding for instructors and sellers alike', () => {
  it('an instructor connects Stripe, back to their earnings page, and is told what Stripe needs in plain words', async () => {
    const instructorId = (idOf as Record<string, string>).instructor;
    // given an instructor without a store or an account
    const before = await t.gql(instructor, STATUS);
    expect(before.errors).toBeUndefined();
    expect(before.data.stripeConnectStatus).toMatchObject({ accountId: null, payoutStatus: 'not_started' });
    // when they start onboarding
    const start = await t.gql(instructor, START_CONNECT, { returnTo: 'INSTRUCTOR_EARNINGS' });
    expect(start.errors).toBeUndefined();
    expect(start.data.stripeConnectStart.userErrors).toEqual([]);
    const accountId = start.data.stripeConnectStart.accountId as string;
    expect(fake.accounts.has(accountId)).toBe(true);
    // then Stripe's onboarding returns to the instructor's page (the default for an instructor too)
    const link = fake.requests.filter((r) => r.path === '/v1/account_links').at(-1)!;
    expect(link.body.return_url).toMatch(/\/instructor\/bookings\?onboarding=return$/);
    const again = await t.gql(instructor, START_CONNECT);
    expect(again.data.stripeConnectStart.accountId).toBe(accountId);
    expect(fake.requests.filter((r) => r.path === '/v1/account_links').at(-1)!.body.return_url).toMatch(
      /\/instructor\/bookings\?onboarding=return$/,
    );
    // and the incomplete account is explained: what is due, in plain words, and why it is held back
    const status = await t.gql(instructor, STATUS);
    expect(status.data.stripeConnectStatus).toMatchObject({
      accountId,
      payoutStatus: 'pending',
      requirementsDue: ['external_account', 'tos_acceptance.date', 'tos_acceptance.ip'],
      requirements: ['A bank account for your payouts', 'Accept Stripe’s terms of service'],
      disabledReason: 'requirements.past_due',
      errorMessage: null,
    });
    expect(status.data.stripeConnectStatus.disabledReasonText).toMatch(/paused this account/);
    expect(await profileOf(instructorId)).toMatchObject({
      stripe_account_id: accountId,
      payout_status: 'pending',
      requirements_due: ['external_account', 'tos_acceptance.date', 'tos_acceptance.ip'],
      disabled_reason: 'requirements.past_due',
    });
    // when Stripe says onboarding is done (account.updated, a Connect webhook), the mirror follows
    fake.setAccountComplete(accountId, true);
    const delivery = await fake.accountUpdated(accountId);
    expect(delivery.status).toBe(200);
    expect(delivery.body).toMatchObject({ outcome: 'updated' });
    expect(await profileOf(instructorId)).toMatchObject({
      payout_status: 'active',
      requirements_due: [],
      disabled_reason: null,
    });
  });

  it('a seller whose onboarding is incomplete keeps accruing and the page says what is due', async () => {
    await connect('studio', false);
    const sale = await maturedSale('member', 'studio');
    await run();
    // no transfer: the row accrues, and the requirements read by the job are on the profile
    expect(await transferOf(sale.orderId)).toBeUndefined();
    const profile = await profileOf(idOf.studio);
    expect(profile.requirements_due.length).toBeGreaterThan(0);
    // when Stripe cannot be read, the page still says what was due
    const [{ stripe_account_id }] = await db(t).execute<{ stripe_account_id: string }[]>(
      `select stripe_account_id from seller_profiles where user_id = ?`,
      [idOf.studio],
    );
    await db(t).execute(`update seller_profiles set stripe_account_id = 'acct_gone' where user_id = ?`, [
      idOf.studio,
    ]);
    const status = await t.gql(as.studio, STATUS);
    expect(status.data.stripeConnectStatus.errorMessage).toBeTruthy();
    expect(status.data.stripeConnectStatus.requirements).toContain('A bank account for your payouts');
    await db(t).execute(`update seller_profiles set stripe_account_id = ? where user_id = ?`, [
      stripe_account_id,
      idOf.studio,
    ]);
  });

  it('members may not connect (the payee rule)', async () => {
    const res = await t.gql(as.member, START_CONNECT);
    expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe('one transfer group per order, payouts and the available balance', () => {
  let account: string;
  let first: Awaited<ReturnType<typeof maturedSale>>;

  it('the PaymentIntent and the transfer of its earning share the order’s transfer group', async () => {
    account = await connect('seller', true);
    first = await maturedSale('member', 'seller');
    const pi = fake.paymentIntents.get(first.piId)!;
    expect(pi.transfer_group).toBe(`order_${first.orderId}`);
    await run();
    const tr = await transferOf(first.orderId);
    expect(tr.status).toBe('paid');
    expect(fake.transfers.get(tr.stripe_transfer_id)).toMatchObject({
      transfer_group: `order_${first.orderId}`,
      source_transaction: pi.latest_charge,
      destination: account,
    });
  });

  it('“Available” leaves out what was already transferred, and a negative balance', async () => {
    const DASH = `query { sellerDashboard { availableBalanceCents } sellerPayoutBalance { owedCents } }`;
    const sale = await maturedSale('multi', 'seller');
    // before the transfer the matured sale is available
    const before = await t.gql(as.seller, DASH);
    await run();
    expect((await transferOf(sale.orderId)).status).toBe('paid');
    const after = await t.gql(as.seller, DASH);
    expect(after.data.sellerDashboard.availableBalanceCents).toBe(
      before.data.sellerDashboard.availableBalanceCents - sale.net,
    );
    expect(after.data.sellerDashboard.availableBalanceCents).toBe(after.data.sellerPayoutBalance.owedCents);
    // a negative balance carried is taken off too
    await db(t).execute(
      `insert into seller_balance_debts (seller_id, amount_cents, reason) values (?, 123, 'test')`,
      [idOf.seller],
    );
    const owing = await t.gql(as.seller, DASH);
    expect(owing.data.sellerDashboard.availableBalanceCents).toBe(
      after.data.sellerDashboard.availableBalanceCents - 123,
    );
    await db(t).execute(`delete from seller_balance_debts where seller_id = ? and reason = 'test'`, [
      idOf.seller,
    ]);
  });

  it('a payout (payout.paid, a Connect webhook) is recorded with the transfers and orders it covers', async () => {
    const balance = fake.balances.get(account)!;
    expect(balance).toBeGreaterThan(0);
    const { payout, delivery } = await fake.payOut(account);
    expect(delivery.status).toBe(200);
    expect(delivery.body).toMatchObject({ outcome: 'recorded' });
    // a repeated delivery changes nothing
    const again = await fake.deliver(delivery.event);
    expect(again.status).toBe(200);
    const [row] = await db(t).execute<{ id: string; amount_cents: string; status: string }[]>(
      'select id, amount_cents, status from seller_payouts where stripe_payout_id = ?',
      [payout.id],
    );
    expect({ amount: Number(row.amount_cents), status: row.status }).toEqual({
      amount: balance,
      status: 'paid',
    });
    expect((await transferOf(first.orderId)).payout_id).toBe(row.id);
    const mine = await t.gql(as.seller, PAYOUTS);
    expect(mine.errors).toBeUndefined();
    const shown = mine.data.myPayouts.nodes.find(
      (p: { stripePayoutId: string }) => p.stripePayoutId === payout.id,
    );
    expect(shown).toMatchObject({ amountCents: balance, status: 'paid', failureMessage: null });
    expect(shown.transfers.map((x: { orderNumber: string }) => x.orderNumber)).toContain(first.orderNumber);
    expect(shown.transfers.reduce((sum: number, x: { amountCents: number }) => sum + x.amountCents, 0)).toBe(
      balance,
    );
    // others do not see it
    const other = await t.gql(as.studio, PAYOUTS);
    expect(
      other.data.myPayouts.nodes.some((p: { stripePayoutId: string }) => p.stripePayoutId === payout.id),
    ).toBe(false);
    const rest = await as.seller.get('/api/payouts');
    expect(rest.status).toBe(200);
    expect(rest.body.items.some((p: { stripePayoutId: string }) => p.stripePayoutId === payout.id)).toBe(
      true,
    );
  });

  it('a failed payout is shown failed and covers nothing; the next payout covers its transfers', async () => {
    const sale = await maturedSale('officer', 'seller');
    await run();
    const failed = await fake.payOut(account, 'failed');
    expect(failed.delivery.body).toMatchObject({ outcome: 'recorded' });
    expect((await transferOf(sale.orderId)).payout_id).toBeNull();
    const paid = await fake.payOut(account);
    expect(paid.delivery.body).toMatchObject({ outcome: 'recorded' });
    const mine = await t.gql(as.seller, PAYOUTS);
    const byId = new Map(
      mine.data.myPayouts.nodes.map((p: { stripePayoutId: string }) => [p.stripePayoutId, p]),
    ) as Map<string, { status: string; failureMessage: string | null; transfers: { orderNumber: string }[] }>;
    expect(byId.get(failed.payout.id)).toMatchObject({ status: 'failed', transfers: [] });
    expect(byId.get(failed.payout.id)!.failureMessage).toBeTruthy();
    expect(byId.get(paid.payout.id)!.transfers.map((x) => x.orderNumber)).toEqual([sale.orderNumber]);
  });

  it('a payout event of an account DRX does not know is ignored', async () => {
    const stranger = await stripe.createConnectedAccount({
      sellerId: 'x',
      email: null,
      idempotencyKey: newKey(),
    });
    const { delivery } = await fake.payOut(stranger.accountId);
    expect(delivery.status).toBe(200);
    expect(delivery.body).toMatchObject({ outcome: 'ignored' });
  });
});
