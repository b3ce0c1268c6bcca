import type request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOT_CONNECTED, STORE_DOWN } from './shop-checkout.service';
import { getActiveStore } from './store-connection';
import type { StoreProductData, StoreVariantData } from './store-provider';
import { type ShopTestApp, startShopTestApp, demoControl } from './test/shop-test-app';

type Agent = ReturnType<typeof request.agent>;

const PASSWORD = 'drx-demo-2026';
const json = { 'content-type': 'application/json' };

let t: ShopTestApp;
let guest: Agent;
let member: Agent;
let memberEmail: string;
/** A demo-store variant that can be bought (cached here as the store has it). */
let variant: StoreVariantData;
const db = () => t.orm.em.fork().getConnection();

const CHECKOUT = `mutation ($input: ShopCheckoutInput) {
  shopCheckout(input: $input) { checkoutUrl userErrors { code field message } } }`;
const ADD = `mutation ($input: ShopBagLineInput!) { shopBagAdd(input: $input) { userErrors { code field message } } }`;
const SHOP_BAG = `query { shopBag { lines { variantId quantity } } }`;

interface CheckoutPayload {
  checkoutUrl: string | null;
  userErrors: { code: string; field: string | null; message: string }[];
}

async function checkout(agent: Agent, input?: Record<string, unknown> | null): Promise<CheckoutPayload> {
  const res = await t.gql<{ shopCheckout: CheckoutPayload }>(
    agent,
    CHECKOUT,
    input === undefined ? {} : { input },
  );
  expect(res.status).toBe(200);
  expect(res.errors).toBeUndefined();
  return res.data.shopCheckout;
}

/** Puts a store product into DRX's cache as the sync would (without running the sync). */
async function cacheProduct(product: StoreProductData): Promise<void> {
  await db().execute(
    `insert into store_products (id, handle, title, product_type, vendor, store_status, images, options,
       currency_code, min_price, max_price, total_inventory, available, store_updated_at)
     values (?, ?, ?, ?, ?, 'ACTIVE', ?::jsonb, ?::jsonb, ?, ?, ?, ?, true, ?)
     on conflict (id) do nothing`,
    [
      product.id,
      product.handle,
      product.title,
      product.productType,
      product.vendor,
      JSON.stringify(product.images),
      JSON.stringify(product.options),
      product.currencyCode,
      product.minPrice,
      product.maxPrice,
      product.totalInventory,
      product.updatedAt,
    ],
  );
  for (const [position, v] of product.variants.entries()) {
    await db().execute(
      `insert into store_product_variants (id, product_id, position, title, sku, price, available, quantity,
         selected_options)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb) on conflict (id) do nothing`,
      [
        v.id,
        product.id,
        position,
        v.title,
        v.sku,
        v.price,
        v.availableForSale,
        v.inventoryQuantity,
        JSON.stringify(v.selectedOptions),
      ],
    );
  }
}

/** Calls a control endpoint of the demo store (mounted on the app). */
const control = (path: string, body: unknown): Promise<void> => demoControl(t, path, body);

beforeAll(async () => {
  t = await startShopTestApp();
  guest = t.agent();
  member = t.agent();
  const res = await member.post('/api/login').set(json).send({ username: 'member', password: PASSWORD });
  expect(res.status).toBe(200);
  const [row] = await db().execute<{ email: string }[]>(`select email from users where username = 'member'`);
  memberEmail = row.email;
  // The demo store's own products, read through the provider (not the sync), one page at a time
  // (a product's fields cost a good part of a query's cost limit), and one of them cached here.
  const store = await getActiveStore(t.orm.em.fork(), t.config);
  const buyable = (v: StoreVariantData) =>
    v.availableForSale && (v.inventoryQuantity === null || v.inventoryQuantity >= 5);
  let after: string | null = null;
  for (let i = 0; i < 12 && !variant; i++) {
    const page = await store!.provider.products({ first: 1, after });
    const product = page.products.find((p) => p.variants.some(buyable));
    if (product) {
      await cacheProduct(product);
      variant = product.variants.find(buyable)!;
    }
    if (!page.hasNextPage) break;
    after = page.endCursor;
  }
  expect(variant).toBeDefined();
}, 60_000);
afterAll(() => t.close());
beforeEach(async () => {
  await db().execute('delete from shop_bag_items');
  await db().execute('delete from store_connection');
});

