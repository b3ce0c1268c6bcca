import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStoreProvider, DEMO_STORE_SETTINGS } from './store-connection';
import type { StoreProvider } from './store-provider';
import { parseDrxSku } from './store-order-payload';
import { priceOfCents, pushPublishedItems, skuOf } from './store-publish';
import { syncOneProduct, syncStoreProducts } from './store-sync';
import { type ShopTestApp, startShopTestApp, signInAs, shopSql, demoControl } from './test/shop-test-app';

type Agent = ReturnType<typeof request.agent>;

let t: ShopTestApp;
let admin: Agent;
let member: Agent;
let officer: Agent;
/** The demo store's Admin API, to see what DRX made there. */
let demo: StoreProvider;

const signIn = (username: string): Promise<Agent> => signInAs(t, username);

const sql = <T = Record<string, any>>(query: string, params: unknown[] = []) => shopSql<T>(t, query, params);

const control = (path: string, body: unknown): Promise<void> => demoControl(t, path, body);

const ITEM = `itemType itemId title sku status storeProductId priceCents publishedAt pushedAt pushError`;
const LIST = `query { storePublishedItems { ${ITEM} } }`;
const PUBLISH = `mutation Publish($input: StorePublishItemInput!) {
  storePublishItem(input: $input) { item { ${ITEM} } userErrors { code field message } }
}`;
const UNPUBLISH = `mutation Unpublish($input: StorePublishItemInput!) {
  storeUnpublishItem(input: $input) { item { ${ITEM} } userErrors { code field message } }
}`;

let course: { id: string; title: string; price_cents: number };
let resource: { id: string; title: string; price_cents: number };

beforeAll(async () => {
  t = await startShopTestApp();
  [admin, member, officer] = await Promise.all([signIn('admin'), signIn('member'), signIn('officer')]);
  demo = createStoreProvider({ ...DEMO_STORE_SETTINGS }, t.config);
  [course] = await sql(
    `select id, title, price_cents from courses where published and not member_only and price_cents > 0
      order by title limit 1`,
  );
  [resource] = await sql(
    `select id, title, price_cents from resources where status = 'published' and price_cents > 0
      order by title limit 1`,
  );
  expect(course && resource).toBeTruthy();
});
afterAll(() => t?.close());

describe('SKUs and prices', () => {
  it('names the DRX item in the SKU and prices in the store’s decimal form', () => {
    const id = '0b8f6c1e-2d1a-4c3b-9e8f-7a6b5c4d3e2f';
    expect(skuOf('course', id)).toBe(`DRX-COURSE-${id}`);
    expect(parseDrxSku(`DRX-RESOURCE-${id.toUpperCase()}`)).toEqual({ itemType: 'resource', itemId: id });
    expect(parseDrxSku('SHOE-37')).toBeNull();
    expect(priceOfCents(1200)).toBe('12.00');
    expect(priceOfCents(14905)).toBe('149.05');
    expect(priceOfCents(7)).toBe('0.07');
  });
});

