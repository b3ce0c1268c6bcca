import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  type Agent,
  addToCart,
  clearCart,
  db,
  type Name,
  newKey,
  resourceOf,
  signIn,
} from './orders-fixtures.test';

// Two buyers replace their open checkouts at the same instant, one going from coupon A to B and the
// other from B to A: each gives its old coupon's use back and takes the new one's. Without a common
// lock order the two transactions lock A→B and B→A and PostgreSQL ends one as a deadlock (a 500).
let t: TestApp;
let as: Record<Name, Agent>;
let idOf: Record<Name, string>;

beforeAll(async () => {
  t = await startTestApp();
  ({ as, idOf } = await signIn(t));
});
afterAll(() => t?.close());

const START = `mutation($input: CheckoutStartInput!) { checkoutStart(input: $input) {
  order { id couponCode status } userErrors { code field message } } }`;

async function start(agent: Agent, couponCode: string) {
  const res = await t.gql(agent, START, { input: { idempotencyKey: newKey(), couponCode } });
  return { status: res.status, errors: res.errors, payload: res.data?.checkoutStart };
}

describe('replacing open checkouts while swapping coupons', () => {
  it('never deadlocks: 20 rounds of two concurrent swaps all succeed', async () => {
    for (const code of ['SWAPA', 'SWAPB']) {
      await db(t).execute(
        `insert into coupons (id, code, kind, percent_off, per_member_limit) values (gen_random_uuid(), ?, 'percent', 10, null)`,
        [code],
      );
    }
    const buyers = [as.member, as.multi];
    for (const name of ['member', 'multi'] as const) {
      await clearCart(t, idOf[name]);
      await addToCart(t, as[name], 'resource', (await resourceOf(t, null, idOf[name])).id);
    }
    // Round 0: the member's open checkout uses A, the other buyer's B.
    expect((await start(buyers[0], 'SWAPA')).payload.userErrors).toEqual([]);
    expect((await start(buyers[1], 'SWAPB')).payload.userErrors).toEqual([]);

    const failures: unknown[] = [];
    for (let round = 1; round <= 20; round += 1) {
      const [first, second] = round % 2 ? ['SWAPB', 'SWAPA'] : ['SWAPA', 'SWAPB'];
      const results = await Promise.all([start(buyers[0], first), start(buyers[1], second)]);
      for (const [i, r] of results.entries()) {
        if (r.status !== 200 || r.errors || r.payload?.userErrors.length) failures.push({ round, i, ...r });
        else expect(r.payload.order).toMatchObject({ status: 'pending', couponCode: i ? second : first });
      }
    }
    expect(failures).toEqual([]);

    // Each coupon counts exactly its uses by the orders still open (one each).
    const rows = await db(t).execute<{ code: string; used_count: number; active_uses: number }[]>(
      `select c.code, c.used_count,
         (select count(*)::int from coupon_redemptions r where r.coupon_id = c.id and r.released_at is null) as active_uses
       from coupons c where c.code in ('SWAPA', 'SWAPB') order by c.code`,
    );
    expect(rows).toEqual([
      { code: 'SWAPA', used_count: 1, active_uses: 1 },
      { code: 'SWAPB', used_count: 1, active_uses: 1 },
    ]);
  });
});
