import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../../../dev/fake-stripe/src';
import { startTestApp, type TestApp } from '../../test/test-app';

type Agent = ReturnType<typeof request.agent>;
const PASSWORD = 'drx-demo-2026';
const json = { 'content-type': 'application/json' };

async function signIn(t: TestApp, username: string): Promise<Agent> {
  const agent = t.agent();
  const res = await agent.post('/api/login').set(json).send({ username, password: PASSWORD });
  expect(res.status).toBe(200);
  return agent;
}

const profileOf = async (t: TestApp, username: string) => {
  const [row] = await t.orm.em
    .fork()
    .getConnection()
    .execute<{ stripe_account_id: string | null; payout_status: string }[]>(
      `select sp.stripe_account_id, sp.payout_status from seller_profiles sp join users u on u.id = sp.user_id
       where u.username_key = ?`,
      [username],
    );
  return row;
};

describe('Stripe Connect with the test provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('creates the account once, links back to /seller/payments and completes onboarding at once', async () => {
    const rhythm = await signIn(t, 'rhythm');
    // given a seller who has not started (the demo seeder's rhythm)
    const before = await rhythm.get('/api/stripe-connect/account-status');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      accountId: null,
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
      requirementsDue: [],
      requirements: [],
      disabledReason: null,
      disabledReasonText: null,
      payoutStatus: 'not_started',
    });
    // when they start onboarding
    const start = await rhythm.post('/api/stripe-connect').set(json).send({});
    expect(start.status).toBe(200);
    expect(start.body.accountId).toMatch(/^acct_test_/);
    // the test provider's link is our own return page (relative: same host as the browser)
    expect(start.body.url).toBe('/seller/payments?onboarding=return');
    expect(await profileOf(t, 'rhythm')).toEqual({
      stripe_account_id: start.body.accountId,
      payout_status: 'pending',
    });
    // a second start reuses the account
    const again = await rhythm.post('/api/stripe-connect').set(json).send({});
    expect(again.body.accountId).toBe(start.body.accountId);
    // then the status (read back from the provider) is active
    const after = await rhythm.get('/api/stripe-connect/account-status');
    expect(after.body).toMatchObject({
      accountId: start.body.accountId,
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
      payoutStatus: 'active',
    });
    expect((await profileOf(t, 'rhythm')).payout_status).toBe('active');
    const gql = await t.gql(rhythm, `query { stripeConnectStatus { testMode payoutStatus errorMessage } }`);
    expect(gql.data.stripeConnectStatus).toEqual({
      testMode: true,
      payoutStatus: 'active',
      errorMessage: null,
    });
  });

  it('answers 401 to guests and 403 to members on the REST rows', async () => {
    const guest = t.agent();
    expect((await guest.post('/api/stripe-connect').set(json).send({})).status).toBe(401);
    expect((await guest.get('/api/stripe-connect/account-status')).status).toBe(401);
    const member = await signIn(t, 'member');
    const res = await member.post('/api/stripe-connect').set(json).send({});
    expect(res.status).toBe(403);
    expect(res.body.message).toBeTruthy();
  });

  it('lets an officer connect their own store (reading the status alone creates none)', async () => {
    const officer = await signIn(t, 'officer');
    const status = await officer.get('/api/stripe-connect/account-status');
    expect(status.body).toMatchObject({ accountId: null, payoutStatus: 'not_started' });
    expect(await profileOf(t, 'officer')).toBeUndefined();
    const start = await officer.post('/api/stripe-connect').set(json).send({});
    expect(start.status).toBe(200);
    expect((await profileOf(t, 'officer')).payout_status).toBe('pending');
  });

  it('refuses a suspended seller', async () => {
    const admin = await signIn(t, 'admin');
    const [studio] = await t.orm.em
      .fork()
      .getConnection()
      .execute<{ id: string }[]>(`select id from users where username_key = 'studio'`);
    await t.gql(
      admin,
      `mutation($input: SellerSuspendInput!) { sellerSuspend(input: $input) { userErrors { code } } }`,
      {
        input: { sellerId: studio.id, reason: 'Chargebacks' },
      },
    );
    const seller = await signIn(t, 'studio');
    const res = await seller.post('/api/stripe-connect').set(json).send({});
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('SUSPENDED');
  });
});

describe('Stripe Connect against the fake Stripe (real SDK)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await startTestApp({
      stripeSecretKey: 'sk_test_fake',
      stripeApiBase: fake.url,
      stripeWebhookSecret: 'whsec_test',
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('creates an Express account with an idempotency key, links onboarding and mirrors the status', async () => {
    const rhythm = await signIn(t, 'rhythm');
    const start = await rhythm.post('/api/stripe-connect').set(json).send({});
    expect(start.status).toBe(200);
    const accountId = start.body.accountId as string;
    expect(accountId).toMatch(/^acct_/);
    expect(fake.accounts.has(accountId)).toBe(true);
    expect(start.body.url).toMatch(/^https:\/\/connect\.stripe\.test\//);
    const creates = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/accounts');
    expect(creates).toHaveLength(1);
    expect(creates[0].idempotencyKey).toMatch(/^connect-account-/);
    const link = fake.requests.find((r) => r.path === '/v1/account_links');
    expect(link?.body).toMatchObject({
      account: accountId,
      type: 'account_onboarding',
      return_url: `${t.config.publicUrl}/seller/payments?onboarding=return`,
      refresh_url: `${t.config.publicUrl}/seller/payments?onboarding=refresh`,
    });

    // onboarding not finished: pending, with Stripe's requirements
    const pending = await rhythm.get('/api/stripe-connect/account-status');
    expect(pending.body).toMatchObject({
      accountId,
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
      payoutStatus: 'pending',
    });
    expect(pending.body.requirementsDue).toContain('external_account');

    // a second start creates no second account
    await rhythm.post('/api/stripe-connect').set(json).send({});
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/accounts')).toHaveLength(1);

    // when Stripe completes onboarding, the status turns active
    fake.setAccountComplete(accountId, true);
    const active = await rhythm.get('/api/stripe-connect/account-status');
    expect(active.body).toMatchObject({
      chargesEnabled: true,
      payoutsEnabled: true,
      requirementsDue: [],
      payoutStatus: 'active',
    });
    expect((await profileOf(t, 'rhythm')).payout_status).toBe('active');
    const gql = await t.gql(rhythm, `query { stripeConnectStatus { testMode } }`);
    expect(gql.data.stripeConnectStatus.testMode).toBe(false);
  });

  it('reports Stripe being unreachable without losing the stored status', async () => {
    const seller = await signIn(t, 'seller');
    // the demo seller's account id is not known to this Stripe: the read fails
    const res = await t.gql(seller, `query { stripeConnectStatus { accountId payoutStatus errorMessage } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data.stripeConnectStatus).toMatchObject({
      accountId: 'acct_test_demo_seller',
      payoutStatus: 'active',
    });
    expect(res.data.stripeConnectStatus.errorMessage).toMatch(/Stripe could not be reached/);
  });
});
