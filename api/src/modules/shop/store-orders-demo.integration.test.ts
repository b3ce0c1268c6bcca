import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { type Agent, json, PASSWORD, paidCourse } from '../orders/orders-fixtures.test';
import { DEMO_ADMIN_TOKEN, DEMO_STORE_API_VERSION } from './demo-store-constants';
import { ADMIN_PRODUCT_SET, ADMIN_WEBHOOK_SUBSCRIPTION_CREATE } from './shopify/operations';
import { STORE_WEBHOOK_TOPICS } from './store-provider';
import { getActiveStore } from './store-connection';
import { danceStyleNames, upsertStoreProduct } from './store-sync';
import { db } from './store-webhook-fixtures.test';

// The whole way round with the built-in demo store: an order placed in the store (its control
// endpoint, as its checkout page does) reaches DRX through real signed webhooks over HTTP, shows in
// the buyer's store orders, enrols them in the DRX course it contained, and the store's fulfilment
// and refund follow.
let t: TestApp;
let server: http.Server;
let base: string;
let member: Agent;
let memberId: string;

async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const admin = (query: string, variables: Record<string, unknown>) =>
  request(t.handle.app)
    .post(`/demo-store/admin/api/${DEMO_STORE_API_VERSION}/graphql.json`)
    .set('x-shopify-access-token', DEMO_ADMIN_TOKEN)
    .send({ query, variables });
const control = (path: string) => request(t.handle.app).post(`/demo-store/_control${path}`);

async function deliverAll() {
  const res = await control('/webhooks/deliver').send({});
  expect(res.status).toBe(200);
  const failed = (
    res.body.deliveries as { status: string; topic: string; lastError: string | null }[]
  ).filter((d) => d.status !== 'delivered');
  expect(failed).toEqual([]);
}

const STORE_ORDERS = `{ storeOrders(first: 50) { nodes { id name status trackingNumber trackingUrl
  lines { title quantity refundedQuantity drxItemType drxItemId } } } }`;
const COURSE_ACCESS = `query($id: ID!) { course(id: $id) { viewerEnrollment { source } } }`;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await startTestApp({ publicUrl: base, demoStore: true, demoStoreUrl: `${base}/demo-store` });
  server = t.handle.app.listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  for (const topic of STORE_WEBHOOK_TOPICS) {
    const res = await admin(ADMIN_WEBHOOK_SUBSCRIPTION_CREATE, {
      topic,
      webhookSubscription: { uri: `${base}/api/webhooks/store`, format: 'JSON' },
    });
    expect(res.body.data.webhookSubscriptionCreate.userErrors).toEqual([]);
  }
  member = t.agent();
  const login = await member.post('/api/login').set(json).send({ username: 'member', password: PASSWORD });
  expect(login.status).toBe(200);
  memberId = login.body.id;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

describe('an order placed in the demo store', () => {
  it('comes back to DRX: the member’s store order, the course enrolment, fulfilment and refund', async () => {
    const course = await paidCourse(t, memberId);
    const sku = `DRX-COURSE-${course.id}`;
    const published = await admin(ADMIN_PRODUCT_SET, {
      input: {
        title: 'Course for the store test',
        descriptionHtml: '<p>A DRX course.</p>',
        productType: 'DRX course',
        tags: ['drx'],
        status: 'ACTIVE',
        productOptions: [{ name: 'Title', values: [{ name: 'Default Title' }] }],
        variants: [
          {
            optionValues: [{ optionName: 'Title', name: 'Default Title' }],
            price: '49.00',
            sku,
            inventoryItem: { tracked: false },
          },
        ],
      },
    });
    expect(published.body.data.productSet.userErrors).toEqual([]);

    const placed = await control('/orders').send({
      email: 'MEMBER@demo.drx.dance',
      lines: [
        { sku, quantity: 1 },
        { sku: 'KNEE-M', quantity: 1 },
      ],
      paid: true,
    });
    expect(placed.status).toBe(201);
    const orderId: string = placed.body.id;
    await deliverAll();

    const mine = await t.gql(member, STORE_ORDERS);
    expect(mine.errors).toBeUndefined();
    const order = mine.data.storeOrders.nodes.find((o: { id: string }) => o.id === orderId);
    expect(order).toMatchObject({ name: placed.body.name, status: 'Paid' });
    expect(order.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ drxItemType: 'course', drxItemId: course.id, quantity: 1 }),
        expect.objectContaining({ drxItemType: null, quantity: 1 }),
      ]),
    );
    const access = await t.gql(member, COURSE_ACCESS, { id: course.id });
    expect(access.data.course.viewerEnrollment).toEqual({ source: 'store' });
    const [grants] = await db(t).execute<{ n: number }[]>(
      `select count(*)::int as n from store_entitlement_grants where order_id = ? and status = 'granted'`,
      [orderId],
    );
    expect(grants.n).toBe(1);

    const numeric = orderId.split('/').pop();
    const fulfilled = await control(`/orders/${numeric}/fulfill`).send({
      trackingNumber: '1Z999',
      trackingUrl: 'https://track.example/1Z999',
      trackingCompany: 'UPS',
    });
    expect(fulfilled.status).toBe(200);
    await deliverAll();
    const shipped = (await t.gql(member, STORE_ORDERS)).data.storeOrders.nodes.find(
      (o: { id: string }) => o.id === orderId,
    );
    expect(shipped).toMatchObject({
      status: 'Fulfilled',
      trackingNumber: '1Z999',
      trackingUrl: 'https://track.example/1Z999',
    });

    expect((await control(`/orders/${numeric}/refund`).send({})).status).toBe(200);
    await deliverAll();
    const refunded = (await t.gql(member, STORE_ORDERS)).data.storeOrders.nodes.find(
      (o: { id: string }) => o.id === orderId,
    );
    expect(refunded.status).toBe('Refunded');
    expect(refunded.lines.every((l: { refundedQuantity: number }) => l.refundedQuantity === 1)).toBe(true);
    const after = await t.gql(member, COURSE_ACCESS, { id: course.id });
    expect(after.data.course.viewerEnrollment).toBeNull();
  });
});

