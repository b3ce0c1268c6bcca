import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { type Agent, db, type Name, signIn } from '../orders/orders-fixtures.test';

// A seller's sums of money pass 2³¹ − 1 cents ($21.4M): the graph answers them as SafeInt, where
// Int could not represent them and the whole query failed.
let t: TestApp;
let as: Record<Name, Agent>;
let idOf: Record<Name, string>;

beforeAll(async () => {
  t = await startTestApp();
  ({ as, idOf } = await signIn(t));
});
afterAll(() => t?.close());

const BIG = 1_500_000_000; // cents per sale ($15M), within a row's int; two of them pass 2³¹ − 1
const DASHBOARD = `query { sellerDashboard {
  grossRevenueCents netEarningsCents pendingBalanceCents availableBalanceCents
  salesSeries(days: 7) { date grossCents netCents }
  resourceSales { resourceId grossCents netCents }
} }`;
const SELLERS = `query { adminSellers(first: 100) { nodes { user { id } grossCents } } }`;

describe('seller money sums above Int', () => {
  it('answers sums past 2^31 − 1 cents exactly (dashboard, series, per resource, admin list)', async () => {
    const sellerId = idOf.seller;
    const [resource] = await db(t).execute<{ id: string }[]>(
      'select id from resources where seller_id = ? order by id limit 1',
      [sellerId],
    );
    const before = await t.gql(as.seller, DASHBOARD);
    expect(before.errors).toBeUndefined();
    const base = before.data.sellerDashboard;
    for (const status of ['pending', 'available']) {
      await db(t).execute(
        `insert into seller_earnings (id, seller_id, order_id, order_number, order_line_id, resource_id,
           gross_cents, fee_percent, fee_cents, net_cents, status)
         values (gen_random_uuid(), ?, gen_random_uuid(), 'DRX-BIG', gen_random_uuid(), ?, ?, 10, ?, ?, ?)`,
        [sellerId, resource.id, BIG, BIG / 10, BIG - BIG / 10, status],
      );
    }
    const net = 2 * (BIG - BIG / 10);

    const res = await t.gql(as.seller, DASHBOARD);
    expect(res.errors).toBeUndefined();
    const dashboard = res.data.sellerDashboard;
    expect(dashboard.grossRevenueCents).toBe(base.grossRevenueCents + 2 * BIG);
    expect(dashboard.grossRevenueCents).toBeGreaterThan(2 ** 31 - 1);
    expect(dashboard.netEarningsCents).toBe(base.netEarningsCents + net);
    expect(dashboard.pendingBalanceCents + dashboard.availableBalanceCents).toBe(
      base.pendingBalanceCents + base.availableBalanceCents + net,
    );
    const today = dashboard.salesSeries.at(-1);
    const todayBefore = base.salesSeries.at(-1);
    expect(today.grossCents).toBe(todayBefore.grossCents + 2 * BIG);
    expect(today.netCents).toBe(todayBefore.netCents + net);
    const sold = dashboard.resourceSales.find((r: { resourceId: string }) => r.resourceId === resource.id);
    const soldBefore = base.resourceSales.find((r: { resourceId: string }) => r.resourceId === resource.id);
    expect(sold.grossCents).toBe(soldBefore.grossCents + 2 * BIG);
    expect(sold.netCents).toBe(soldBefore.netCents + net);

    const list = await t.gql(as.admin, SELLERS);
    expect(list.errors).toBeUndefined();
    const row = list.data.adminSellers.nodes.find((n: { user: { id: string } }) => n.user.id === sellerId);
    expect(row.grossCents).toBeGreaterThan(2 ** 31 - 1);
  });

  it('names the fields SafeInt in the schema', async () => {
    const res = await t.gql(
      t.agent(),
      `query { __type(name: "SellerDashboard") { fields { name type { ofType { name } } } } }`,
    );
    const types = Object.fromEntries(
      res.data.__type.fields.map((f: { name: string; type: { ofType: { name: string } | null } }) => [
        f.name,
        f.type.ofType?.name,
      ]),
    );
    expect(types).toMatchObject({
      grossRevenueCents: 'SafeInt',
      netEarningsCents: 'SafeInt',
      pendingBalanceCents: 'SafeInt',
      availableBalanceCents: 'SafeInt',
    });
  });
});
