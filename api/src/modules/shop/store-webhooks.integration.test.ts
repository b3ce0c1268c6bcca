import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { type Agent, json, PASSWORD } from '../orders/orders-fixtures.test';
import { DEMO_WEBHOOK_SECRET } from './demo-store-constants';
import { storeSignature } from './store-webhook.route';
import { db, deliver, nextId, orderGidOf, orderPayload, refundPayload } from './store-webhook-fixtures.test';

// POST /api/webhooks/store (signed with the demo store's secret: no store_connection row outside
// production means the demo store) and the store orders members and admins read.
let t: TestApp;
const as: Record<string, Agent> = {};
const idOf: Record<string, string> = {};

const STORE_ORDERS = `query($first: Int, $after: String, $all: Boolean) {
  storeOrders(first: $first, after: $after, all: $all) {
    totalCount pageInfo { hasNextPage endCursor }
    nodes { id name email status financialStatus fulfillmentStatus cancelledAt total { amount currencyCode }
      trackingNumber trackingUrl trackingCompany statusUrl customerName
      lines { title variantTitle quantity refundedQuantity price { amount currencyCode } sku drxItemType drxItemId } } } }`;

beforeAll(async () => {
  t = await startTestApp();
  for (const name of ['admin', 'member', 'seller']) {
    const agent = t.agent();
    const res = await agent.post('/api/login').set(json).send({ username: name, password: PASSWORD });
    expect(res.status).toBe(200);
    as[name] = agent;
    idOf[name] = res.body.id;
  }
});
afterAll(async () => {
  await t?.close();
});

const orderRow = async (id: number) =>
  (
    await db(t).execute<Record<string, any>[]>('select * from store_orders where id = ?', [orderGidOf(id)])
  )[0];
const deliveries = async (webhookId: string) =>
  (
    await db(t).execute<{ n: number }[]>(
      'select count(*)::int as n from store_webhook_deliveries where webhook_id = ?',
      [webhookId],
    )
  )[0].n;

describe('signature', () => {
  it('accepts a delivery signed with the store’s webhook secret', async () => {
    const id = nextId();
    const res = await deliver(t, 'orders/create', orderPayload({ id }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, topic: 'orders/create', order: orderGidOf(id) });
    expect(await orderRow(id)).toBeTruthy();
  });

  it('refuses a bad or missing signature with 401 and changes nothing', async () => {
    const id = nextId();
    const webhookId = randomUUID();
    const wrongSecret = await deliver(t, 'orders/create', orderPayload({ id }), {
      webhookId,
      secret: 'not-the-secret',
    });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body.message).toMatch(/signature/i);
    const garbage = await deliver(t, 'orders/create', orderPayload({ id }), { webhookId, signature: 'abc' });
    expect(garbage.status).toBe(401);
    const missing = await deliver(t, 'orders/create', orderPayload({ id }), { webhookId, signature: null });
    expect(missing.status).toBe(401);
    expect(await orderRow(id)).toBeUndefined();
    expect(await deliveries(webhookId)).toBe(0);

    // A body changed after signing fails too.
    const good = orderPayload({ id });
    const signedFor = JSON.stringify(good);
    const tampered = await deliver(
      t,
      'orders/create',
      { ...good, total_price: '0.01' },
      {
        signature: storeSignature(signedFor, DEMO_WEBHOOK_SECRET),
      },
    );
    expect(tampered.status).toBe(401);
    expect(await orderRow(id)).toBeUndefined();
  });

  it('drops a replayed webhook id: 200, duplicate, nothing changes', async () => {
    const id = nextId();
    const webhookId = randomUUID();
    const first = await deliver(t, 'orders/create', orderPayload({ id, financialStatus: 'pending' }), {
      webhookId,
    });
    expect(first.status).toBe(200);
    const replay = await deliver(
      t,
      'orders/updated',
      orderPayload({ id, financialStatus: 'paid', updatedAt: '2026-11-28T11:00:00Z' }),
      { webhookId },
    );
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ ok: true, duplicate: true });
    expect((await orderRow(id)).financial_status).toBe('pending');
    expect(await deliveries(webhookId)).toBe(1);
  });

  it('answers 400 for a signed body that is not an order', async () => {
    const webhookId = randomUUID();
    const res = await deliver(t, 'orders/create', { id: 'x' }, { webhookId });
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTruthy();
    // Rolled back with the handling: not recorded as delivered.
    expect(await deliveries(webhookId)).toBe(0);
  });

  it('ignores topics it does not handle', async () => {
    const res = await deliver(t, 'customers/create', { id: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, ignored: true });
  });
});

