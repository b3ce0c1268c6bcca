import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getActiveStore, type ActiveStore } from './store-connection';
import { StoreError, type StoreProductData, type StoreProvider } from './store-provider';
import { markProductRemoved, SYNC_PAGE_SIZE, syncOneProduct, syncStoreProducts } from './store-sync';
import { jobs } from '../../jobs';
import { queueProductSync, SHOP_NIGHTLY_CRON, SHOP_NIGHTLY_JOB, SHOP_SYNC_PERIODIC_JOB } from './shop.jobs';
import { startShopTestApp, type ShopTestApp, signInAs, shopSql } from './test/shop-test-app';

type Agent = ReturnType<typeof request.agent>;

const json = { 'content-type': 'application/json' };

let t: ShopTestApp;
let admin: Agent;
let control: Agent;

const signIn = (username: string): Promise<Agent> => signInAs(t, username);

const sql = <T = Record<string, any>>(query: string, params: unknown[] = []) => shopSql<T>(t, query, params);

const sync = (full: boolean) => syncStoreProducts(t.orm.em.fork(), t.config, { full, wait: true });

async function productId(handle: string): Promise<string> {
  const [row] = await sql<{ id: string }>(`select "id" from "store_products" where "handle" = ?`, [handle]);
  expect(row, handle).toBeTruthy();
  return row.id;
}

