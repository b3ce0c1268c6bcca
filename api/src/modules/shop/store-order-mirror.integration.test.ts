import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { type Agent, json, PASSWORD } from '../orders/orders-fixtures.test';
import { db, deliver, nextId, orderGidOf, orderPayload, refundPayload } from './store-webhook-fixtures.test';

// The connected store's orders that belong to a DRX account are orders of kind `store` of the one
// order lifecycle (issue 32, goal 3), moved to the state the store last told — a retried webhook
// and two racing ones move them once — while `storeOrders` and the orders API read as before.
let t: TestApp;
let member: Agent;
let memberId = '';

beforeAll(async () => {
  t = await startTestApp();
  member = t.agent();
  const res = await member.post('/api/login').set(json).send({ username: 'member', password: PASSWORD });
  expect(res.status).toBe(200);
  memberId = res.body.id;
});
afterAll(async () => {
  await t?.close();
});

interface MirrorRow {
  id: string;
  user_id: string;
  kind: string;
  number: string;
  status: string;
  currency: string;
  total_cents: number;
  refunded_cents: number;
  payment_provider: string;
  paid: boolean;
}

/** The order of store order `id` (its link). */
async function mirrorsOf(id: number): Promise<MirrorRow[]> {
  return db(t).execute<MirrorRow[]>(
    `select o.id, o.user_id, o.kind, o.number, o.status, o.currency, o.total_cents::int as total_cents,
            o.refunded_cents::int as refunded_cents, o.payment_provider, o.paid_at is not null as paid
       from store_orders so join orders o on o.id = so.order_id where so.id = ?`,
    [orderGidOf(id)],
  );
}
const storeOrderCount = async () =>
  (
    await db(t).execute<{ n: number }[]>(
      `select count(*)::int as n from orders where user_id = ? and kind = 'store'`,
      [memberId],
    )
  )[0].n;

const twoLines = [
  { id: 1, price: '12.00' },
  { id: 2, price: '8.50', quantity: 2 },
];

describe('store orders are orders of the one lifecycle', () => {
  it('placed pending, then paid, refunded in part and in whole, as the store tells', async () => {
    const id = nextId();
    const before = await storeOrderCount();
    const lines = twoLines.map((l) => ({ ...l, id: id * 10 + l.id }));
    expect(
      (await deliver(t, 'orders/create', orderPayload({ id, financialStatus: 'pending', lines }))).status,
    ).toBe(200);
    const [placed] = await mirrorsOf(id);
    expect(placed).toMatchObject({
      user_id: memberId,
      kind: 'store',
      status: 'pending',
      currency: 'USD',
      total_cents: 2900,
      payment_provider: 'store',
      paid: false,
    });
    expect(placed.number).toMatch(/^S-\d{6,}$/);

    const paid = orderPayload({ id, financialStatus: 'paid', lines, updatedAt: '2026-11-28T11:00:00Z' });
    expect((await deliver(t, 'orders/paid', paid)).status).toBe(200);
    expect(await mirrorsOf(id)).toEqual([
      expect.objectContaining({ id: placed.id, status: 'paid', paid: true }),
    ]);

    // Both 8.50 items of the second line given back: 17.00 of 29.00.
    const refund = refundPayload(id, [{ id: lines[1].id, quantity: 2 }]);
    expect((await deliver(t, 'refunds/create', refund)).status).toBe(200);
    const partly = orderPayload({
      id,
      financialStatus: 'partially_refunded',
      lines,
      updatedAt: '2026-11-28T12:00:00Z',
    });
    expect((await deliver(t, 'orders/updated', partly)).status).toBe(200);
    expect(await mirrorsOf(id)).toEqual([
      expect.objectContaining({ id: placed.id, status: 'refunded', refunded_cents: 1700 }),
    ]);

    const whole = orderPayload({ id, financialStatus: 'refunded', lines, updatedAt: '2026-11-28T13:00:00Z' });
    expect((await deliver(t, 'orders/updated', whole)).status).toBe(200);
    expect(await mirrorsOf(id)).toEqual([
      expect.objectContaining({ id: placed.id, status: 'refunded', refunded_cents: 2900 }),
    ]);
    // A stale delivery (older updated_at) moves nothing back.
    expect((await deliver(t, 'orders/updated', paid)).status).toBe(200);
    expect(await mirrorsOf(id)).toEqual([
      expect.objectContaining({ status: 'refunded', refunded_cents: 2900 }),
    ]);
    expect(await storeOrderCount()).toBe(before + 1);

    // Members and admins read the store's orders as before; the orders API lists none of them.
    const mine = await t.gql(member, '{ myOrders { nodes { id } } storeOrders { nodes { id status } } }');
    expect(mine.data.myOrders.nodes.map((n: { id: string }) => n.id)).not.toContain(placed.id);
    expect(mine.data.storeOrders.nodes).toContainEqual({ id: orderGidOf(id), status: 'Refunded' });
  });

  it('a retried webhook and racing webhooks of one order place one order and move it once', async () => {
    const id = nextId();
    const before = await storeOrderCount();
    const webhookId = randomUUID();
    const created = orderPayload({ id, financialStatus: 'pending' });
    const paid = orderPayload({ id, financialStatus: 'paid', updatedAt: '2026-11-28T11:00:00Z' });
    const results = await Promise.all([
      deliver(t, 'orders/create', created, { webhookId }),
      deliver(t, 'orders/create', created, { webhookId }), // the store's retry of the same delivery
      deliver(t, 'orders/paid', paid),
      deliver(t, 'orders/updated', paid),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(results.filter((r) => r.body.duplicate).length).toBe(1);
    expect(await mirrorsOf(id)).toEqual([expect.objectContaining({ status: 'paid', total_cents: 1200 })]);
    expect(await storeOrderCount()).toBe(before + 1);
  });

  it('an unpaid order cancelled is canceled; an unknown buyer’s order is no DRX order until claimed', async () => {
    const id = nextId();
    await deliver(t, 'orders/create', orderPayload({ id, financialStatus: 'pending' }));
    await deliver(
      t,
      'orders/cancelled',
      orderPayload({
        id,
        financialStatus: 'voided',
        cancelledAt: '2026-11-28T11:00:00Z',
        updatedAt: '2026-11-28T11:00:00Z',
      }),
    );
    expect(await mirrorsOf(id)).toEqual([expect.objectContaining({ status: 'canceled', paid: false })]);

    const stranger = nextId();
    await deliver(
      t,
      'orders/create',
      orderPayload({ id: stranger, email: `nobody-${stranger}@example.test` }),
    );
    const [row] = await db(t).execute<{ user_id: string | null; order_id: string | null }[]>(
      'select user_id, order_id from store_orders where id = ?',
      [orderGidOf(stranger)],
    );
    expect(row).toEqual({ user_id: null, order_id: null });
  });
});