describe('publishing DRX items to the store', () => {
  it('is for admins only', async () => {
    for (const agent of [member, officer]) {
      for (const [query, variables] of [
        [LIST, {}],
        [PUBLISH, { input: { itemType: 'course', itemId: course.id } }],
        [UNPUBLISH, { input: { itemType: 'course', itemId: course.id } }],
      ] as const) {
        const res = await t.gql(agent, query, variables);
        expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      }
    }
    expect(await sql(`select * from store_published_items`)).toEqual([]);
  });

  it('publishes a paid course as a store product with its SKU and price', async () => {
    // when an admin publishes a published, paid course
    const res = await t.gql(admin, PUBLISH, { input: { itemType: 'course', itemId: course.id } });
    expect(res.data.storePublishItem.userErrors).toEqual([]);
    const item = res.data.storePublishItem.item;
    expect(item).toMatchObject({
      itemType: 'course',
      itemId: course.id,
      title: course.title,
      sku: `DRX-COURSE-${course.id}`,
      status: 'published',
      priceCents: course.price_cents,
      pushError: null,
    });
    expect(item.pushedAt).toEqual(expect.any(String));
    // then the store has an active product with one variant of that SKU at the DRX price
    const product = await demo.product(item.storeProductId);
    expect(product).toMatchObject({
      title: course.title,
      vendor: 'DRX',
      status: 'ACTIVE',
      productType: 'DRX course',
    });
    expect(product!.variants).toHaveLength(1);
    expect(product!.variants[0]!.sku).toBe(`DRX-COURSE-${course.id}`);
    expect(Number(product!.variants[0]!.price)).toBe(course.price_cents / 100);
    expect(product!.descriptionHtml).toContain('<p>');
    // and the list shows it
    const list = await t.gql(admin, LIST);
    expect(list.data.storePublishedItems).toEqual([
      expect.objectContaining({ sku: item.sku, status: 'published' }),
    ]);
  });

  it('publishes a paid resource too', async () => {
    const res = await t.gql(admin, PUBLISH, { input: { itemType: 'resource', itemId: resource.id } });
    expect(res.data.storePublishItem.userErrors).toEqual([]);
    const product = await demo.product(res.data.storePublishItem.item.storeProductId);
    expect(product!.variants[0]!.sku).toBe(`DRX-RESOURCE-${resource.id}`);
  });

  it('never lists a published DRX item as shop merchandise, after a full sync or its product webhook', async () => {
    const [published] = await sql<{ store_product_id: string }>(
      `select store_product_id from store_published_items where item_type = 'course' and item_id = ?`,
      [course.id],
    );
    await syncStoreProducts(t.orm.em.fork(), t.config, { full: true, wait: true });
    expect(await syncOneProduct(t.orm.em.fork(), t.config, published.store_product_id)).not.toBe('saved');
    expect(
      await sql(`select id from store_products where id = ? and removed_at is null`, [
        published.store_product_id,
      ]),
    ).toEqual([]);
    const listed = await t.agent().get('/api/store/products?first=50');
    expect(JSON.stringify(listed.body)).not.toContain(course.title);
  });

  it('refuses drafts, free and member-only items, unknown ids and types, with a clear userError', async () => {
    const [draft] = await sql(`select id from courses where not published limit 1`);
    const [free] = await sql(`select id from courses where published and price_cents = 0 limit 1`);
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ itemType: 'course', itemId: free!.id }, 'INVALID_INPUT', /free/],
      [{ itemType: 'course', itemId: '00000000-0000-4000-8000-000000000000' }, 'NOT_FOUND', /No course/],
      [{ itemType: 'course', itemId: 'nope' }, 'NOT_FOUND', /No course/],
      [{ itemType: 'lesson', itemId: course.id }, 'INVALID_INPUT', /course or resource/],
    ];
    if (draft) cases.push([{ itemType: 'course', itemId: draft.id }, 'INVALID_INPUT', /draft/]);
    for (const [input, code, message] of cases) {
      const res = await t.gql(admin, PUBLISH, { input });
      expect(res.data.storePublishItem.item).toBeNull();
      expect(res.data.storePublishItem.userErrors[0]).toMatchObject({
        code,
        message: expect.stringMatching(message),
      });
    }
    expect((await sql(`select * from store_published_items`)).length).toBe(2);
  });

  it('keeps published items in step when DRX changes them', async () => {
    // given the course's title and price change in DRX
    await sql(
      `update courses set title = title || ' (2nd edition)', price_cents = price_cents + 100, updated_at = now() where id = ?`,
      [course.id],
    );
    // when the keeper runs (the periodic sync calls it)
    const outcome = await pushPublishedItems(t.orm.em.fork(), t.config);
    expect(outcome).toEqual({ pushed: 1, archived: 0, failed: 0 });
    // then the store product follows
    const [row] = await sql(`select store_product_id from store_published_items where item_id = ?`, [
      course.id,
    ]);
    const product = await demo.product(row!.store_product_id);
    expect(product!.title).toBe(`${course.title} (2nd edition)`);
    expect(Number(product!.variants[0]!.price)).toBe((course.price_cents + 100) / 100);
    // and nothing is pushed again while nothing changed
    expect(await pushPublishedItems(t.orm.em.fork(), t.config)).toEqual({
      pushed: 0,
      archived: 0,
      failed: 0,
    });
  });

  it('takes an item off the store when DRX no longer sells it', async () => {
    await sql(`update resources set status = 'draft', updated_at = now() where id = ?`, [resource.id]);
    try {
      expect(await pushPublishedItems(t.orm.em.fork(), t.config)).toEqual({
        pushed: 0,
        archived: 1,
        failed: 0,
      });
      const [row] = await sql(`select * from store_published_items where item_id = ?`, [resource.id]);
      expect(row).toMatchObject({
        status: 'unpublished',
        push_error: expect.stringMatching(/not published/),
      });
      expect((await demo.product(row!.store_product_id))!.status).toBe('ARCHIVED');
    } finally {
      await sql(`update resources set status = 'published' where id = ?`, [resource.id]);
    }
  });

  it('unpublishes: the store product is archived; publishing again brings the same product back', async () => {
    const res = await t.gql(admin, UNPUBLISH, { input: { itemType: 'course', itemId: course.id } });
    expect(res.data.storeUnpublishItem.userErrors).toEqual([]);
    const item = res.data.storeUnpublishItem.item;
    expect(item.status).toBe('unpublished');
    expect((await demo.product(item.storeProductId))!.status).toBe('ARCHIVED');
    const again = await t.gql(admin, UNPUBLISH, { input: { itemType: 'course', itemId: course.id } });
    expect(again.data.storeUnpublishItem.userErrors[0].code).toBe('CONFLICT');
    // publishing again reuses the product
    const back = await t.gql(admin, PUBLISH, { input: { itemType: 'course', itemId: course.id } });
    expect(back.data.storePublishItem.item).toMatchObject({
      status: 'published',
      storeProductId: item.storeProductId,
    });
    expect((await demo.product(item.storeProductId))!.status).toBe('ACTIVE');
  });

  it('marks a push that the store refused as failed, and the keeper retries it', async () => {
    await control('outage', { down: true });
    let res;
    try {
      res = await t.gql(admin, PUBLISH, { input: { itemType: 'resource', itemId: resource.id } });
    } finally {
      await control('outage', { down: false });
    }
    expect(res.data.storePublishItem.userErrors[0]).toMatchObject({ code: 'STORE_UNAVAILABLE' });
    const [failed] = await sql(`select status, push_error from store_published_items where item_id = ?`, [
      resource.id,
    ]);
    expect(failed).toMatchObject({ status: 'failed', push_error: expect.stringMatching(/unavailable|503/i) });
    expect(await pushPublishedItems(t.orm.em.fork(), t.config)).toMatchObject({ pushed: 1, failed: 0 });
    const [ok] = await sql(`select status, push_error from store_published_items where item_id = ?`, [
      resource.id,
    ]);
    expect(ok).toEqual({ status: 'published', push_error: null });
  });
});
