import { createAdminApiClient } from '@shopify/admin-api-client';
import { createStorefrontApiClient } from '@shopify/storefront-api-client';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  ADMIN_COLLECTIONS,
  ADMIN_PRODUCT,
  ADMIN_PRODUCT_ARCHIVE,
  ADMIN_PRODUCT_SET,
  ADMIN_PRODUCTS,
  ADMIN_SHOP,
  ADMIN_WEBHOOK_SUBSCRIPTION_CREATE,
  ADMIN_WEBHOOK_SUBSCRIPTIONS,
  STOREFRONT_CART_CREATE,
  STOREFRONT_SHOP,
} from './shopify/operations';
import {
  DEMO_ADMIN_TOKEN,
  DEMO_STORE_API_VERSION,
  DEMO_STORE_DOMAIN,
  DEMO_STOREFRONT_TOKEN,
  DEMO_WEBHOOK_SECRET,
} from './demo-store-constants';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

let t: TestApp;
let server: http.Server;
let base: string;
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];

const ADMIN_PATH = `/demo-store/admin/api/${DEMO_STORE_API_VERSION}/graphql.json`;
const STOREFRONT_PATH = `/demo-store/api/${DEMO_STORE_API_VERSION}/graphql.json`;

async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Shopify's own clients, their https URLs rewritten to the demo store on this test server. */
function rewrite(url: string | URL | Request, init?: RequestInit): Promise<Response> {
  return fetch(String(url).replace(`https://${DEMO_STORE_DOMAIN}`, `${base}/demo-store`), init);
}
const adminClient = () =>
  createAdminApiClient({
    storeDomain: DEMO_STORE_DOMAIN,
    apiVersion: DEMO_STORE_API_VERSION,
    accessToken: DEMO_ADMIN_TOKEN,
    customFetchApi: rewrite as any,
  });
const storefrontClient = () =>
  createStorefrontApiClient({
    storeDomain: DEMO_STORE_DOMAIN,
    apiVersion: DEMO_STORE_API_VERSION,
    publicAccessToken: DEMO_STOREFRONT_TOKEN,
    customFetchApi: rewrite as any,
  });