describe('orders', () => {
  it('maps an order to the member with the buyer’s email in any letter case', async () => {
    const id = nextId();
    const res = await deliver(t, 'orders/create', orderPayload({ id, email: 'Member@Demo.DRX.Dance' }));
    expect(res.status).toBe(200);
    const row = await orderRow(id);
    expect(row.user_id).toBe(idOf.member);
    expect(row.name).toBe(`#${id}`);
    expect(Number(row.total_price)).toBe(12);
  });

  it('leaves an order of an unknown email without an account', async () => {
    const id = nextId();
    await deliver(t, 'orders/create', orderPayload({ id, email: 'nobody-here@example.com' }));
    expect((await orderRow(id)).user_id).toBeNull();
  });

  it('keeps the newest state when an older update arrives late', async () => {
    const id = nextId();
    const fulfilled = orderPayload({
      id,
      updatedAt: '2026-11-28T15:00:00Z',
      fulfillmentStatus: 'fulfilled',
      fulfillments: [
        {
          status: 'success',
          created_at: '2026-11-28T14:00:00Z',
          tracking_number: 'OLD1',
          tracking_url: 'https://track.example/OLD1',
          tracking_company: 'UPS',
        },
        {
          status: 'success',
          created_at: '2026-11-28T15:00:00Z',
          tracking_number: 'NEW2',
          tracking_url: 'https://track.example/NEW2',
          tracking_company: 'DHL',
        },
      ],
    });
    expect((await deliver(t, 'orders/fulfilled', fulfilled)).status).toBe(200);
    const late = await deliver(t, 'orders/paid', orderPayload({ id, updatedAt: '2026-11-28T10:05:00Z' }));
    expect(late.status).toBe(200);
    expect(late.body.stale).toBe(true);
    const row = await orderRow(id);
    expect(row.fulfillment_status).toBe('fulfilled');
    expect(row.tracking_number).toBe('NEW2');
    expect(row.tracking_company).toBe('DHL');

    const res = await t.gql(as.member, STORE_ORDERS, { first: 100 });
    const order = res.data.storeOrders.nodes.find((o: { id: string }) => o.id === orderGidOf(id));
    expect(order).toMatchObject({
      status: 'Fulfilled',
      trackingNumber: 'NEW2',
      trackingUrl: 'https://track.example/NEW2',
      customerName: 'Mia Member',
      total: { amount: '12.00', currencyCode: 'USD' },
    });
    expect(order.lines[0]).toMatchObject({ title: 'Item 0', quantity: 1, sku: 'SHOE-0', drxItemType: null });
  });

  it('marks refunded lines, and a refund of an order not known yet is retried later', async () => {
    const id = nextId();
    const refund = refundPayload(id, [{ id: id * 10 + 1 }]);
    const webhookId = randomUUID();
    const early = await deliver(t, 'refunds/create', refund, { webhookId });
    expect(early.status).toBe(409);
    expect(await deliveries(webhookId)).toBe(0);

    await deliver(t, 'orders/create', orderPayload({ id, lines: [{}, { sku: null, title: 'Socks' }] }));
    expect((await deliver(t, 'refunds/create', refund, { webhookId })).status).toBe(200);
    // The same refund under another webhook id counts once.
    expect((await deliver(t, 'refunds/create', refund)).status).toBe(200);
    const res = await t.gql(as.member, STORE_ORDERS, { first: 100 });
    const order = res.data.storeOrders.nodes.find((o: { id: string }) => o.id === orderGidOf(id));
    expect(order.lines.map((l: { refundedQuantity: number }) => l.refundedQuantity)).toEqual([0, 1]);
    // An old refund of an order DRX never saw (before it was connected) is answered and dropped.
    const unknown = nextId();
    const old = await deliver(
      t,
      'refunds/create',
      refundPayload(unknown, [{ id: 1 }], nextId(), '2026-01-01T00:00:00Z'),
    );
    expect(old.status).toBe(200);
    expect(old.body).toMatchObject({ ignored: true, unknownOrder: true });
    // A later order update does not lose the refund.
    await deliver(
      t,
      'orders/updated',
      orderPayload({
        id,
        financialStatus: 'partially_refunded',
        updatedAt: '2026-11-28T13:00:00Z',
        lines: [{}, { sku: null, title: 'Socks' }],
      }),
    );
    const again = await t.gql(as.member, STORE_ORDERS, { first: 100 });
    const updated = again.data.storeOrders.nodes.find((o: { id: string }) => o.id === orderGidOf(id));
    expect(updated.status).toBe('Partially refunded');
    expect(updated.lines[1].refundedQuantity).toBe(1);
  });

  it('takes what a member ordered out of their shop bag', async () => {
    const productId = nextId();
    const variantId = nextId();
    const otherVariant = nextId();
    await db(t).execute(
      `insert into store_products (id, handle, title, currency_code, min_price, max_price, store_updated_at)
       values (?, ?, 'Bag test shoe', 'USD', 10, 10, now())`,
      [`gid://shopify/Product/${productId}`, `bag-test-${productId}`],
    );
    for (const v of [variantId, otherVariant]) {
      await db(t).execute(
        `insert into store_product_variants (id, product_id, title, price) values (?, ?, 'M', 10)`,
        [`gid://shopify/ProductVariant/${v}`, `gid://shopify/Product/${productId}`],
      );
      await db(t).execute(`insert into shop_bag_items (user_id, variant_id, quantity) values (?, ?, 1)`, [
        idOf.member,
        `gid://shopify/ProductVariant/${v}`,
      ]);
    }
    const id = nextId();
    await deliver(t, 'orders/create', orderPayload({ id, lines: [{ variantId, productId }] }));
    const bag = await db(t).execute<{ variant_id: string }[]>(
      'select variant_id from shop_bag_items where user_id = ?',
      [idOf.member],
    );
    expect(bag.map((b) => b.variant_id)).toEqual([`gid://shopify/ProductVariant/${otherVariant}`]);
  });
});

