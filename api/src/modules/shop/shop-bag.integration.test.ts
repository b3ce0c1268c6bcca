import type request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';

type Agent = ReturnType<typeof request.agent>;

const PASSWORD = 'drx-demo-2026';
const json = { 'content-type': 'application/json' };

let t: TestApp;
let guest: Agent;
let member: Agent;
let other: Agent;
const db = () => t.orm.em.fork().getConnection();

const MONEY = 'amount currencyCode';
const BAG = `lines { variantId quantity problem lineTotal { ${MONEY} } product { id handle title }
  variant { id title price { ${MONEY} } available quantityAvailable } } totalQuantity subtotal { ${MONEY} }`;
const PAYLOAD = `bag { ${BAG} } userErrors { code field message }`;
const SHOP_BAG = `query { shopBag { ${BAG} } }`;
const PREVIEW = `query ($lines: [ShopBagLineInput!]!) { shopBagPreview(lines: $lines) { ${BAG} } }`;
const ADD = `mutation ($input: ShopBagLineInput!) { shopBagAdd(input: $input) { ${PAYLOAD} } }`;
const UPDATE = `mutation ($input: ShopBagLineInput!) { shopBagUpdate(input: $input) { ${PAYLOAD} } }`;
const REMOVE = `mutation ($variantId: ID!) { shopBagRemove(variantId: $variantId) { ${PAYLOAD} } }`;
const MERGE = `mutation ($lines: [ShopBagLineInput!]!) { shopBagMerge(lines: $lines) { ${PAYLOAD} } }`;

interface Line {
  variantId: string;
  quantity: number;
  problem: string | null;
  lineTotal: { amount: string; currencyCode: string } | null;
  product: { id: string; handle: string; title: string } | null;
  variant: { id: string; title: string; price: { amount: string }; available: boolean } | null;
}
interface Bag {
  lines: Line[];
  totalQuantity: number;
  subtotal: { amount: string; currencyCode: string } | null;
}
interface Payload {
  bag: Bag | null;
  userErrors: { code: string; field: string | null; message: string }[];
}

async function call(agent: Agent, query: string, variables: Record<string, unknown>): Promise<Payload> {
  const res = await t.gql<Record<string, Payload>>(agent, query, variables);
  expect(res.errors).toBeUndefined();
  return Object.values(res.data)[0];
}
const add = (agent: Agent, variantId: string, quantity: number) =>
  call(agent, ADD, { input: { variantId, quantity } });
const update = (agent: Agent, variantId: string, quantity: number) =>
  call(agent, UPDATE, { input: { variantId, quantity } });
async function bagOf(agent: Agent): Promise<Bag> {
  const res = await t.gql<{ shopBag: Bag }>(agent, SHOP_BAG);
  expect(res.errors).toBeUndefined();
  return res.data.shopBag;
}

let serial = 1000;
interface VariantSeed {
  price?: string;
  title?: string;
  available?: boolean;
  quantity?: number | null;
}
interface ProductSeed {
  visible?: boolean;
  removed?: boolean;
  status?: string;
  variants?: VariantSeed[];
}

