import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { recordSaleEarnings, reverseSaleEarnings } from './earnings-ledger';

type Agent = ReturnType<typeof request.agent>;
const PASSWORD = 'drx-demo-2026';
const json = { 'content-type': 'application/json' };
const USERS = ['admin', 'officer', 'seller', 'member', 'instructor', 'studio'] as const;
type Name = (typeof USERS)[number];

let t: TestApp;
let guest: Agent;
const as = {} as Record<Name, Agent>;
const em = () => t.orm.em.fork() as EntityManager;
const db = () => em().getConnection();

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

/** Records a one-line sale and moves it `daysAgo` days into the past. */
async function sale(sellerId: string, resourceId: string | null, amountCents: number, daysAgo: number) {
  const orderId = randomUUID();
  await em().transactional((tx) =>
    recordSaleEarnings(tx as EntityManager, {
      orderId,
      orderNumber: `DRX-${Math.floor(Math.random() * 1e6)}`,
      lines: [{ orderLineId: randomUUID(), resourceId, sellerId, amountCents }],
    }),
  );
  await db().execute(
    `update seller_earnings set created_at = now() - make_interval(days => ?) where order_id = ?`,
    [daysAgo, orderId],
  );
  return orderId;
}

const DASHBOARD = `query($days: Int) { sellerDashboard {
  salesCount grossRevenueCents netEarningsCents pendingBalanceCents availableBalanceCents
  totalDownloads averageRating ratingCount platformFeePercent holdDays
  resourcesByStatus { draft published rejected }
  salesSeries(days: $days) { date salesCount grossCents netCents }
  resourceSales { resourceId title salesCount grossCents netCents downloadCount }
} }`;
const EARNINGS = `query($first: Int, $after: String) { sellerEarnings(first: $first, after: $after) {
  totalCount pageInfo { hasNextPage endCursor }
  nodes { id orderNumber grossCents feePercent feeCents netCents status resource { id title } } } }`;
const MY_STORE = `query { myStore { id storeName bio logoUrl } }`;
const STORE_UPDATE = `mutation($input: StoreProfileUpdateInput!) { storeProfileUpdate(input: $input) {
  store { id storeName bio logoUrl } userErrors { code field message } } }`;

let sellerId: string;
let resources: { id: string; title: string; download_count: number; status: string }[];

beforeAll(async () => {
  t = await startTestApp();
  guest = t.agent();
  for (const name of USERS) {
    const agent = t.agent();
    const res = await agent.post('/api/login').set(json).send({ username: name, password: PASSWORD });
    expect(res.status).toBe(200);
    as[name] = agent;
  }
  sellerId = await userId('seller');
  resources = await db().execute(
    'select id, title, download_count, status from resources where seller_id = ? order by title',
    [sellerId],
  );
  // the demo orders' sales are set aside so the figures below are exactly these sales
  await db().execute('delete from seller_earnings');
  // given sales today, 2 and 10 days ago, one old enough to be available, one refunded,
  // and another seller's sale that must not count
  const [a, b] = resources;
  await sale(sellerId, a.id, 1000, 0);
  await sale(sellerId, a.id, 1005, 0);
  await sale(sellerId, b.id, 2000, 2);
  await sale(sellerId, b.id, 500, 10);
  const refunded = await sale(sellerId, a.id, 9999, 1);
  await em().transactional((tx) => reverseSaleEarnings(tx as EntityManager, refunded));
  await sale(await userId('studio'), null, 4000, 0);
});
afterAll(() => t.close());