describe('shop checkout on the demo store', () => {
  it('makes a checkout of a member’s bag with their e-mail prefilled, and leaves the bag as it is', async () => {
    // given a member with 2 of a variant in their bag
    const added = await t.gql(member, ADD, { input: { variantId: variant.id, quantity: 2 } });
    expect(added.data.shopBagAdd.userErrors).toEqual([]);
    // when they check out their bag
    const result = await checkout(member);
    // then they get the demo store's checkout page, which shows the line and their e-mail
    expect(result.userErrors).toEqual([]);
    expect(result.checkoutUrl).toMatch(new RegExp(`^${t.url}/demo-store/checkouts/[^/]+$`));
    const page = await fetch(result.checkoutUrl!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(
      new RegExp(`<input[^>]*id="email"[^>]*value="${memberEmail.replace(/\./g, '\\.')}"`),
    );
    expect(html).toMatch(/demo store/i);
    expect(html).toContain('×2');
    // and the bag is kept until the store's order webhook says what was bought
    const bag = await t.gql(member, SHOP_BAG);
    expect(bag.data.shopBag.lines).toEqual([{ variantId: variant.id, quantity: 2 }]);
  });

  it('makes a checkout of the lines a guest passes, without an e-mail', async () => {
    const result = await checkout(guest, { lines: [{ variantId: variant.id, quantity: 1 }] });
    expect(result.userErrors).toEqual([]);
    expect(result.checkoutUrl).toContain('/demo-store/checkouts/');
    const html = await (await fetch(result.checkoutUrl!)).text();
    expect(html).not.toContain(memberEmail);
    // a member may pass lines too (the bag is then not used)
    const passed = await checkout(member, { lines: [{ variantId: variant.id, quantity: 1 }] });
    expect(passed.checkoutUrl).toContain('/demo-store/checkouts/');
  });

  it('answers a checkout URL over REST: POST /api/shop/checkout', async () => {
    const res = await guest
      .post('/api/shop/checkout')
      .set(json)
      .send({ lines: [{ variantId: variant.id, quantity: 1 }] });
    expect(res.status).toBe(200);
    expect(res.body.checkoutUrl).toContain('/demo-store/checkouts/');
    const empty = await guest.post('/api/shop/checkout').set(json).send({});
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'INVALID_INPUT', field: 'lines' });
  });

  it('refuses a guest without lines, an empty bag and bad lines', async () => {
    expect((await checkout(guest)).userErrors).toEqual([
      expect.objectContaining({ code: 'INVALID_INPUT', field: 'lines' }),
    ]);
    expect((await checkout(member)).userErrors).toEqual([expect.objectContaining({ code: 'EMPTY_CART' })]);
    expect((await checkout(guest, { lines: [] })).userErrors).toEqual([
      expect.objectContaining({ code: 'EMPTY_CART' }),
    ]);
    const zero = await checkout(guest, { lines: [{ variantId: variant.id, quantity: 0 }] });
    expect(zero.userErrors).toEqual([
      expect.objectContaining({ code: 'INVALID_INPUT', field: 'lines.0.quantity' }),
    ]);
    const twice = await checkout(guest, {
      lines: [
        { variantId: variant.id, quantity: 60 },
        { variantId: variant.id, quantity: 60 },
      ],
    });
    expect(twice.userErrors).toEqual([
      expect.objectContaining({ code: 'INVALID_INPUT', field: 'lines.1.quantity' }),
    ]);
    const many = await checkout(guest, {
      lines: Array.from({ length: 51 }, (_, i) => ({
        variantId: `gid://shopify/ProductVariant/${i + 1}`,
        quantity: 1,
      })),
    });
    expect(many.userErrors).toEqual([expect.objectContaining({ code: 'INVALID_INPUT', field: 'lines' })]);
  });

  it('refuses lines that cannot be bought, naming them, before asking the store', async () => {
    const unknown = await checkout(guest, {
      lines: [
        { variantId: variant.id, quantity: 1 },
        { variantId: 'gid://shopify/ProductVariant/987654321', quantity: 1 },
      ],
    });
    expect(unknown.checkoutUrl).toBeNull();
    expect(unknown.userErrors).toEqual([expect.objectContaining({ code: 'INVALID_INPUT', field: 'lines' })]);
    expect(unknown.userErrors[0].message).toContain('No longer available');

    await db().execute('update store_product_variants set available = false where id = ?', [variant.id]);
    try {
      const soldOut = await checkout(guest, { lines: [{ variantId: variant.id, quantity: 1 }] });
      expect(soldOut.userErrors[0].message).toContain('Sold out');
    } finally {
      await db().execute('update store_product_variants set available = true where id = ?', [variant.id]);
    }
  });

  it('refuses cleanly with STORE_UNAVAILABLE while the store is down, over the graph and REST', async () => {
    await control('outage', { down: true });
    try {
      const res = await t.gql<{ shopCheckout: CheckoutPayload }>(guest, CHECKOUT, {
        input: { lines: [{ variantId: variant.id, quantity: 1 }] },
      });
      expect(res.status).toBe(200);
      expect(res.errors).toBeUndefined();
      expect(res.data.shopCheckout).toEqual({
        checkoutUrl: null,
        userErrors: [{ code: 'STORE_UNAVAILABLE', field: null, message: STORE_DOWN }],
      });
      const rest = await guest
        .post('/api/shop/checkout')
        .set(json)
        .send({ lines: [{ variantId: variant.id, quantity: 1 }] });
      expect(rest.status).toBe(503);
      expect(rest.body).toMatchObject({ code: 'STORE_UNAVAILABLE', message: STORE_DOWN });
    } finally {
      await control('outage', { down: false });
    }
    // and checkout works again once the store is back
    expect((await checkout(guest, { lines: [{ variantId: variant.id, quantity: 1 }] })).userErrors).toEqual(
      [],
    );
  });

  it('refuses cleanly with STORE_UNAVAILABLE when the store cannot be reached at all', async () => {
    const saved = t.config.demoStoreUrl;
    // Port 9 (discard) on the loopback: nothing listens, the connection is refused.
    t.config.demoStoreUrl = 'http://127.0.0.1:9/demo-store';
    try {
      const result = await checkout(guest, { lines: [{ variantId: variant.id, quantity: 1 }] });
      expect(result).toEqual({
        checkoutUrl: null,
        userErrors: [{ code: 'STORE_UNAVAILABLE', field: null, message: STORE_DOWN }],
      });
    } finally {
      t.config.demoStoreUrl = saved;
    }
  });

  it('refuses with STORE_UNAVAILABLE when no store is connected', async () => {
    await db().execute(`insert into store_connection (id, status) values (1, 'disconnected')
       on conflict (id) do update set status = 'disconnected', demo = false, storefront_token_enc = null,
         admin_token_enc = null, webhook_secret_enc = null`);
    const result = await checkout(guest, { lines: [{ variantId: variant.id, quantity: 1 }] });
    expect(result).toEqual({
      checkoutUrl: null,
      userErrors: [{ code: 'STORE_UNAVAILABLE', field: null, message: NOT_CONNECTED }],
    });
  });
});