async function admin(query: string, variables: Record<string, unknown> = {}) {
  const res = await request(t.handle.app)
    .post(ADMIN_PATH)
    .set('x-shopify-access-token', DEMO_ADMIN_TOKEN)
    .send({ query, variables });
  return res;
}
async function storefront(query: string, variables: Record<string, unknown> = {}) {
  return request(t.handle.app)
    .post(STOREFRONT_PATH)
    .set('x-shopify-storefront-access-token', DEMO_STOREFRONT_TOKEN)
    .send({ query, variables });
}
const control = (path: string) => request(t.handle.app).post(`/demo-store/_control${path}`);
async function deliverAll() {
  const res = await control('/webhooks/deliver').send({});
  expect(res.status).toBe(200);
  return res.body as { deliveries: { topic: string; status: string }[] };
}
function topicsReceived(since: number): string[] {
  return received.slice(since).map((r) => String(r.headers['x-shopify-topic']));
}
async function variantBySku(sku: string) {
  const res = await admin(`{ products(first: 1, query: "sku:${sku}") { nodes { id variants(first: 30) {
    nodes { id sku inventoryQuantity availableForSale price } } } } }`);
  const product = res.body.data.products.nodes[0];
  return { productId: product.id as string, ...product.variants.nodes.find((v: any) => v.sku === sku) };
}

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/store`;

  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // The app's own shop (sync jobs, webhook registration) is pointed at a closed port, so only this
  // file's requests reach the demo store (throttle counts and deliveries stay predictable).
  t = await startTestApp({ publicUrl: base, demoStore: true, demoStoreUrl: 'http://127.0.0.1:9/demo-store' });
  server = t.handle.app.listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));

  // Every topic DRX subscribes to goes to the local receiver.
  for (const topic of [
    'ORDERS_CREATE',
    'ORDERS_PAID',
    'ORDERS_FULFILLED',
    'ORDERS_UPDATED',
    'ORDERS_CANCELLED',
    'REFUNDS_CREATE',
    'PRODUCTS_CREATE',
    'PRODUCTS_UPDATE',
    'PRODUCTS_DELETE',
  ]) {
    const res = await admin(ADMIN_WEBHOOK_SUBSCRIPTION_CREATE, {
      topic,
      webhookSubscription: { uri: receiverUrl, format: 'JSON' },
    });
    expect(res.body.data.webhookSubscriptionCreate.userErrors).toEqual([]);
  }
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await new Promise((resolve) => receiver?.close(resolve));
  await t?.close();
});

describe('demo store: Admin API', () => {
  it("answers Shopify's own Admin client, with extensions.cost", async () => {
    const { data, errors, extensions } = await adminClient().request(ADMIN_SHOP);
    expect(errors).toBeUndefined();
    expect(data).toEqual({
      shop: { name: 'DRX Demo Dance Supply', currencyCode: 'USD', myshopifyDomain: DEMO_STORE_DOMAIN },
    });
    expect(extensions?.cost).toMatchObject({
      requestedQueryCost: 1,
      actualQueryCost: 1,
      throttleStatus: { maximumAvailable: 2000, restoreRate: 100 },
    });
  });

  it('lists the collections by title, with cursors', async () => {
    const res = await admin(ADMIN_COLLECTIONS, { first: 3 });
    expect(res.status).toBe(200);
    const page = res.body.data.collections;
    expect(page.nodes.map((c: any) => c.title)).toEqual(["Beginners' picks", 'Dance shoes', 'Dancewear']);
    expect(page.pageInfo.hasNextPage).toBe(true);
    const next = await admin(ADMIN_COLLECTIONS, { first: 3, after: page.pageInfo.endCursor });
    expect(next.body.data.collections.nodes.map((c: any) => c.title)).toEqual(['Practice & study']);
    expect(next.body.data.collections.pageInfo.hasNextPage).toBe(false);
  });

  it('pages through the products oldest change first, and filters by updated_at', async () => {
    const seen: any[] = [];
    let after: string | null = null;
    for (let i = 0; i < 20; i++) {
      const res = await admin(ADMIN_PRODUCTS, { first: 1, after });
      expect(res.body.errors).toBeUndefined();
      seen.push(...res.body.data.products.nodes);
      if (!res.body.data.products.pageInfo.hasNextPage) break;
      after = res.body.data.products.pageInfo.endCursor;
    }
    expect(seen.length).toBeGreaterThanOrEqual(12);
    const stamps = seen.map((p) => p.updatedAt);
    expect([...stamps].sort()).toEqual(stamps);
    const slippers = seen.find((p) => p.handle === 'canvas-split-sole-ballet-slippers');
    expect(slippers).toMatchObject({
      productType: 'Shoes',
      status: 'ACTIVE',
      priceRangeV2: { minVariantPrice: { amount: '24.0', currencyCode: 'USD' } },
      options: [
        { name: 'Size', optionValues: expect.arrayContaining([{ name: 'Adult 7' }]) },
        { name: 'Color', optionValues: [{ name: 'Pink' }, { name: 'Black' }] },
      ],
    });
    expect(slippers.tags).toEqual(expect.arrayContaining(['style:ballet', 'age:kids', 'level:beginner']));
    expect(slippers.media.nodes[0].image.url).toBe(
      `${base}/demo-store/images/canvas-split-sole-ballet-slippers.svg`,
    );
    expect(slippers.collections.nodes.length).toBe(2);
    const soldOutVariant = slippers.variants.nodes.find((v: any) => v.title === 'Adult 7 / Pink');
    expect(soldOutVariant).toMatchObject({ availableForSale: false, inventoryQuantity: 0, price: '24.00' });
    const board = seen.find((p) => p.handle === 'portable-tap-board');
    expect(board.totalInventory).toBe(0);
    expect(board.variants.nodes.every((v: any) => !v.availableForSale)).toBe(true);

    // Incremental: only what changed after a product's updatedAt.
    expect(new Set(stamps).size).toBe(stamps.length);
    const since = seen[seen.length - 3].updatedAt;
    const later = await admin(ADMIN_PRODUCTS, { first: 5, query: `updated_at:>'${since}'` });
    expect(later.body.data.products.nodes.map((p: any) => p.id)).toEqual(seen.slice(-2).map((p) => p.id));

    // The image itself.
    const image = await fetch(`${base}/demo-store/images/canvas-split-sole-ballet-slippers--pink.svg`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect(await image.text()).toContain('Split-Sole');
  });

  it("reports the requested cost by Shopify's documented formula", async () => {
    const res = await admin(
      `{ products(first: 10) { edges { node { title variants(first: 5) { edges { node { price } } } } } } }`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.products.edges).toHaveLength(10);
    // Shopify's example: 2 + 10 × (1 product + 2 variants connection + 5 × 1 variant) = 82.
    expect(res.body.extensions.cost.requestedQueryCost).toBe(82);
    expect(res.body.extensions.cost.actualQueryCost).toBeLessThanOrEqual(82);
  });

  it('reads one product by id (null when unknown)', async () => {
    const list = await admin(`{ products(first: 1, sortKey: TITLE) { nodes { id title } } }`);
    const first = list.body.data.products.nodes[0];
    const res = await admin(ADMIN_PRODUCT, { id: first.id });
    expect(res.body.data.product).toMatchObject({ id: first.id, title: first.title });
    const missing = await admin(ADMIN_PRODUCT, { id: 'gid://shopify/Product/1' });
    expect(missing.body.data.product).toBeNull();
  });

  it('creates, updates and archives a product with productSet / productUpdate', async () => {
    const since = received.length;
    const created = await admin(ADMIN_PRODUCT_SET, {
      input: {
        title: 'Course: Ballet Basics',
        descriptionHtml: '<p>An online course.</p>',
        productType: 'DRX course',
        tags: ['drx', 'style:ballet'],
        status: 'ACTIVE',
        files: [{ originalSource: 'https://drx.example/cover.png', alt: 'Cover', contentType: 'IMAGE' }],
        productOptions: [{ name: 'Title', values: [{ name: 'Default Title' }] }],
        variants: [
          {
            optionValues: [{ optionName: 'Title', name: 'Default Title' }],
            price: '49.00',
            sku: 'DRX-COURSE-123',
            inventoryItem: { tracked: false },
          },
        ],
      },
    });
    expect(created.body.errors).toBeUndefined();
    const payload = created.body.data.productSet;
    expect(payload.userErrors).toEqual([]);
    const productId = payload.product.id;
    const variant = payload.product.variants.nodes[0];
    expect(variant.sku).toBe('DRX-COURSE-123');

    const updated = await admin(ADMIN_PRODUCT_SET, {
      input: {
        id: productId,
        title: 'Course: Ballet Basics (2nd edition)',
        variants: [
          {
            optionValues: [{ optionName: 'Title', name: 'Default Title' }],
            price: '59.00',
            sku: 'DRX-COURSE-123',
          },
        ],
      },
    });
    expect(updated.body.data.productSet.userErrors).toEqual([]);
    expect(updated.body.data.productSet.product.variants.nodes[0].id).toBe(variant.id);
    const read = await admin(ADMIN_PRODUCT, { id: productId });
    expect(read.body.data.product).toMatchObject({
      title: 'Course: Ballet Basics (2nd edition)',
      handle: 'course-ballet-basics',
      media: { nodes: [{ image: { url: 'https://drx.example/cover.png', altText: 'Cover' } }] },
      variants: { nodes: [{ price: '59.00', inventoryQuantity: null, availableForSale: true }] },
    });

    const unknown = await admin(ADMIN_PRODUCT_SET, { input: { id: 'gid://shopify/Product/1', title: 'x' } });
    expect(unknown.body.data.productSet).toMatchObject({
      product: null,
      userErrors: [{ code: 'PRODUCT_DOES_NOT_EXIST', field: ['input', 'id'] }],
    });

    const archived = await admin(ADMIN_PRODUCT_ARCHIVE, { product: { id: productId, status: 'ARCHIVED' } });
    expect(archived.body.data.productUpdate).toEqual({
      product: { id: productId, status: 'ARCHIVED' },
      userErrors: [],
    });

    await deliverAll();
    expect(topicsReceived(since)).toEqual(['products/create', 'products/update', 'products/update']);
  });

  it('keeps one webhook subscription per topic and address', async () => {
    const again = await admin(ADMIN_WEBHOOK_SUBSCRIPTION_CREATE, {
      topic: 'ORDERS_PAID',
      webhookSubscription: { uri: receiverUrl, format: 'JSON' },
    });
    expect(again.body.data.webhookSubscriptionCreate.userErrors).toEqual([]);
    const list = await admin(ADMIN_WEBHOOK_SUBSCRIPTIONS, { first: 50 });
    const paid = list.body.data.webhookSubscriptions.nodes.filter(
      (s: any) => s.topic === 'ORDERS_PAID' && s.uri === receiverUrl,
    );
    expect(paid).toEqual([
      {
        id: again.body.data.webhookSubscriptionCreate.webhookSubscription.id,
        topic: 'ORDERS_PAID',
        uri: receiverUrl,
      },
    ]);
    const bad = await admin(ADMIN_WEBHOOK_SUBSCRIPTION_CREATE, {
      topic: 'ORDERS_PAID',
      webhookSubscription: { uri: 'not a url' },
    });
    expect(bad.body.data.webhookSubscriptionCreate.userErrors[0].field).toEqual([
      'webhookSubscription',
      'uri',
    ]);
  });

  it('refuses a misspelled field with a validation error, as Shopify does', async () => {
    const res = await admin('{ shop { nmae } }');
    expect(res.status).toBe(200);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors[0]).toMatchObject({ extensions: { code: 'undefinedField' } });
    expect(res.body.errors[0].message).toContain('nmae');
    expect(res.body.extensions.cost).toBeDefined();
    const sf = await storefront('{ shop { currencyCode } }');
    expect(sf.body.errors[0].message).toContain('currencyCode');
  });

  it('answers 401 to a wrong or missing token', async () => {
    const wrong = await request(t.handle.app)
      .post(ADMIN_PATH)
      .set('x-shopify-access-token', 'nope')
      .send({ query: '{ shop { name } }' });
    expect(wrong.status).toBe(401);
    expect(typeof wrong.body.errors).toBe('string');
    const storefrontTokenOnAdmin = await request(t.handle.app)
      .post(ADMIN_PATH)
      .set('x-shopify-access-token', DEMO_STOREFRONT_TOKEN)
      .send({ query: '{ shop { name } }' });
    expect(storefrontTokenOnAdmin.status).toBe(401);
    const none = await request(t.handle.app).post(STOREFRONT_PATH).send({ query: '{ shop { name } }' });
    expect(none.status).toBe(401);
  });

  it('answers THROTTLED as many times as the control asks, then works again', async () => {
    expect((await control('/throttle').send({ count: 2 })).body).toEqual({ count: 2 });
    for (let i = 0; i < 2; i++) {
      const res = await admin(ADMIN_SHOP);
      expect(res.status).toBe(200);
      expect(res.body.errors).toEqual([
        { message: 'Throttled', extensions: expect.objectContaining({ code: 'THROTTLED' }) },
      ]);
      expect(res.body.extensions.cost.throttleStatus.currentlyAvailable).toBeLessThan(
        res.body.extensions.cost.requestedQueryCost,
      );
    }
    expect((await admin(ADMIN_SHOP)).body.data.shop.name).toBe('DRX Demo Dance Supply');
  });

  it('answers 503 on both APIs during an outage', async () => {
    await control('/outage').send({ down: true });
    expect((await admin(ADMIN_SHOP)).status).toBe(503);
    expect((await storefront(STOREFRONT_SHOP)).status).toBe(503);
    await control('/outage').send({ down: false });
    expect((await admin(ADMIN_SHOP)).status).toBe(200);
  });
});

describe('demo store: Storefront API and checkout', () => {
  it("answers Shopify's own Storefront client", async () => {
    const { data, errors } = await storefrontClient().request(STOREFRONT_SHOP);
    expect(errors).toBeUndefined();
    expect(data).toEqual({
      shop: {
        name: 'DRX Demo Dance Supply',
        paymentSettings: { currencyCode: 'USD' },
        primaryDomain: { host: DEMO_STORE_DOMAIN },
      },
    });
  });

  it('turns a cart into an order on the checkout page: stock taken, signed webhooks sent', async () => {
    const leotard = await variantBySku('LEO-M-NAVY');
    const band = await variantBySku('BAND');
    const { data, errors } = await storefrontClient().request(STOREFRONT_CART_CREATE, {
      variables: {
        input: {
          lines: [
            { merchandiseId: leotard.id, quantity: 2 },
            { merchandiseId: band.id, quantity: 1 },
          ],
          buyerIdentity: { email: 'member@drx.local' },
        },
      },
    });
    expect(errors).toBeUndefined();
    const cart = (data as any).cartCreate.cart;
    expect((data as any).cartCreate.userErrors).toEqual([]);
    expect(cart.totalQuantity).toBe(3);
    expect(cart.checkoutUrl).toMatch(new RegExp(`^${base}/demo-store/checkouts/[0-9a-f]+$`));
    const path = new URL(cart.checkoutUrl).pathname;

    const page = await request(t.handle.app).get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('DRX demo store — no money moves');
    expect(page.text).toContain('value="member@drx.local"');
    expect(page.text).toContain('Cotton Camisole Leotard');
    expect(page.text).toContain('$83.50'); // 2 × 32.00 + 19.50
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");

    const incomplete = await request(t.handle.app)
      .post(path)
      .type('form')
      .send({ email: 'member@drx.local' });
    expect(incomplete.status).toBe(422);
    expect(incomplete.text).toContain('Enter your first and last name.');

    const since = received.length;
    const paid = await request(t.handle.app).post(path).type('form').send({
      email: 'member@drx.local',
      firstName: 'Mia',
      lastName: 'Member',
      address1: '1 Stage Door',
      city: 'Springfield',
      zip: '12345',
      country: 'US',
    });
    expect(paid.status).toBe(303);
    const thanks = await request(t.handle.app).get(paid.headers.location);
    expect(thanks.status).toBe(200);
    expect(thanks.text).toMatch(/Your order <strong>#10\d\d<\/strong> is confirmed/);
    expect(thanks.text).toContain(`href="${base}/my-purchases"`);
    // Pressing "Pay now" again (or reopening the checkout) shows the same order.
    const again = await request(t.handle.app).get(path);
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe(paid.headers.location.replace('?placed=1', ''));

    expect((await variantBySku('LEO-M-NAVY')).inventoryQuantity).toBe(leotard.inventoryQuantity - 2);

    const report = await deliverAll();
    expect(report.deliveries.every((d) => d.status === 'delivered')).toBe(true);
    const deliveries = received.slice(since);
    expect(deliveries.map((d) => d.headers['x-shopify-topic'])).toEqual([
      'orders/create',
      'orders/paid',
      'products/update',
      'products/update',
    ]);
    for (const d of deliveries) {
      const hmac = createHmac('sha256', DEMO_WEBHOOK_SECRET).update(d.body, 'utf8').digest('base64');
      expect(d.headers['x-shopify-hmac-sha256']).toBe(hmac);
      expect(d.headers['x-shopify-shop-domain']).toBe(DEMO_STORE_DOMAIN);
      expect(d.headers['x-shopify-api-version']).toBe(DEMO_STORE_API_VERSION);
      expect(d.headers['x-shopify-webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(d.headers['x-shopify-triggered-at']).toBeTruthy();
    }
    const order = JSON.parse(deliveries[1].body);
    expect(order).toMatchObject({
      admin_graphql_api_id: `gid://shopify/Order/${order.id}`,
      email: 'member@drx.local',
      contact_email: 'member@drx.local',
      financial_status: 'paid',
      fulfillment_status: null,
      currency: 'USD',
      total_price: '83.50',
      cancelled_at: null,
      line_items: [
        expect.objectContaining({
          sku: 'LEO-M-NAVY',
          quantity: 2,
          price: '32.00',
          variant_title: 'M / Navy',
        }),
        expect.objectContaining({ sku: 'BAND', quantity: 1, price: '19.50', variant_title: null }),
      ],
    });
    expect(order.name).toMatch(/^#10\d\d$/);
  });

  it('refuses an order over the stock with a message on the checkout page', async () => {
    const pointe = await variantBySku('POINTE-5');
    const created = await storefront(STOREFRONT_CART_CREATE, {
      input: { lines: [{ merchandiseId: pointe.id, quantity: pointe.inventoryQuantity + 1 }] },
    });
    const cart = created.body.data.cartCreate.cart;
    const path = new URL(cart.checkoutUrl).pathname;
    const res = await request(t.handle.app).post(path).type('form').send({
      email: 'someone@drx.local',
      firstName: 'Sam',
      lastName: 'Someone',
      address1: '2 Barre Lane',
      city: 'Springfield',
      zip: '12345',
      country: 'US',
    });
    expect(res.status).toBe(409);
    expect(res.text).toContain(`Only ${pointe.inventoryQuantity} of Satin Pointe Shoes (5)`);
    expect((await variantBySku('POINTE-5')).inventoryQuantity).toBe(pointe.inventoryQuantity);

    const unknown = await storefront(STOREFRONT_CART_CREATE, {
      input: { lines: [{ merchandiseId: 'gid://shopify/ProductVariant/1', quantity: 1 }] },
    });
    expect(unknown.body.data.cartCreate).toMatchObject({
      cart: null,
      userErrors: [{ code: 'INVALID_MERCHANDISE_LINE' }],
    });
  });
});