async function waitFor(check: () => Promise<boolean>, ms = 15_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

/**
 * The demo store's products were all changed within the last minute (seeded at first use), so an
 * incremental sync (a minute of overlap) would read them all: date them an hour back in the demo
 * store's own tables (tests only).
 */
async function ageDemoProducts(): Promise<void> {
  await sql(`update demo_store.products set updated_at = updated_at - interval '1 hour'`);
}

beforeAll(async () => {
  t = await startShopTestApp();
  admin = await signIn('admin');
  control = t.agent();
  // The boot queues a first full sync of the (implicit) demo store: let it finish first.
  await waitFor(async () => (await sql(`select 1 from "store_products"`)).length >= 12);
}, 60_000);
afterAll(() => t?.close());

describe('store product sync against the demo store', () => {
  it('fills an empty cache at boot, and a full sync reads all twelve demo products', async () => {
    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as "n" from "store_products"`);
    expect(n).toBe(12);

    const result = await sync(true);
    expect(result).toMatchObject({ ran: true, full: true, seen: 12, failed: 0, removed: 0, error: null });

    const [slippers] = await sql(
      `select p.*, p."min_price"::text as "min", p."max_price"::text as "max",
         (select count(*)::int from "store_product_variants" v where v."product_id" = p."id") as "variants",
         (select count(*)::int from "store_product_variants" v where v."product_id" = p."id" and not v."available") as "sold_out"
        from "store_products" p where p."handle" = 'canvas-split-sole-ballet-slippers'`,
    );
    expect(slippers).toMatchObject({
      title: 'Canvas Split-Sole Ballet Slippers',
      product_type: 'Shoes',
      store_status: 'ACTIVE',
      currency_code: 'USD',
      min: '24.00',
      max: '24.00',
      variants: 10,
      sold_out: 1,
      visible: true,
      featured: true, // the store tags it "featured"
      removed_at: null,
      sync_error: null,
    });
    expect(slippers.dance_styles).toEqual(['Ballet']);
    expect(slippers.age_groups).toEqual(['Children (5-8)', 'Teen (13-17)', 'Adult (18+)']);
    expect(slippers.skill_levels).toEqual(['Beginner', 'Intermediate']);
    expect(slippers.images.length).toBeGreaterThan(0);
    expect(slippers.options.map((o: { name: string }) => o.name)).toEqual(['Size', 'Color']);

    const [sneakers] = await sql(
      `select "dance_styles" from "store_products" where "handle" = 'high-top-dance-sneakers'`,
    );
    expect(sneakers.dance_styles).toEqual(['Hip Hop']);
  });

  it('an incremental sync reads only the products changed since the last one', async () => {
    await ageDemoProducts();
    await sync(true);
    const id = await productId('oxford-tap-shoes');
    const changed = await control
      .post(`/demo-store/_control/products/${encodeURIComponent(id)}`)
      .set(json)
      .send({ title: 'Oxford Tap Shoes (new batch)', price: '67.50' });
    expect(changed.status).toBe(200);

    const result = await sync(false);
    expect(result).toMatchObject({ ran: true, full: false, seen: 1, failed: 0, error: null });
    const [row] = await sql(
      `select "title", "min_price"::text as "min" from "store_products" where "id" = ?`,
      [id],
    );
    expect(row).toEqual({ title: 'Oxford Tap Shoes (new batch)', min: '67.50' });

    // Nothing changed since: the next incremental sync reads only the overlap minute (this product).
    const again = await sync(false);
    expect(again.seen).toBeLessThanOrEqual(1);
  });

  it('keeps staff’s visibility, featured flag and edited tags across syncs', async () => {
    const id = await productId('jazz-flare-pants');
    const res = await t.gql(
      admin,
      `mutation U($input: StoreProductUpdateInput!) { storeProductUpdate(input: $input) {
        product { visible tagsEdited product { featured danceStyles ageGroups skillLevels } }
        userErrors { code field message } } }`,
      {
        input: {
          productId: id,
          visible: false,
          featured: true,
          danceStyles: ['Jazz', 'Lyrical'],
          skillLevels: [],
        },
      },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.storeProductUpdate.userErrors).toEqual([]);
    await control
      .post(`/demo-store/_control/products/${encodeURIComponent(id)}`)
      .set(json)
      .send({ title: 'Jazz Flare Pants II' });

    await sync(true);
    const [row] = await sql(`select * from "store_products" where "id" = ?`, [id]);
    expect(row).toMatchObject({
      title: 'Jazz Flare Pants II',
      visible: false,
      featured: true,
      tags_edited: true,
    });
    expect(row.dance_styles).toEqual(['Jazz', 'Lyrical']);
    expect(row.skill_levels).toEqual([]);
    // The age groups were not edited, but once any tag is, syncs keep them all as they are.
    expect(row.age_groups).toEqual(['Teen (13-17)', 'Adult (18+)']);
  });

  it('marks a product deleted in the store removed (a full sync, and a product job)', async () => {
    const id = await productId('contemporary-knee-pads');
    const res = await control.delete(`/demo-store/_control/products/${encodeURIComponent(id)}`);
    expect(res.status).toBe(200);
    // Its webhook may already have marked it: as if the webhook were lost, a full sync must find it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await sql(`update "store_products" set "removed_at" = null where "id" = ?`, [id]);

    const result = await sync(true);
    expect(result.error).toBeNull();
    expect(result.removed).toBeGreaterThanOrEqual(1);
    const [row] = await sql(`select "removed_at" from "store_products" where "id" = ?`, [id]);
    expect(row.removed_at).not.toBeNull();

    // One product at once (a products/delete webhook's job): gone in the store → removed.
    await sql(`update "store_products" set "removed_at" = null where "id" = ?`, [id]);
    expect(await syncOneProduct(t.orm.em.fork(), t.config, id)).toBe('removed');
    const [again] = await sql(`select "removed_at" from "store_products" where "id" = ?`, [id]);
    expect(again.removed_at).not.toBeNull();
    // The numeric id of a webhook works too; marking twice is a no-op.
    expect(await markProductRemoved(t.orm.em.fork(), id.split('/').pop()!)).toBe(false);
  });

  it('a product job saves a changed product', async () => {
    const id = await productId('keep-dancing-hoodie');
    await control
      .post(`/demo-store/_control/products/${encodeURIComponent(id)}`)
      .set(json)
      .send({ inventory: 0 });
    expect(['saved', 'unchanged']).toContain(await syncOneProduct(t.orm.em.fork(), t.config, id));
    const [row] = await sql(`select "available", "total_inventory" from "store_products" where "id" = ?`, [
      id,
    ]);
    expect(row).toEqual({ available: false, total_inventory: 0 });
  });

  it('retries a throttled answer and completes the sync', async () => {
    const res = await control.post('/demo-store/_control/throttle').set(json).send({ count: 2 });
    expect(res.status).toBe(200);
    const result = await sync(true);
    expect(result).toMatchObject({ ran: true, seen: 11, failed: 0, error: null });
  }, 60_000);

  it('stops when the store is down, keeping what it has', async () => {
    await control.post('/demo-store/_control/outage').set(json).send({ down: true });
    try {
      const result = await sync(true);
      expect(result.ran).toBe(true);
      expect(result.error).toMatch(/^UNAVAILABLE: /);
      expect(result.removed).toBe(0);
      const [{ n }] = await sql<{ n: number }>(
        `select count(*)::int as "n" from "store_products" where "removed_at" is null`,
      );
      expect(n).toBe(11);
    } finally {
      await control.post('/demo-store/_control/outage').set(json).send({ down: false });
    }
    expect((await sync(false)).error).toBeNull();
  }, 60_000);
});

describe('the shop’s jobs', () => {
  it('schedules the incremental sync every 15 minutes', async () => {
    const rows = await sql(`select "name", "cron" from pgboss.schedule where "name" = ?`, [
      SHOP_SYNC_PERIODIC_JOB,
    ]);
    expect(rows).toEqual([{ name: SHOP_SYNC_PERIODIC_JOB, cron: '*/15 * * * *' }]);
  });

  it('runs a nightly full sync that forgets webhook ids older than a week', async () => {
    const [schedule] = await sql(`select "cron" from pgboss.schedule where "name" = ?`, [SHOP_NIGHTLY_JOB]);
    expect(schedule).toEqual({ cron: SHOP_NIGHTLY_CRON });
    await sql(
      `insert into store_webhook_deliveries (webhook_id, topic, received_at)
       values ('old-delivery', 'orders/create', now() - interval '8 days'),
              ('recent-delivery', 'orders/create', now() - interval '2 days')`,
    );
    await jobs.send(SHOP_NIGHTLY_JOB, {});
    expect(
      await waitFor(async () => {
        const rows = await sql(`select "state" from pgboss.job where "name" = ?`, [SHOP_NIGHTLY_JOB]);
        return rows.length > 0 && rows.every((r) => r.state === 'completed');
      }),
    ).toBe(true);
    const kept = await sql(
      `select webhook_id from store_webhook_deliveries where webhook_id like '%-delivery'`,
    );
    expect(kept).toEqual([{ webhook_id: 'recent-delivery' }]);
  });

  it('syncs one product on request (a product webhook), by gid or numeric id', async () => {
    const id = await productId('satin-pointe-shoes');
    await sql(`update "store_products" set "title" = 'stale', "store_updated_at" = 'epoch' where "id" = ?`, [
      id,
    ]);
    await queueProductSync(id.split('/').pop()!);
    expect(
      await waitFor(async () => {
        const [row] = await sql(`select "title" from "store_products" where "id" = ?`, [id]);
        return row.title === 'Satin Pointe Shoes';
      }),
    ).toBe(true);
  });

  it('runs the periodic sync (and the push of published DRX items) without failing', async () => {
    await jobs.send(SHOP_SYNC_PERIODIC_JOB, {});
    expect(
      await waitFor(async () => {
        const rows = await sql(`select "state" from pgboss.job where "name" = ?`, [SHOP_SYNC_PERIODIC_JOB]);
        return rows.length > 0 && rows.every((r) => r.state === 'completed');
      }),
    ).toBe(true);
  });
});

describe('store product sync, one product failing', () => {
  function product(n: number, overrides: Partial<StoreProductData> = {}): StoreProductData {
    return {
      id: `gid://drx-test/Product/${n}`,
      handle: `test-product-${n}`,
      title: `Test product ${n}`,
      descriptionHtml: '<p>Test</p>',
      productType: 'Test',
      vendor: 'Tests',
      tags: ['style:tap'],
      status: 'ACTIVE',
      updatedAt: new Date(Date.now() - (10 - n) * 1000).toISOString(),
      totalInventory: 3,
      currencyCode: 'USD',
      minPrice: '5.00',
      maxPrice: '5.00',
      images: [],
      options: [{ name: 'Title', values: ['Default Title'] }],
      variants: [
        {
          id: `gid://drx-test/ProductVariant/${n}`,
          title: 'Default Title',
          sku: `TEST-${n}`,
          price: '5.00',
          compareAtPrice: null,
          availableForSale: true,
          inventoryQuantity: 3,
          selectedOptions: [{ name: 'Title', value: 'Default Title' }],
          imageUrl: null,
        },
      ],
      collectionIds: [],
      ...overrides,
    };
  }

  it('saves the others and records the failure on the product and the sync', async () => {
    const real = (await getActiveStore(t.orm.em.fork(), t.config))!;
    const products = [product(1), product(2), product(3)];
    const provider: Partial<StoreProvider> = {
      products: async () => ({ products, endCursor: null, hasNextPage: false }),
    };
    const store: ActiveStore = { ...real, provider: provider as StoreProvider };
    const em = () => t.orm.em.fork();
    try {
      expect(await syncStoreProducts(em(), t.config, { store, wait: true })).toMatchObject({
        saved: 3,
        failed: 0,
      });

      // Product 2 now breaks a database check (its lowest price above its highest).
      products[1] = product(2, {
        title: 'Broken product',
        minPrice: '9.00',
        maxPrice: '1.00',
        updatedAt: new Date().toISOString(),
      });
      products[2] = product(3, {
        title: 'Test product 3, renamed',
        updatedAt: new Date(Date.now() + 1000).toISOString(),
      });
      const result = await syncStoreProducts(em(), t.config, { store, wait: true });
      expect(result).toMatchObject({ ran: true, failed: 1 });
      expect(result.error).toMatch(/^1 product could not be saved: Broken product: /);
      const rows = await sql(
        `select "id", "title", "sync_error" from "store_products" where "id" like 'gid://drx-test/%' order by "id"`,
      );
      expect(rows.map((r) => r.title)).toEqual([
        'Test product 1',
        'Test product 2',
        'Test product 3, renamed',
      ]);
      expect(rows[1].sync_error).toMatch(/store_products_check|violates check constraint/);
      expect(rows[0].sync_error).toBeNull();
      expect(rows[2].sync_error).toBeNull();
    } finally {
      await sql(`delete from "store_products" where "id" like 'gid://drx-test/%'`);
    }
  });

  it('keeps draft and archived products without showing them', async () => {
    const real = (await getActiveStore(t.orm.em.fork(), t.config))!;
    const products = [product(7, { status: 'DRAFT' }), product(8, { status: 'ARCHIVED' }), product(9)];
    const provider: Partial<StoreProvider> = {
      products: async () => ({ products, endCursor: null, hasNextPage: false }),
    };
    const store: ActiveStore = { ...real, provider: provider as StoreProvider };
    try {
      expect(await syncStoreProducts(t.orm.em.fork(), t.config, { store, wait: true })).toMatchObject({
        saved: 3,
      });
      const statuses = await sql(
        `select "store_status" from "store_products" where "id" like 'gid://drx-test/%' order by "id"`,
      );
      expect(statuses.map((r) => r.store_status)).toEqual(['DRAFT', 'ARCHIVED', 'ACTIVE']);
      const res = await t.gql(
        t.agent(),
        `{ shopProducts(search: "test product", first: 50) { nodes { handle } }
           draft: shopProduct(handle: "test-product-7") { id } active: shopProduct(handle: "test-product-9") { id } }`,
      );
      expect(res.data.shopProducts.nodes).toEqual([{ handle: 'test-product-9' }]);
      expect(res.data.draft).toBeNull();
      expect(res.data.active).not.toBeNull();
    } finally {
      await sql(`delete from "store_products" where "id" like 'gid://drx-test/%'`);
    }
  });

  it('asks for smaller pages when the store refuses a query as too costly', async () => {
    const real = (await getActiveStore(t.orm.em.fork(), t.config))!;
    const products = [product(4), product(5), product(6)];
    const asked: number[] = [];
    const provider: Partial<StoreProvider> = {
      products: async ({ first, after }) => {
        asked.push(first);
        if (first > 2) {
          throw new StoreError(
            'INVALID',
            `The store's Admin API refused the request: Query cost is ${2 + first * 657}, which exceeds the single query max cost limit (1000).`,
          );
        }
        const start = after ? Number(after) : 0;
        const slice = products.slice(start, start + first);
        const end = start + slice.length;
        return { products: slice, endCursor: String(end), hasNextPage: end < products.length };
      },
    };
    const store: ActiveStore = {
      ...real,
      settings: { ...real.settings, shopDomain: 'costly.example' },
      provider: provider as StoreProvider,
    };
    try {
      const result = await syncStoreProducts(t.orm.em.fork(), t.config, { store, wait: true });
      expect(result).toMatchObject({ saved: 3, failed: 0, error: null });
      expect(asked).toEqual([SYNC_PAGE_SIZE, 1, 1, 1]);
      // The next sync of that store starts with the size that fitted.
      asked.length = 0;
      await syncStoreProducts(t.orm.em.fork(), t.config, { store, wait: true });
      expect(asked[0]).toBe(1);
    } finally {
      await sql(`delete from "store_products" where "id" like 'gid://drx-test/%'`);
    }
  });
});