describe('seller dashboard', () => {
  it('sums my non-reversed sales, fees, balances, downloads, ratings and statuses', async () => {
    const { sellerDashboard: d } = await ok(as.seller, DASHBOARD, { days: 7 });
    // gross 1000 + 1005 + 2000 + 500; fees 100 + 101 + 200 + 50
    expect(d.salesCount).toBe(4);
    expect(d.grossRevenueCents).toBe(4505);
    expect(d.netEarningsCents).toBe(4505 - 451);
    // the 10-day-old sale is past the 7-day hold
    expect(d.availableBalanceCents).toBe(450);
    expect(d.pendingBalanceCents).toBe(4505 - 451 - 450);
    expect(d.holdDays).toBe(7);
    expect(d.platformFeePercent).toBe(10);
    const [figures] = await db().execute<{ downloads: number; average: string | null; ratings: number }[]>(
      `select sum(download_count)::int as downloads, sum(rating_count)::int as ratings,
         round(sum(rating_average * rating_count) / nullif(sum(rating_count), 0), 2) as average
       from resources where seller_id = ?`,
      [sellerId],
    );
    expect(d.totalDownloads).toBe(figures.downloads);
    expect(d.ratingCount).toBe(figures.ratings);
    expect(d.averageRating).toBe(Number(figures.average ?? 0));
    const count = (status: string) => resources.filter((r) => r.status === status).length;
    expect(d.resourcesByStatus).toEqual({
      draft: count('draft'),
      published: count('published'),
      rejected: count('rejected'),
    });
  });

  it('gives one point per day with zeros for days without sales', async () => {
    const { sellerDashboard: d } = await ok(as.seller, DASHBOARD, { days: 7 });
    const series = d.salesSeries as {
      date: string;
      salesCount: number;
      grossCents: number;
      netCents: number;
    }[];
    expect(series).toHaveLength(7);
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    expect(series.map((p) => p.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map(day));
    expect(series[6]).toEqual({ date: day(0), salesCount: 2, grossCents: 2005, netCents: 2005 - 201 });
    expect(series[4]).toEqual({ date: day(2), salesCount: 1, grossCents: 2000, netCents: 1800 });
    // the refunded sale of yesterday does not count; the 10-day-old sale is outside the range
    expect(series[5]).toEqual({ date: day(1), salesCount: 0, grossCents: 0, netCents: 0 });
    expect(series.reduce((n, p) => n + p.salesCount, 0)).toBe(3);
    const month = await ok(as.seller, DASHBOARD, { days: 30 });
    expect(month.sellerDashboard.salesSeries).toHaveLength(30);
    expect(
      month.sellerDashboard.salesSeries.reduce((n: number, p: { salesCount: number }) => n + p.salesCount, 0),
    ).toBe(4);
  });

  it('refuses a range outside 7–365 days', async () => {
    expect(await codeOf(as.seller, DASHBOARD, { days: 6 })).toBe('BAD_USER_INPUT');
    expect(await codeOf(as.seller, DASHBOARD, { days: 366 })).toBe('BAD_USER_INPUT');
    expect((await ok(as.seller, DASHBOARD, { days: 365 })).sellerDashboard.salesSeries).toHaveLength(365);
  });

  it('lists sales per resource', async () => {
    const { sellerDashboard: d } = await ok(as.seller, DASHBOARD, { days: 7 });
    const [a, b] = resources;
    const byId = new Map(d.resourceSales.map((r: { resourceId: string }) => [r.resourceId, r]));
    expect(byId.size).toBe(resources.length);
    expect(byId.get(a.id)).toMatchObject({ salesCount: 2, grossCents: 2005, netCents: 1804 });
    expect(byId.get(b.id)).toMatchObject({ salesCount: 2, grossCents: 2500, netCents: 2250 });
    expect(d.resourceSales[0].resourceId).toBe(b.id);
  });

  it('shows an empty dashboard to a seller without sales', async () => {
    const { sellerDashboard: d } = await ok(as.officer, DASHBOARD, { days: 7 });
    expect(d).toMatchObject({ salesCount: 0, grossRevenueCents: 0, netEarningsCents: 0, totalDownloads: 0 });
    expect(d.salesSeries.every((p: { salesCount: number }) => p.salesCount === 0)).toBe(true);
  });
});

describe('earnings ledger list', () => {
  it('pages my ledger newest first, with gross, fee, net and status', async () => {
    const first = await ok(as.seller, EARNINGS, { first: 3 });
    expect(first.sellerEarnings.totalCount).toBe(5);
    expect(first.sellerEarnings.nodes.map((n: { grossCents: number }) => n.grossCents)).toEqual([
      1005, 1000, 9999,
    ]);
    expect(first.sellerEarnings.nodes[0]).toMatchObject({
      feePercent: 10,
      feeCents: 101,
      netCents: 904,
      status: 'pending',
    });
    expect(first.sellerEarnings.nodes[2].status).toBe('reversed');
    expect(first.sellerEarnings.nodes[0].resource.id).toBe(resources[0].id);
    const next = await ok(as.seller, EARNINGS, { first: 3, after: first.sellerEarnings.pageInfo.endCursor });
    expect(
      next.sellerEarnings.nodes.map((n: { grossCents: number; status: string }) => [n.grossCents, n.status]),
    ).toEqual([
      [2000, 'pending'],
      [500, 'available'],
    ]);
    expect(await codeOf(as.seller, EARNINGS, { after: 'forged' })).toBe('BAD_USER_INPUT');
  });

  /**
   * The app's own background work runs in this process too and logs through the same logger: the
   * shop's store sync (its connection row, its start time) and the course taxonomy's cache. Its
   * queries are no request's (they made these tests fail on a loaded machine, when they fell inside).
   */
  const BACKGROUND = /store_connection|select now\(\) as "started"|"dance_styles"/;
  const requestQueries = (spy: { mock: { calls: [{ query?: string }][] } }) =>
    spy.mock.calls.map(([context]) => context.query ?? '').filter((q) => !BACKGROUND.test(q));

  it('is the same number of queries for 1 and for 5 ledger rows (resources batched)', async () => {
    const sqlOf = async (first: number) => {
      const spy = vi.spyOn(t.orm.config.getLogger(), 'logQuery');
      try {
        const data = await ok(as.seller, EARNINGS, { first });
        expect(data.sellerEarnings.nodes).toHaveLength(first);
        return requestQueries(spy);
      } finally {
        spy.mockRestore();
      }
    };
    const one = await sqlOf(1);
    const five = await sqlOf(5);
    expect(five.length, five.join('\n')).toBe(one.length);
  });

  it('refuses a forged cursor before reading the page or counting (nothing left running after it)', async () => {
    const spy = vi.spyOn(t.orm.config.getLogger(), 'logQuery');
    try {
      expect(await codeOf(as.seller, EARNINGS, { after: 'forged' })).toBe('BAD_USER_INPUT');
      await new Promise((r) => setTimeout(r, 300)); // a count still running would log by now
      const reads = requestQueries(spy).filter((q) => /^select/i.test(q));
      expect(reads).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });

  it('shows me only my own rows', async () => {
    const studio = await ok(as.studio, EARNINGS, {});
    expect(studio.sellerEarnings.nodes.map((n: { grossCents: number }) => n.grossCents)).toEqual([4000]);
  });
});

describe('store profile', () => {
  it('reads and updates my store, creating it for staff without one', async () => {
    expect((await ok(as.seller, MY_STORE)).myStore.storeName).toBe("Sam's Dance Resources");
    expect((await ok(as.officer, MY_STORE)).myStore).toBeNull();
    const input = {
      storeName: '  Officer Picks ',
      bio: 'Hand-picked material.',
      logoUrl: 'https://example.com/logo.png',
    };
    const res = await ok(as.officer, STORE_UPDATE, { input });
    expect(res.storeProfileUpdate.userErrors).toEqual([]);
    expect(res.storeProfileUpdate.store).toMatchObject({
      storeName: 'Officer Picks',
      bio: 'Hand-picked material.',
    });
    expect((await ok(as.officer, MY_STORE)).myStore.logoUrl).toBe('https://example.com/logo.png');
  });

  it('validates the lengths and the logo address', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ storeName: 'x' }, 'storeName'],
      [{ storeName: 'x'.repeat(121) }, 'storeName'],
      [{ storeName: 'Fine', bio: 'b'.repeat(2001) }, 'bio'],
      [{ storeName: 'Fine', logoUrl: 'javascript:alert(1)' }, 'logoUrl'],
      [{ storeName: 'Fine', logoUrl: `https://example.com/${'a'.repeat(500)}` }, 'logoUrl'],
    ];
    for (const [input, field] of cases) {
      const res = await ok(as.seller, STORE_UPDATE, { input });
      expect(res.storeProfileUpdate.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field });
    }
    expect((await ok(as.seller, MY_STORE)).myStore.storeName).toBe("Sam's Dance Resources");
  });
});

