import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';

type Agent = ReturnType<typeof request.agent>;
const PASSWORD = 'drx-demo-2026';
const json = { 'content-type': 'application/json' };
const USERS = ['admin', 'officer', 'seller', 'member', 'multi'] as const;
type Name = (typeof USERS)[number];

let t: TestApp;
let guest: Agent;
const as = {} as Record<Name, Agent>;
const db = () => t.orm.em.fork().getConnection();

async function userId(username: string): Promise<string> {
  const [row] = await db().execute<{ id: string }[]>('select id from users where username_key = ?', [
    username,
  ]);
  return row.id;
}
async function ok<T = any>(agent: Agent, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await t.gql<T>(agent, query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data;
}
async function codeOf(agent: Agent, query: string, variables: Record<string, unknown> = {}) {
  const res = await t.gql(agent, query, variables);
  return res.errors?.[0]?.extensions?.code;
}

const LIST = `query($first: Int, $after: String, $search: String) { adminSellers(first: $first, after: $after, search: $search) {
  totalCount pageInfo { hasNextPage endCursor }
  nodes { id storeName payoutStatus stripeAccountId suspended suspendedReason suspendedAt resourceCount salesCount grossCents
    user { id username } } } }`;
const SUSPEND = `mutation($input: SellerSuspendInput!) { sellerSuspend(input: $input) {
  seller { id suspended suspendedReason } userErrors { code field message } } }`;
const REINSTATE = `mutation($input: SellerReinstateInput!) { sellerReinstate(input: $input) {
  seller { id suspended suspendedReason } userErrors { code field message } } }`;
const SETTINGS = `query { platformSettings { platformFeePercent updatedAt } }`;
const SETTINGS_UPDATE = `mutation($input: PlatformSettingsUpdateInput!) { platformSettingsUpdate(input: $input) {
  settings { platformFeePercent } userErrors { code field message } } }`;

beforeAll(async () => {
  t = await startTestApp();
  guest = t.agent();
  for (const name of USERS) {
    const agent = t.agent();
    const res = await agent.post('/api/login').set(json).send({ username: name, password: PASSWORD });
    expect(res.status).toBe(200);
    as[name] = agent;
  }
});
afterAll(() => t.close());

describe('admin sellers list', () => {
  it('lists every store with payout status (from the demo seeder) and figures, searchable and paged', async () => {
    const all = await ok(as.officer, LIST, { first: 100 });
    const byUser = new Map(
      all.adminSellers.nodes.map((n: { user: { username: string } }) => [n.user.username, n]),
    );
    expect(byUser.get('seller')).toMatchObject({
      payoutStatus: 'active',
      stripeAccountId: 'acct_test_demo_seller',
    });
    expect(byUser.get('studio')).toMatchObject({ payoutStatus: 'pending' });
    expect(byUser.get('rhythm')).toMatchObject({ payoutStatus: 'not_started', stripeAccountId: null });
    const [count] = await db().execute<{ n: number }[]>(
      'select count(*)::int as n from resources where seller_id = ?',
      [await userId('seller')],
    );
    expect((byUser.get('seller') as { resourceCount: number }).resourceCount).toBe(count.n);
    const found = await ok(as.admin, LIST, { search: 'rhythm' });
    expect(found.adminSellers.nodes.map((n: { storeName: string }) => n.storeName)).toEqual(['Rhythm Lab']);
    expect((await ok(as.admin, LIST, { search: '100%_' })).adminSellers.nodes).toEqual([]);
    const page1 = await ok(as.admin, LIST, { first: 2 });
    const page2 = await ok(as.admin, LIST, { first: 2, after: page1.adminSellers.pageInfo.endCursor });
    expect(page2.adminSellers.nodes[0].id).not.toBe(page1.adminSellers.nodes[1].id);
    expect(page1.adminSellers.totalCount).toBe(all.adminSellers.totalCount);
  });
});

describe('admin sellers list queries', () => {
  it('is the same number of queries for 1 and for all sellers', async () => {
    const sqlOf = async (first: number) => {
      const spy = vi.spyOn(t.orm.config.getLogger(), 'logQuery');
      try {
        const data = await ok(as.admin, LIST, { first });
        expect(data.adminSellers.nodes.length).toBe(Math.min(first, data.adminSellers.totalCount));
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    expect(await sqlOf(100)).toBe(await sqlOf(1));
  });
});

describe('suspension', () => {
  it('lets staff only suspend and reinstate', async () => {
    const rhythm = await userId('rhythm');
    for (const agent of [as.seller, as.member, as.multi]) {
      expect(await codeOf(agent, SUSPEND, { input: { sellerId: rhythm, reason: 'No' } })).toBe('FORBIDDEN');
      expect(await codeOf(agent, REINSTATE, { input: { sellerId: rhythm } })).toBe('FORBIDDEN');
      expect(await codeOf(agent, LIST)).toBe('FORBIDDEN');
    }
    expect(await codeOf(guest, SUSPEND, { input: { sellerId: rhythm, reason: 'No' } })).toBe(
      'UNAUTHENTICATED',
    );
    const [row] = await db().execute<{ suspended: boolean }[]>(
      'select suspended from seller_profiles where user_id = ?',
      [rhythm],
    );
    expect(row.suspended).toBe(false);
  });

  it('needs a reason and a known seller', async () => {
    const rhythm = await userId('rhythm');
    const blank = await ok(as.officer, SUSPEND, { input: { sellerId: rhythm, reason: '  ' } });
    expect(blank.sellerSuspend.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'reason' });
    const long = await ok(as.officer, SUSPEND, { input: { sellerId: rhythm, reason: 'x'.repeat(501) } });
    expect(long.sellerSuspend.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'reason' });
    const unknown = await ok(as.officer, SUSPEND, {
      input: { sellerId: await userId('member'), reason: 'Spam' },
    });
    expect(unknown.sellerSuspend.userErrors[0]).toMatchObject({ code: 'NOT_FOUND', field: 'sellerId' });
  });

  it('hides a suspended seller’s store and resources from the public, and reinstating shows them again', async () => {
    const sellerId = await userId('seller');
    const [published] = await db().execute<{ id: string }[]>(
      `select id from resources where seller_id = ? and status = 'published' limit 1`,
      [sellerId],
    );
    const visible = async () => {
      const store = await guest.get(`/api/sellers/${sellerId}`);
      const list = await guest.get(`/api/resources?sellerId=${sellerId}`);
      const detail = await guest.get(`/api/resources/${published.id}`);
      const stores = await guest.get('/api/sellers');
      return {
        store: store.status,
        listed: list.body.totalCount,
        detail: detail.status,
        inStores: stores.body.items.some((s: { id: string }) => s.id === sellerId),
      };
    };
    const before = await visible();
    expect(before).toMatchObject({ store: 200, detail: 200, inStores: true });
    expect(before.listed).toBeGreaterThan(0);

    // when an officer suspends the seller
    const res = await ok(as.officer, SUSPEND, { input: { sellerId, reason: 'Copyright complaint' } });
    expect(res.sellerSuspend).toEqual({
      seller: { id: sellerId, suspended: true, suspendedReason: 'Copyright complaint' },
      userErrors: [],
    });
    // then the store and its resources are gone for the public
    expect(await visible()).toEqual({ store: 404, listed: 0, detail: 404, inStores: false });
    const gql = await ok(guest, `query($id: ID!) { seller(id: $id) { id } }`, { id: sellerId });
    expect(gql.seller).toBeNull();
    // the seller still sees their own resource
    const own = await ok(as.seller, `query($id: ID!) { resource(id: $id) { id } }`, { id: published.id });
    expect(own.resource.id).toBe(published.id);

    // when staff reinstate the seller, everything is back
    const back = await ok(as.admin, REINSTATE, { input: { sellerId } });
    expect(back.sellerReinstate.seller).toEqual({ id: sellerId, suspended: false, suspendedReason: null });
    expect(await visible()).toEqual(before);
  });

  it('does not let staff suspend their own store', async () => {
    const officerId = await userId('officer');
    await ok(
      as.officer,
      `mutation { storeProfileUpdate(input: { storeName: "Officer Store" }) { userErrors { code } } }`,
    );
    const res = await ok(as.officer, SUSPEND, { input: { sellerId: officerId, reason: 'Test' } });
    expect(res.sellerSuspend.userErrors[0]).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('platform settings', () => {
  it('lets staff read the fee (10 % by default) and only admins change it', async () => {
    expect((await ok(as.officer, SETTINGS)).platformSettings.platformFeePercent).toBe(10);
    expect(await codeOf(as.seller, SETTINGS)).toBe('FORBIDDEN');
    expect(await codeOf(as.officer, SETTINGS_UPDATE, { input: { platformFeePercent: 5 } })).toBe('FORBIDDEN');
    expect(await codeOf(as.seller, SETTINGS_UPDATE, { input: { platformFeePercent: 5 } })).toBe('FORBIDDEN');
    expect(await codeOf(guest, SETTINGS_UPDATE, { input: { platformFeePercent: 5 } })).toBe(
      'UNAUTHENTICATED',
    );
    expect((await ok(as.admin, SETTINGS)).platformSettings.platformFeePercent).toBe(10);

    const res = await ok(as.admin, SETTINGS_UPDATE, { input: { platformFeePercent: 12.75 } });
    expect(res.platformSettingsUpdate).toEqual({ settings: { platformFeePercent: 12.75 }, userErrors: [] });
    expect((await ok(as.officer, SETTINGS)).platformSettings.platformFeePercent).toBe(12.75);
    const dashboard = await ok(as.seller, `query { sellerDashboard { platformFeePercent } }`);
    expect(dashboard.sellerDashboard.platformFeePercent).toBe(12.75);
  });

  it('refuses a fee outside 0–50 or with more than two decimals', async () => {
    for (const platformFeePercent of [-1, 50.5, 10.125]) {
      const res = await ok(as.admin, SETTINGS_UPDATE, { input: { platformFeePercent } });
      expect(res.platformSettingsUpdate.userErrors[0]).toMatchObject({
        code: 'INVALID_INPUT',
        field: 'platformFeePercent',
      });
    }
    expect((await ok(as.admin, SETTINGS)).platformSettings.platformFeePercent).toBe(12.75);
    const zero = await ok(as.admin, SETTINGS_UPDATE, { input: { platformFeePercent: 0 } });
    expect(zero.platformSettingsUpdate.settings.platformFeePercent).toBe(0);
  });
});
