import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STORE_NOTICE, STORE_DOWN_NOTICE } from './store-catalog.service';
import { syncStoreProducts } from './store-sync';
import { startShopTestApp, type ShopTestApp, signInAs, shopSql } from './test/shop-test-app';

type Agent = ReturnType<typeof request.agent>;

const json = { 'content-type': 'application/json' };

let t: ShopTestApp;
let admin: Agent;
let member: Agent;
let officer: Agent;
let guest: Agent;

const signIn = (username: string): Promise<Agent> => signInAs(t, username);

const sql = <T = Record<string, any>>(query: string, params: unknown[] = []) => shopSql<T>(t, query, params);

const sync = (full: boolean) => syncStoreProducts(t.orm.em.fork(), t.config, { full, wait: true });

async function waitFor(check: () => Promise<boolean>, ms = 15_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

const PRODUCT = `id handle title productType vendor danceStyles ageGroups skillLevels featured available totalInventory
  minPrice { amount currencyCode } maxPrice { amount currencyCode } images { url altText }
  options { name values } variants { id title sku available quantityAvailable price { amount currencyCode }
  compareAtPrice { amount } selectedOptions { name value } }`;

const LIST = `query Shop($first: Int, $after: String, $search: String, $danceStyle: String, $productType: String,
    $minPrice: Float, $maxPrice: Float, $featured: Boolean, $sort: ShopProductSort) {
  shopProducts(first: $first, after: $after, search: $search, danceStyle: $danceStyle, productType: $productType,
    minPrice: $minPrice, maxPrice: $maxPrice, featured: $featured, sort: $sort) {
    totalCount pageInfo { hasNextPage endCursor } nodes { ${PRODUCT} } } }`;
const ONE = `query One($handle: String!) { shopProduct(handle: $handle) { ${PRODUCT} } }`;
const STATUS = `query { shopStatus { enabled demo shopName currencyCode storeReachable notice lastSyncAt } }`;
const FACETS = `query { shopFacets { danceStyles productTypes minPrice maxPrice } }`;
const ADMIN_LIST = `query A($search: String, $visibility: StoreProductVisibility, $first: Int) {
  adminStoreProducts(search: $search, visibility: $visibility, first: $first) {
    totalCount nodes { visible storeTags tagsEdited storeStatus removed syncedAt syncError storeUpdatedAt
      product { id handle title featured danceStyles } } } }`;
const UPDATE = `mutation U($input: StoreProductUpdateInput!) { storeProductUpdate(input: $input) {
  product { visible tagsEdited product { handle featured danceStyles ageGroups skillLevels } }
  userErrors { code field message } } }`;
const SYNC_NOW = `mutation S($full: Boolean) { storeSyncNow(full: $full) { queued userErrors { code message } } }`;

type Node = {
  handle: string;
  title: string;
  minPrice: { amount: string };
  maxPrice: { amount: string };
} & Record<string, any>;

async function list(variables: Record<string, unknown> = {}, agent: Agent = guest) {
  const res = await t.gql(agent, LIST, variables);
  expect(res.errors).toBeUndefined();
  return res.data.shopProducts as {
    totalCount: number;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    nodes: Node[];
  };
}

async function idOf(handle: string): Promise<string> {
  const [row] = await sql<{ id: string }>(`select "id" from "store_products" where "handle" = ?`, [handle]);
  return row.id;
}

beforeAll(async () => {
  t = await startShopTestApp();
  [admin, member, officer] = await Promise.all([signIn('admin'), signIn('member'), signIn('officer')]);
  guest = t.agent();
  await sync(true);
  const [{ n }] = await sql<{ n: number }>(`select count(*)::int as "n" from "store_products"`);
  expect(n).toBe(12);
}, 60_000);
afterAll(() => t?.close());

describe('the shop for everyone', () => {
  it('lists the twelve demo products to a guest, with variants, prices and tags', async () => {
    const page = await list({ first: 50 });
    expect(page.totalCount).toBe(12);
    expect(page.pageInfo.hasNextPage).toBe(false);
    const slippers = page.nodes.find((n) => n.handle === 'canvas-split-sole-ballet-slippers')!;
    expect(slippers).toMatchObject({
      title: 'Canvas Split-Sole Ballet Slippers',
      productType: 'Shoes',
      danceStyles: ['Ballet'],
      skillLevels: ['Beginner', 'Intermediate'],
      minPrice: { amount: '24.00', currencyCode: 'USD' },
      maxPrice: { amount: '24.00', currencyCode: 'USD' },
      available: true,
      // Tagged "featured" in the demo store: a new product starts featured.
      featured: true,
    });
    expect(slippers.variants).toHaveLength(10);
    expect(slippers.variants.filter((v: { available: boolean }) => !v.available)).toHaveLength(1);
    expect(slippers.options.map((o: { name: string }) => o.name)).toEqual(['Size', 'Color']);
    const board = page.nodes.find((n) => n.handle === 'portable-tap-board')!;
    expect(board.available).toBe(false);
  });

  it('filters by dance style, product type, price and search (word starts)', async () => {
    const handles = async (variables: Record<string, unknown>) =>
      (await list({ first: 50, ...variables })).nodes.map((n) => n.handle).sort();

    expect(await handles({ danceStyle: 'tap' })).toEqual(['oxford-tap-shoes', 'portable-tap-board']);
    expect(await handles({ danceStyle: 'Hip Hop' })).toEqual([
      'contemporary-knee-pads',
      'high-top-dance-sneakers',
      'keep-dancing-hoodie',
    ]);
    expect(await handles({ productType: 'printed syllabi' })).toEqual(['grade-1-ballet-syllabus']);
    expect(await handles({ minPrice: 70 })).toEqual([
      'high-top-dance-sneakers',
      'portable-tap-board',
      'satin-pointe-shoes',
    ]);
    expect(await handles({ maxPrice: 20 })).toEqual(['grade-1-ballet-syllabus', 'stretch-band-set']);
    expect(await handles({ minPrice: 20, maxPrice: 25, productType: 'Shoes' })).toEqual([
      'canvas-split-sole-ballet-slippers',
    ]);
    expect(await handles({ search: 'poin sho' })).toEqual(['satin-pointe-shoes']);
    expect(await handles({ search: 'HOODIE' })).toEqual(['keep-dancing-hoodie']);
    expect(await handles({ search: 'no such thing' })).toEqual([]);

    const bad = await t.gql(guest, LIST, { minPrice: 30, maxPrice: 10 });
    expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const negative = await t.gql(guest, LIST, { minPrice: -1 });
    expect(negative.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('sorts, and pages with cursors without repeating or skipping', async () => {
    const byPrice = await list({ first: 50, sort: 'PRICE_ASC' });
    const prices = byPrice.nodes.map((n) => Number(n.minPrice.amount));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(byPrice.nodes[0].handle).toBe('grade-1-ballet-syllabus');
    expect((await list({ first: 1, sort: 'PRICE_DESC' })).nodes[0].handle).toBe('portable-tap-board');

    for (const sort of ['FEATURED', 'TITLE', 'PRICE_ASC', 'PRICE_DESC', 'NEWEST']) {
      const all = (await list({ first: 50, sort })).nodes.map((n) => n.handle);
      const paged: string[] = [];
      let after: string | null = null;
      for (let i = 0; i < 10; i++) {
        const page = await list({ first: 5, after, sort });
        paged.push(...page.nodes.map((n) => n.handle));
        if (!page.pageInfo.hasNextPage) break;
        after = page.pageInfo.endCursor;
      }
      expect(paged, sort).toEqual(all);
      expect(new Set(paged).size).toBe(12);
    }

    const wrongCursor = await t.gql(guest, LIST, { first: 5, after: 'nonsense', sort: 'TITLE' });
    expect(wrongCursor.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('reads one product by handle; null for an unknown one', async () => {
    const res = await t.gql(guest, ONE, { handle: 'oxford-tap-shoes' });
    expect(res.data.shopProduct).toMatchObject({ title: 'Oxford Tap Shoes', danceStyles: ['Tap'] });
    expect((await t.gql(guest, ONE, { handle: 'no-such-product' })).data.shopProduct).toBeNull();
  });

  it('offers facets and tells the demo store apart', async () => {
    const facets = (await t.gql(guest, FACETS)).data.shopFacets;
    expect(facets.productTypes).toEqual(['Apparel', 'Practice gear', 'Printed syllabi', 'Shoes']);
    expect(facets.danceStyles).toEqual(
      expect.arrayContaining(['Ballet', 'Contemporary', 'Hip Hop', 'Jazz', 'Tap']),
    );
    expect(facets.minPrice).toBe(14);
    expect(facets.maxPrice).toBe(120);

    const status = (await t.gql(guest, STATUS)).data.shopStatus;
    expect(status).toMatchObject({
      enabled: true,
      demo: true,
      currencyCode: 'USD',
      storeReachable: true,
      notice: DEMO_STORE_NOTICE,
    });
  });

  it('answers the REST rows', async () => {
    const listRes = await guest.get('/api/store/products?danceStyle=Tap&first=1');
    expect(listRes.status).toBe(200);
    expect(listRes.body.totalCount).toBe(2);
    expect(listRes.body.items).toHaveLength(1);
    expect(listRes.body.pageInfo.hasNextPage).toBe(true);
    const next = await guest.get(
      `/api/store/products?danceStyle=Tap&first=1&after=${encodeURIComponent(listRes.body.pageInfo.endCursor)}`,
    );
    expect(next.body.items).toHaveLength(1);
    expect(next.body.items[0].handle).not.toBe(listRes.body.items[0].handle);

    const cheap = await guest.get('/api/store/products?maxPrice=20&search=syllabus');
    expect(cheap.body.items.map((p: { handle: string }) => p.handle)).toEqual(['grade-1-ballet-syllabus']);

    const one = await guest.get('/api/store/products/satin-pointe-shoes');
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      handle: 'satin-pointe-shoes',
      minPrice: { amount: '89.00', currencyCode: 'USD' },
    });
    expect(one.body.variants).toHaveLength(6);

    const missing = await guest.get('/api/store/products/no-such-product');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Product not found' });

    for (const query of ['minPrice=-5', 'minPrice=abc', 'first=0', 'featured=maybe', 'sort=cheapest']) {
      const res = await guest.get(`/api/store/products?${query}`);
      expect(res.status, query).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
  });
});

describe('staff manage the synced products', () => {
  it('refuses members and guests', async () => {
    const productId = await idOf('stretch-band-set');
    for (const [agent, code] of [
      [member, 'FORBIDDEN'],
      [guest, 'UNAUTHENTICATED'],
    ] as const) {
      expect((await t.gql(agent, ADMIN_LIST)).errors?.[0].extensions?.code).toBe(code);
      expect(
        (await t.gql(agent, UPDATE, { input: { productId, visible: false } })).errors?.[0].extensions?.code,
      ).toBe(code);
      expect((await t.gql(agent, SYNC_NOW, { full: true })).errors?.[0].extensions?.code).toBe(code);
    }
    const [row] = await sql(`select "visible" from "store_products" where "id" = ?`, [productId]);
    expect(row.visible).toBe(true);
  });

  it('hides a product from the public, features another, and edits tags (curriculum officers too)', async () => {
    const hidden = await idOf('stretch-band-set');
    const res = await t.gql(officer, UPDATE, { input: { productId: hidden, visible: false } });
    expect(res.data.storeProductUpdate).toMatchObject({ product: { visible: false }, userErrors: [] });

    expect((await list({ first: 50 })).nodes.map((n) => n.handle)).not.toContain('stretch-band-set');
    expect((await list({ first: 50 })).totalCount).toBe(11);
    expect((await t.gql(guest, ONE, { handle: 'stretch-band-set' })).data.shopProduct).toBeNull();
    expect((await guest.get('/api/store/products/stretch-band-set')).status).toBe(404);

    const hiddenList = (await t.gql(admin, ADMIN_LIST, { visibility: 'HIDDEN' })).data.adminStoreProducts;
    expect(hiddenList.nodes.map((n: { product: { handle: string } }) => n.product.handle)).toEqual([
      'stretch-band-set',
    ]);
    const all = (await t.gql(officer, ADMIN_LIST, { first: 100 })).data.adminStoreProducts;
    expect(all.totalCount).toBe(12);
    expect(all.nodes[0]).toMatchObject({
      storeStatus: 'ACTIVE',
      removed: false,
      syncError: null,
      tagsEdited: false,
    });
    expect((await t.gql(admin, ADMIN_LIST, { search: 'pointe' })).data.adminStoreProducts.totalCount).toBe(1);

    const featured = await idOf('leather-jazz-shoes');
    const tagged = await t.gql(admin, UPDATE, {
      input: { productId: featured, featured: true, danceStyles: [' Jazz ', 'jazz', 'Lyrical'] },
    });
    expect(tagged.data.storeProductUpdate).toMatchObject({
      product: { tagsEdited: true, product: { featured: true, danceStyles: ['Jazz', 'Lyrical'] } },
      userErrors: [],
    });
    // Featured first: the three the demo store tags "featured", and this one.
    const featuredFirst = await list({ first: 4 });
    expect(featuredFirst.nodes.map((n) => n.handle)).toContain('leather-jazz-shoes');
    expect((await list({ featured: true })).nodes.map((n) => n.handle).sort()).toEqual([
      'canvas-split-sole-ballet-slippers',
      'jazz-flare-pants',
      'keep-dancing-hoodie',
      'leather-jazz-shoes',
    ]);
    expect((await list({ danceStyle: 'lyrical' })).totalCount).toBe(1);

    // Back to the store's tags.
    const reset = await t.gql(admin, UPDATE, { input: { productId: featured, tagsFromStore: true } });
    expect(reset.data.storeProductUpdate.product).toMatchObject({
      tagsEdited: false,
      product: { danceStyles: ['Jazz', 'Contemporary'] },
    });
  });

  it('refuses bad changes with userErrors', async () => {
    const productId = await idOf('oxford-tap-shoes');
    const unknown = await t.gql(admin, UPDATE, {
      input: { productId: 'gid://shopify/Product/999999', visible: true },
    });
    expect(unknown.data.storeProductUpdate).toMatchObject({
      product: null,
      userErrors: [{ code: 'NOT_FOUND' }],
    });
    const long = await t.gql(admin, UPDATE, { input: { productId, ageGroups: ['x'.repeat(61)] } });
    expect(long.data.storeProductUpdate.userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'ageGroups', message: expect.any(String) },
    ]);
    const both = await t.gql(admin, UPDATE, {
      input: { productId, danceStyles: ['Tap'], tagsFromStore: true },
    });
    expect(both.data.storeProductUpdate.userErrors[0].code).toBe('INVALID_INPUT');
  });

  it('queues a sync now', async () => {
    const res = await t.gql(admin, SYNC_NOW, { full: false });
    expect(res.data.storeSyncNow).toEqual({ queued: true, userErrors: [] });
  });
});

describe('the store down', () => {
  it('serves the cached products with a notice, then recovers', async () => {
    // A configured store (here the demo, connected explicitly) records its sync state.
    const connected = await t.gql(
      admin,
      `mutation { storeConnectDemo { connection { status demo } userErrors { code message } } }`,
    );
    expect(connected.errors).toBeUndefined();
    expect(connected.data.storeConnectDemo.userErrors).toEqual([]);
    // Connecting queued a full sync: let it finish before the store goes down.
    await waitFor(async () => {
      const [row] = await sql(`select "last_sync_finished_at" from "store_connection" where "id" = 1`);
      return !!row?.last_sync_finished_at;
    });

    await t.agent().post('/demo-store/_control/outage').set(json).send({ down: true });
    try {
      const result = await sync(false);
      expect(result.error).toMatch(/^UNAVAILABLE/);
      const status = (await t.gql(guest, STATUS)).data.shopStatus;
      expect(status).toMatchObject({
        enabled: true,
        demo: true,
        storeReachable: false,
        notice: STORE_DOWN_NOTICE,
      });
      expect((await list({ first: 50 })).totalCount).toBe(11);
      expect((await guest.get('/api/store/products/oxford-tap-shoes')).status).toBe(200);
    } finally {
      await t.agent().post('/demo-store/_control/outage').set(json).send({ down: false });
    }

    expect((await sync(false)).error).toBeNull();
    const status = (await t.gql(guest, STATUS)).data.shopStatus;
    expect(status).toMatchObject({ storeReachable: true, notice: DEMO_STORE_NOTICE });
    expect(status.lastSyncAt).toBeTruthy();
  }, 60_000);

  it('closes the shop when the store is disconnected', async () => {
    const res = await t.gql(admin, `mutation { storeDisconnect { userErrors { code message } } }`);
    expect(res.data.storeDisconnect.userErrors).toEqual([]);
    expect((await list()).totalCount).toBe(0);
    expect((await t.gql(guest, STATUS)).data.shopStatus).toMatchObject({ enabled: false, notice: null });
    expect((await t.gql(admin, SYNC_NOW)).data.storeSyncNow).toMatchObject({
      queued: false,
      userErrors: [{ code: 'CONFLICT' }],
    });
  });
});