describe('permissions of the seller operations', () => {
  it('refuses members and instructors, and asks guests to sign in', async () => {
    const operations: [string, Record<string, unknown>][] = [
      [DASHBOARD, { days: 7 }],
      [EARNINGS, {}],
      [MY_STORE, {}],
      [STORE_UPDATE, { input: { storeName: 'Nope' } }],
      [`query { stripeConnectStatus { payoutStatus } }`, {}],
      [`mutation { stripeConnectStart { url userErrors { code } } }`, {}],
    ];
    // Stripe Connect is for instructors too (their booking earnings: connect-payouts.integration.test.ts).
    const payeeOnly = new Set([operations[4][0], operations[5][0]]);
    for (const [query, variables] of operations) {
      expect(await codeOf(as.member, query, variables)).toBe('FORBIDDEN');
      if (!payeeOnly.has(query)) expect(await codeOf(as.instructor, query, variables)).toBe('FORBIDDEN');
      expect(await codeOf(guest, query, variables)).toBe('UNAUTHENTICATED');
    }
    const [count] = await db().execute<{ n: number }[]>(
      `select count(*)::int as n from seller_profiles where user_id in (?, ?)`,
      [await userId('member'), await userId('instructor')],
    );
    expect(count.n).toBe(0);
  });
});