describe('demo store: control endpoints', () => {
  it('places, fulfils, refunds and cancels orders with the matching webhooks', async () => {
    const since = received.length;
    const placed = await control('/orders').send({
      email: 'buyer@drx.local',
      lines: [{ sku: 'KNEE-M', quantity: 1 }],
    });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      id: expect.stringMatching(/^gid:\/\/shopify\/Order\/\d+$/),
      name: expect.stringMatching(/^#10\d\d$/),
    });
    const numeric = placed.body.id.split('/').pop();
    const fulfilled = await control(`/orders/${numeric}/fulfill`).send({
      trackingNumber: '1Z999',
      trackingUrl: 'https://track.example/1Z999',
      trackingCompany: 'UPS',
    });
    expect(fulfilled.body.fulfillmentStatus).toBe('fulfilled');
    const refunded = await control(`/orders/${placed.body.id}/refund`).send({});
    expect(refunded.body.financialStatus).toBe('refunded');
    expect((await control(`/orders/${numeric}/refund`).send({})).status).toBe(409);

    const second = await control('/orders').send({
      email: 'buyer@drx.local',
      lines: [{ sku: 'KNEE-S', quantity: 1 }],
    });
    const cancelled = await control(`/orders/${second.body.id}/cancel`).send({});
    expect(cancelled.body.cancelledAt).toBeTruthy();
    expect((await control('/orders/gid://shopify/Order/1/cancel').send({})).status).toBe(404);

    await deliverAll();
    const orderTopics = topicsReceived(since).filter((topic) => !topic.startsWith('products/'));
    expect(orderTopics).toEqual([
      'orders/create',
      'orders/paid',
      'orders/fulfilled',
      'orders/updated',
      'refunds/create',
      'orders/updated',
      'orders/create',
      'orders/paid',
      'orders/cancelled',
      'orders/updated',
    ]);
    const bodies = received
      .slice(since)
      .map((r) => ({ topic: r.headers['x-shopify-topic'], body: JSON.parse(r.body) }));
    const fulfilledBody = bodies.find((b) => b.topic === 'orders/fulfilled')!.body;
    expect(fulfilledBody.fulfillments[0]).toMatchObject({
      tracking_number: '1Z999',
      tracking_url: 'https://track.example/1Z999',
      tracking_company: 'UPS',
    });
    const refund = bodies.find((b) => b.topic === 'refunds/create')!.body;
    expect(refund.order_id).toBe(Number(numeric));
    expect(refund.refund_line_items).toEqual([
      expect.objectContaining({ line_item_id: fulfilledBody.line_items[0].id, quantity: 1 }),
    ]);
    expect(bodies.find((b) => b.topic === 'orders/cancelled')!.body.cancelled_at).toBeTruthy();

    const overStock = await control('/orders').send({
      email: 'buyer@drx.local',
      lines: [{ sku: 'TAPBOARD', quantity: 1 }],
    });
    expect(overStock.status).toBe(409);
    expect(overStock.body.message).toBe('Portable Tap Board is sold out.');
  });

  it('changes and deletes products with products/update and products/delete', async () => {
    const knee = await variantBySku('KNEE-L');
    const before = (await admin(ADMIN_PRODUCT, { id: knee.productId })).body.data.product;
    const since = received.length;
    const changed = await control(`/products/${knee.productId}`).send({
      title: 'Knee Pads Pro',
      price: '25.00',
      inventory: 7,
    });
    expect(changed.status).toBe(200);
    const after = (await admin(ADMIN_PRODUCT, { id: knee.productId })).body.data.product;
    expect(after.title).toBe('Knee Pads Pro');
    expect(after.updatedAt > before.updatedAt).toBe(true);
    expect(after.variants.nodes.every((v: any) => v.price === '25.00' && v.inventoryQuantity === 7)).toBe(
      true,
    );
    const incremental = await admin(ADMIN_PRODUCTS, { first: 1, query: `updated_at:>'${before.updatedAt}'` });
    expect(incremental.body.data.products.nodes.map((p: any) => p.id)).toContain(knee.productId);

    expect((await control(`/products/${knee.productId}`).send({ price: 'free' })).status).toBe(400);
    const deleted = await request(t.handle.app).delete(
      `/demo-store/_control/products/${knee.productId.split('/').pop()}`,
    );
    expect(deleted.status).toBe(200);
    expect((await admin(ADMIN_PRODUCT, { id: knee.productId })).body.data.product).toBeNull();

    await deliverAll();
    const deliveries = received.slice(since);
    expect(deliveries.map((d) => d.headers['x-shopify-topic'])).toEqual([
      'products/update',
      'products/delete',
    ]);
    expect(JSON.parse(deliveries[0].body)).toMatchObject({
      title: 'Knee Pads Pro',
      admin_graphql_api_id: knee.productId,
    });
    expect(JSON.parse(deliveries[1].body)).toEqual({ id: Number(knee.productId.split('/').pop()) });
  });

  it('lists the deliveries made', async () => {
    const res = await request(t.handle.app).get('/demo-store/_control/webhooks');
    expect(res.status).toBe(200);
    const mine = res.body.deliveries.filter((d: any) => d.uri === receiverUrl);
    expect(mine.length).toBeGreaterThan(5);
    expect(mine.every((d: any) => d.status === 'delivered')).toBe(true);
    expect(mine[0]).toMatchObject({ topic: expect.any(String), webhookId: expect.any(String), attempts: 1 });
  });
});