describe('products', () => {
  it('queues a product sync on products/update and marks a deleted product removed', async () => {
    const productId = nextId();
    await db(t).execute(
      `insert into store_products (id, handle, title, currency_code, min_price, max_price, store_updated_at)
       values (?, ?, 'Delete me', 'USD', 5, 5, now())`,
      [`gid://shopify/Product/${productId}`, `delete-me-${productId}`],
    );
    const update = await deliver(t, 'products/update', {
      id: productId,
      admin_graphql_api_id: `gid://shopify/Product/${productId}`,
      title: 'Delete me',
      updated_at: '2026-11-28T10:00:00Z',
    });
    expect(update.status).toBe(200);
    expect(update.body).toMatchObject({ queued: true, product: `gid://shopify/Product/${productId}` });

    const removed = await deliver(t, 'products/delete', { id: productId });
    expect(removed.status).toBe(200);
    expect(removed.body.removed).toBe(true);
    const [row] = await db(t).execute<{ removed_at: Date | null }[]>(
      'select removed_at from store_products where id = ?',
      [`gid://shopify/Product/${productId}`],
    );
    expect(row.removed_at).not.toBeNull();
  });
});

describe('reading store orders', () => {
  it('shows a member their own orders only; all=true is for admins', async () => {
    const mine = nextId();
    const theirs = nextId();
    await deliver(t, 'orders/create', orderPayload({ id: mine, createdAt: '2026-11-29T10:00:00Z' }));
    await deliver(
      t,
      'orders/create',
      orderPayload({ id: theirs, email: 'seller@demo.drx.dance', createdAt: '2026-11-29T11:00:00Z' }),
    );

    const member = await t.gql(as.member, STORE_ORDERS, { first: 100 });
    expect(member.errors).toBeUndefined();
    const memberIds = member.data.storeOrders.nodes.map((o: { id: string }) => o.id);
    expect(memberIds).toContain(orderGidOf(mine));
    expect(memberIds).not.toContain(orderGidOf(theirs));

    const seller = await t.gql(as.seller, STORE_ORDERS, { first: 100 });
    const sellerIds = seller.data.storeOrders.nodes.map((o: { id: string }) => o.id);
    expect(sellerIds).toEqual([orderGidOf(theirs)]);

    const forbidden = await t.gql(as.member, STORE_ORDERS, { all: true });
    expect(forbidden.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const guest = await t.gql(t.agent(), STORE_ORDERS, {});
    expect(guest.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');

    const admin = await t.gql(as.admin, STORE_ORDERS, { all: true, first: 100 });
    expect(admin.errors).toBeUndefined();
    const adminIds = admin.data.storeOrders.nodes.map((o: { id: string }) => o.id);
    expect(adminIds).toEqual(expect.arrayContaining([orderGidOf(mine), orderGidOf(theirs)]));
    // Newest first.
    expect(adminIds.indexOf(orderGidOf(theirs))).toBeLessThan(adminIds.indexOf(orderGidOf(mine)));
    // An admin's own list is theirs only.
    const adminOwn = await t.gql(as.admin, STORE_ORDERS, { first: 100 });
    expect(adminOwn.data.storeOrders.nodes).toEqual([]);
  });

  it('pages with cursors', async () => {
    const first = await t.gql(as.member, STORE_ORDERS, { first: 2 });
    const total = first.data.storeOrders.totalCount;
    expect(total).toBeGreaterThan(2);
    const seen: string[] = first.data.storeOrders.nodes.map((o: { id: string }) => o.id);
    let after = first.data.storeOrders.pageInfo.endCursor;
    let more = first.data.storeOrders.pageInfo.hasNextPage;
    while (more) {
      const page = await t.gql(as.member, STORE_ORDERS, { first: 2, after });
      seen.push(...page.data.storeOrders.nodes.map((o: { id: string }) => o.id));
      after = page.data.storeOrders.pageInfo.endCursor;
      more = page.data.storeOrders.pageInfo.hasNextPage;
    }
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
    const bad = await t.gql(as.member, STORE_ORDERS, { after: 'not-a-cursor' });
    expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('GET /api/store/orders lists the member’s own orders; 401 for a guest', async () => {
    const res = await as.member.get('/api/store/orders?first=100');
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBeGreaterThan(0);
    expect(res.body.items.length).toBe(res.body.totalCount);
    expect(res.body.items[0]).toMatchObject({ name: expect.any(String), status: expect.any(String) });
    expect(
      res.body.items.every((o: { email: string }) => o.email.toLowerCase() === 'member@demo.drx.dance'),
    ).toBe(true);
    const guest = await t.agent().get('/api/store/orders');
    expect(guest.status).toBe(401);
    expect(guest.body.message).toBeTruthy();
    const bad = await as.member.get('/api/store/orders?first=0');
    expect(bad.status).toBe(400);
  });
});

describe('no store', () => {
  it('answers 404 when the store is disconnected', async () => {
    await db(t).execute(`insert into store_connection (id, status) values (1, 'disconnected')
       on conflict (id) do update set status = 'disconnected', demo = false, storefront_token_enc = null,
         admin_token_enc = null, webhook_secret_enc = null`);
    try {
      const id = nextId();
      const res = await deliver(t, 'orders/create', orderPayload({ id }));
      expect(res.status).toBe(404);
      expect(res.body.message).toBeTruthy();
      expect(await orderRow(id)).toBeUndefined();
    } finally {
      await db(t).execute(`delete from store_connection`);
    }
  });
});