/** A cached store product with its variants, straight into the cache (no sync). Returns variant ids. */
async function newProduct(seed: ProductSeed = {}): Promise<{ productId: string; variantIds: string[] }> {
  const n = ++serial;
  const productId = `gid://shopify/Product/${n}`;
  const variants = seed.variants ?? [{}];
  const prices = variants.map((v) => Number(v.price ?? '12.50'));
  await db().execute(
    `insert into store_products (id, handle, title, currency_code, min_price, max_price, store_updated_at,
       visible, removed_at, store_status, options)
     values (?, ?, ?, 'USD', ?, ?, now(), ?, ?, ?, '[{"name":"Size","values":["S","M"]}]')`,
    [
      productId,
      `bag-product-${n}`,
      `Bag product ${n}`,
      Math.min(...prices),
      Math.max(...prices),
      seed.visible ?? true,
      seed.removed ? new Date() : null,
      seed.status ?? 'ACTIVE',
    ],
  );
  const variantIds: string[] = [];
  for (const [position, variant] of variants.entries()) {
    const id = `gid://shopify/ProductVariant/${n}${position}`;
    variantIds.push(id);
    await db().execute(
      `insert into store_product_variants (id, product_id, position, title, sku, price, available, quantity,
         selected_options)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        productId,
        position,
        variant.title ?? `Size ${position}`,
        `SKU-${n}-${position}`,
        variant.price ?? '12.50',
        variant.available ?? true,
        variant.quantity === undefined ? 20 : variant.quantity,
        JSON.stringify([{ name: 'Size', value: String(position) }]),
      ],
    );
  }
  return { productId, variantIds };
}

beforeAll(async () => {
  t = await startTestApp();
  guest = t.agent();
  member = t.agent();
  other = t.agent();
  for (const [agent, username] of [
    [member, 'member'],
    [other, 'multi'],
  ] as const) {
    const res = await agent.post('/api/login').set(json).send({ username, password: PASSWORD });
    expect(res.status).toBe(200);
  }
});
afterAll(() => t.close());
beforeEach(async () => {
  await db().execute('delete from shop_bag_items');
});

describe('shop bag (members)', () => {
  it('adds a variant with its product, price and line total, and adds to the quantity when added again', async () => {
    // given a product with two sizes
    const { productId, variantIds } = await newProduct({
      variants: [{ price: '12.50' }, { price: '30.00' }],
    });
    // when the member adds 2 of one size, then 1 of the other, then 1 more of the first
    const first = await add(member, variantIds[0], 2);
    await add(member, variantIds[1], 1);
    const third = await add(member, variantIds[0], 1);
    // then the bag has two lines, oldest first, priced from the cache
    expect(first.userErrors).toEqual([]);
    expect(third.userErrors).toEqual([]);
    const bag = third.bag!;
    expect(bag.lines.map((l) => [l.variantId, l.quantity])).toEqual([
      [variantIds[0], 3],
      [variantIds[1], 1],
    ]);
    expect(bag.lines[0]).toMatchObject({
      problem: null,
      lineTotal: { amount: '37.50', currencyCode: 'USD' },
      product: { id: productId },
      variant: { id: variantIds[0], price: { amount: '12.50' }, available: true },
    });
    expect(bag.totalQuantity).toBe(4);
    expect(bag.subtotal).toEqual({ amount: '67.50', currencyCode: 'USD' });
    // and shopBag reads the same, while another member's bag stays empty
    expect(await bagOf(member)).toEqual(bag);
    expect((await bagOf(other)).lines).toEqual([]);
    expect((await bagOf(other)).subtotal).toBeNull();
  });

  it('caps a line at 99 and refuses quantities outside 1–99', async () => {
    const { variantIds } = await newProduct({ variants: [{ quantity: null }] });
    await add(member, variantIds[0], 60);
    const capped = await add(member, variantIds[0], 60);
    expect(capped.userErrors).toEqual([]);
    expect(capped.bag!.lines[0].quantity).toBe(99);
    for (const quantity of [0, -1, 100]) {
      const refused = await add(member, variantIds[0], quantity);
      expect(refused.bag).toBeNull();
      expect(refused.userErrors).toEqual([
        expect.objectContaining({ code: 'INVALID_INPUT', field: 'quantity' }),
      ]);
    }
    const tooMany = await update(member, variantIds[0], 100);
    expect(tooMany.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'quantity' });
    expect((await bagOf(member)).lines[0].quantity).toBe(99);
  });

  it('counts concurrent adds of the same variant exactly', async () => {
    const { variantIds } = await newProduct();
    const results = await Promise.all(Array.from({ length: 10 }, () => add(member, variantIds[0], 1)));
    expect(results.every((r) => r.userErrors.length === 0)).toBe(true);
    expect((await bagOf(member)).lines).toEqual([expect.objectContaining({ quantity: 10 })]);
  });

  it('refuses unknown variants and products that are hidden, removed or not active in the store', async () => {
    const hidden = await newProduct({ visible: false });
    const removed = await newProduct({ removed: true });
    const draft = await newProduct({ status: 'DRAFT' });
    for (const variantId of [
      'gid://shopify/ProductVariant/999999',
      hidden.variantIds[0],
      removed.variantIds[0],
      draft.variantIds[0],
      '',
      'x'.repeat(101),
    ]) {
      const refused = await add(member, variantId, 1);
      expect(refused.bag).toBeNull();
      expect(refused.userErrors).toEqual([
        { code: 'NOT_FOUND', field: 'variantId', message: 'This item isn’t available in the shop.' },
      ]);
    }
    expect((await bagOf(member)).lines).toEqual([]);
  });

  it('sets a quantity, removes a line with 0 or shopBagRemove, and refuses to set a line not in the bag', async () => {
    const { variantIds } = await newProduct({ variants: [{}, {}] });
    await add(member, variantIds[0], 1);
    await add(member, variantIds[1], 1);
    const set = await update(member, variantIds[0], 5);
    expect(set.userErrors).toEqual([]);
    expect(set.bag!.lines.map((l) => l.quantity)).toEqual([5, 1]);
    const zero = await update(member, variantIds[0], 0);
    expect(zero.bag!.lines.map((l) => l.variantId)).toEqual([variantIds[1]]);
    const missing = await update(member, variantIds[0], 2);
    expect(missing.userErrors).toEqual([expect.objectContaining({ code: 'NOT_FOUND', field: 'variantId' })]);
    const removed = await call(member, REMOVE, { variantId: variantIds[1] });
    expect(removed.userErrors).toEqual([]);
    expect(removed.bag!.lines).toEqual([]);
    // removing again changes nothing
    expect((await call(member, REMOVE, { variantId: variantIds[1] })).userErrors).toEqual([]);
  });

  it('keeps lines that can no longer be bought, with their problem, out of the subtotal', async () => {
    // given a bag of three lines that can be bought
    const gone = await newProduct({ variants: [{ price: '5.00' }] });
    const soldOut = await newProduct({ variants: [{ price: '7.00' }] });
    const low = await newProduct({ variants: [{ price: '2.00', quantity: 10 }] });
    await add(member, gone.variantIds[0], 1);
    await add(member, soldOut.variantIds[0], 1);
    await add(member, low.variantIds[0], 3);
    // when the store removes one product, sells out another and has only 2 of the third left
    await db().execute('update store_products set removed_at = now() where id = ?', [gone.productId]);
    await db().execute('update store_product_variants set available = false, quantity = 0 where id = ?', [
      soldOut.variantIds[0],
    ]);
    await db().execute('update store_product_variants set quantity = 2 where id = ?', [low.variantIds[0]]);
    // then the bag shows each problem; the subtotal counts only what has a price to pay
    const bag = await bagOf(member);
    expect(bag.lines.map((l) => [l.problem, l.lineTotal?.amount ?? null])).toEqual([
      ['No longer available', null],
      ['Sold out', null],
      ['Only 2 left', '6.00'],
    ]);
    expect(bag.subtotal).toEqual({ amount: '6.00', currencyCode: 'USD' });
    // and a variant deleted from the cache takes its line with it
    await db().execute('delete from store_product_variants where id = ?', [soldOut.variantIds[0]]);
    expect((await bagOf(member)).lines).toHaveLength(2);
  });

  it('holds at most 50 different lines', async () => {
    const { variantIds } = await newProduct({ variants: Array.from({ length: 51 }, () => ({})) });
    for (const variantId of variantIds.slice(0, 50)) {
      expect((await add(member, variantId, 1)).userErrors).toEqual([]);
    }
    const full = await add(member, variantIds[50], 1);
    expect(full.userErrors).toEqual([
      {
        code: 'INVALID_INPUT',
        field: 'variantId',
        message: 'Your bag can hold at most 50 different items.',
      },
    ]);
    // a line already in the bag still grows
    expect((await add(member, variantIds[0], 1)).userErrors).toEqual([]);
    expect((await bagOf(member)).totalQuantity).toBe(51);
  });

  it('merges a guest bag at sign-in: lines added, the ones that cannot be added skipped and reported', async () => {
    const { variantIds } = await newProduct({ variants: [{}, {}] });
    const hidden = await newProduct({ visible: false });
    await add(member, variantIds[0], 2);
    const merged = await call(member, MERGE, {
      lines: [
        { variantId: variantIds[0], quantity: 3 },
        { variantId: 'gid://shopify/ProductVariant/424242', quantity: 1 },
        { variantId: variantIds[1], quantity: 1 },
        { variantId: hidden.variantIds[0], quantity: 1 },
        { variantId: variantIds[1], quantity: 0 },
      ],
    });
    expect(merged.bag!.lines.map((l) => [l.variantId, l.quantity])).toEqual([
      [variantIds[0], 5],
      [variantIds[1], 1],
    ]);
    expect(merged.userErrors).toEqual([
      expect.objectContaining({ code: 'NOT_FOUND', field: 'lines.1.variantId' }),
      expect.objectContaining({ code: 'NOT_FOUND', field: 'lines.3.variantId' }),
      expect.objectContaining({ code: 'INVALID_INPUT', field: 'lines.4.quantity' }),
    ]);
  });

  it('answers the bag over REST: GET /api/shop/bag and POST /api/shop/bag', async () => {
    const { variantIds } = await newProduct({ variants: [{ price: '4.25' }] });
    const added = await member
      .post('/api/shop/bag')
      .set(json)
      .send({ variantId: variantIds[0], quantity: 2 });
    expect(added.status).toBe(200);
    expect(added.body.lines[0]).toMatchObject({ variantId: variantIds[0], quantity: 2 });
    expect(added.body.subtotal).toEqual({ amount: '8.50', currencyCode: 'USD' });
    const read = await member.get('/api/shop/bag');
    expect(read.status).toBe(200);
    expect(read.body.totalQuantity).toBe(2);
    const unknown = await member.post('/api/shop/bag').set(json).send({ variantId: 'nope', quantity: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'NOT_FOUND', field: 'variantId' });
    const bad = await member
      .post('/api/shop/bag')
      .set(json)
      .send({ variantId: variantIds[0], quantity: 'x' });
    expect(bad.status).toBe(400);
    expect((await guest.get('/api/shop/bag')).status).toBe(401);
  });
});

describe('shop bag (guests)', () => {
  it('prices a guest bag from the cache, forgiving what a browser kept', async () => {
    const { variantIds } = await newProduct({
      variants: [{ price: '10.00' }, { price: '1.99', available: false }],
    });
    const res = await t.gql<{ shopBagPreview: Bag }>(guest, PREVIEW, {
      lines: [
        { variantId: variantIds[0], quantity: 2 },
        { variantId: 'gid://shopify/ProductVariant/31337', quantity: 1 },
        { variantId: variantIds[0], quantity: 1 },
        { variantId: variantIds[1], quantity: 1 },
        { variantId: variantIds[0], quantity: 0 },
      ],
    });
    expect(res.errors).toBeUndefined();
    const bag = res.data.shopBagPreview;
    expect(bag.lines.map((l) => [l.variantId, l.quantity, l.problem, l.lineTotal?.amount ?? null])).toEqual([
      [variantIds[0], 3, null, '30.00'],
      ['gid://shopify/ProductVariant/31337', 1, 'No longer available', null],
      [variantIds[1], 1, 'Sold out', null],
    ]);
    expect(bag.lines[1].product).toBeNull();
    expect(bag.totalQuantity).toBe(5);
    expect(bag.subtotal).toEqual({ amount: '30.00', currencyCode: 'USD' });
    // quantities above 99 count as 99
    const big = await t.gql<{ shopBagPreview: Bag }>(guest, PREVIEW, {
      lines: [{ variantId: variantIds[0], quantity: 500 }],
    });
    expect(big.data.shopBagPreview.lines[0].quantity).toBe(99);
    expect(big.data.shopBagPreview.subtotal?.amount).toBe('990.00');
  });

  it('refuses the member-only operations to guests', async () => {
    const { variantIds } = await newProduct();
    const operations: [string, Record<string, unknown>][] = [
      [SHOP_BAG, {}],
      [ADD, { input: { variantId: variantIds[0], quantity: 1 } }],
      [UPDATE, { input: { variantId: variantIds[0], quantity: 1 } }],
      [REMOVE, { variantId: variantIds[0] }],
      [MERGE, { lines: [{ variantId: variantIds[0], quantity: 1 }] }],
    ];
    for (const [query, variables] of operations) {
      const res = await t.gql(guest, query, variables);
      expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    }
    const count = await db().execute<{ n: string }[]>('select count(*)::int as n from shop_bag_items');
    expect(Number(count[0].n)).toBe(0);
  });
});