describe('a signed-in member’s own shop checkout', () => {
  it('is theirs at once: before their email is verified and whatever email they give the store', async () => {
    // given a member who just registered (their email not verified yet) and a DRX course on sale
    const shopper = t.agent();
    const registered = await shopper
      .post('/api/register')
      .set(json)
      .send({ username: 'ownCheckout', password: 'Dance-Floor-2026!', email: 'own-checkout@example.com' });
    expect(registered.status).toBe(201);
    const course = await paidCourse(t, memberId);
    const sku = `DRX-COURSE-${course.id}`;
    const published = await admin(ADMIN_PRODUCT_SET, {
      input: {
        title: 'Course bought by a new member',
        descriptionHtml: '<p>A DRX course.</p>',
        productType: 'DRX course',
        tags: ['drx'],
        status: 'ACTIVE',
        productOptions: [{ name: 'Title', values: [{ name: 'Default Title' }] }],
        variants: [
          {
            optionValues: [{ optionName: 'Title', name: 'Default Title' }],
            price: '39.00',
            sku,
            inventoryItem: { tracked: false },
          },
        ],
      },
    });
    expect(published.body.data.productSet.userErrors).toEqual([]);
    // (DRX's copy of the store has it once synced, as the sync saves it)
    const product = published.body.data.productSet.product;
    const store = await getActiveStore(t.orm.em.fork(), t.config);
    const em = t.orm.em.fork();
    await upsertStoreProduct(em, (await store!.provider.product(product.id))!, await danceStyleNames(em));
    const variantId: string = product.variants.nodes[0].id;

    // when they check it out from DRX and pay in the store, typing another email there
    const checkout = await t.gql(
      shopper,
      `mutation ($input: ShopCheckoutInput) { shopCheckout(input: $input) { checkoutUrl userErrors { message } } }`,
      { input: { lines: [{ variantId, quantity: 1 }] } },
    );
    expect(checkout.data.shopCheckout.userErrors).toEqual([]);
    const path = new URL(checkout.data.shopCheckout.checkoutUrl).pathname;
    const paid = await request(t.handle.app).post(path).type('form').send({
      email: 'typed-at-the-store@example.com',
      firstName: 'Ada',
      lastName: 'Shopper',
      address1: '1 Main St',
      city: 'Springfield',
      zip: '12345',
      country: 'US',
    });
    expect(paid.status).toBeLessThan(400);
    await deliverAll();

    // then the order and the course are theirs
    const mine = await t.gql(shopper, STORE_ORDERS);
    expect(mine.errors).toBeUndefined();
    expect(mine.data.storeOrders.nodes).toHaveLength(1);
    expect(mine.data.storeOrders.nodes[0].lines).toEqual([
      expect.objectContaining({ drxItemType: 'course', drxItemId: course.id }),
    ]);
    const access = await t.gql(shopper, COURSE_ACCESS, { id: course.id });
    expect(access.data.course.viewerEnrollment).toEqual({ source: 'store' });
    // and nobody else's: the member with the demo address sees no such order
    const others = await t.gql(member, STORE_ORDERS);
    expect(
      others.data.storeOrders.nodes.some(
        (o: { lines: { drxItemId: string | null }[] }) => o.lines[0]?.drxItemId === course.id,
      ),
    ).toBe(false);
  });
});
