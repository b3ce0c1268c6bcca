import { randomUUID } from 'node:crypto';
import type request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { CartService } from './cart.service';
import { queriesDuring as countQueries } from '../../test/query-count';
import { endMembership, makeMember } from '../../test/membership-fixtures';

type Agent = ReturnType<typeof request.agent>;

const PASSWORD = 'drx-demo-2026';
const json = { 'content-type': 'application/json' };
/** Calls without a body prove they are not cross-site forms with this header (the CSRF guard). */
const xhr = { 'x-requested-with': 'XMLHttpRequest' };
const USERS = ['member', 'multi', 'instructor', 'seller'] as const;
type Name = (typeof USERS)[number];

let t: TestApp;
let guest: Agent;
const as = {} as Record<Name, Agent>;
const idOf = {} as Record<Name, string>;

const db = () => t.orm.em.fork().getConnection();

const LINE = 'id itemType itemId title unitPriceCents quantity lineTotalCents imageUrl createdAt';
const PAYLOAD = `cart { itemCount subtotalCents items { ${LINE} } } item { ${LINE} } userErrors { code field message }`;
const CART = `query { cart { itemCount subtotalCents items { ${LINE} } } }`;
const ADD = `mutation ($input: CartItemAddInput!) { cartItemAdd(input: $input) { ${PAYLOAD} } }`;
const UPDATE = `mutation ($input: CartItemUpdateInput!) { cartItemUpdate(input: $input) { ${PAYLOAD} } }`;
const REMOVE = `mutation ($input: CartItemRemoveInput!) { cartItemRemove(input: $input) { ${PAYLOAD} } }`;
const CLEAR = `mutation { cartClear { ${PAYLOAD} } }`;

interface Line {
  id: string;
  itemType: string;
  itemId: string;
  title: string;
  unitPriceCents: number;
  quantity: number;
  lineTotalCents: number;
  imageUrl: string | null;
}
interface CartData {
  itemCount: number;
  subtotalCents: number;
  items: Line[];
}
interface Payload {
  cart: CartData | null;
  item: Line | null;
  userErrors: { code: string; field: string | null; message: string }[];
}

async function cartOf(agent: Agent): Promise<CartData> {
  const res = await t.gql<{ cart: CartData }>(agent, CART);
  expect(res.errors).toBeUndefined();
  return res.data.cart;
}
async function mutate(agent: Agent, query: string, input?: Record<string, unknown>): Promise<Payload> {
  const res = await t.gql<Record<string, Payload>>(agent, query, input ? { input } : {});
  expect(res.errors).toBeUndefined();
  return Object.values(res.data)[0];
}
const add = (agent: Agent, input: Record<string, unknown>) => mutate(agent, ADD, input);
const clearAll = async () => {
  await db().execute('delete from cart_items');
};

interface Item {
  id: string;
  title: string;
  priceCents: number;
  imageUrl: string | null;
}

/** A new published course (or draft with published=false) with a price. */
async function newCourse(priceCents: number, published = true): Promise<Item> {
  const id = randomUUID();
  const title = `Cart course ${id.slice(0, 8)}`;
  await db().execute(
    `insert into courses (id, title, slug, instructor_id, published, price_cents, cover_image_url)
     values (?, ?, ?, ?, ?, ?, ?)`,
    [id, title, `cart-course-${id}`, idOf.instructor, published, priceCents, `/uploads/${id}.jpg`],
  );
  return { id, title, priceCents, imageUrl: `/uploads/${id}.jpg` };
}

/** A new resource of the demo seller. */
async function newResource(priceCents: number, status = 'published'): Promise<Item> {
  const id = randomUUID();
  const title = `Cart resource ${id.slice(0, 8)}`;
  await db().execute(
    `insert into resources (id, title, type, seller_id, price_cents, status, thumbnail_url, created_at)
     values (?, ?, 'document', ?, ?, ?, null, now())`,
    [id, title, idOf.seller, priceCents, status],
  );
  return { id, title, priceCents, imageUrl: null };
}

beforeAll(async () => {
  t = await startTestApp();
  guest = t.agent();
  for (const name of USERS) {
    const agent = t.agent();
    const res = await agent.post('/api/login').set(json).send({ username: name, password: PASSWORD });
    expect(res.status).toBe(200);
    as[name] = agent;
    idOf[name] = res.body.id;
  }
});
afterAll(() => t.close());
beforeEach(clearAll);

describe('cart (graph)', () => {
  it('adds a course and a resource at the catalog price, title and image', async () => {
    // given a paid course and a paid resource on sale
    const course = await newCourse(4900);
    const resource = await newResource(1250);
    // when the member adds both
    const first = await add(as.member, { itemType: 'course', itemId: course.id });
    const second = await add(as.member, { itemType: 'resource', itemId: resource.id, quantity: 2 });
    // then each line carries the catalog's values and the cart sums them
    expect(first.userErrors).toEqual([]);
    expect(first.item).toMatchObject({
      itemType: 'course',
      itemId: course.id,
      title: course.title,
      unitPriceCents: 4900,
      quantity: 1,
      lineTotalCents: 4900,
      imageUrl: course.imageUrl,
    });
    expect(second.item).toMatchObject({
      title: resource.title,
      unitPriceCents: 1250,
      quantity: 2,
      lineTotalCents: 2500,
    });
    const cart = await cartOf(as.member);
    expect(cart.items.map((l) => l.itemId)).toEqual([course.id, resource.id]);
    expect(cart.itemCount).toBe(3);
    expect(cart.subtotalCents).toBe(4900 + 2500);
  });

  it('raises the quantity of an item already in the cart by the given amount or by 1', async () => {
    const resource = await newResource(500);
    await add(as.member, { itemType: 'resource', itemId: resource.id });
    await add(as.member, { itemType: 'resource', itemId: resource.id });
    const third = await add(as.member, { itemType: 'resource', itemId: resource.id, quantity: 3 });
    expect(third.item?.quantity).toBe(5);
    const cart = await cartOf(as.member);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0].quantity).toBe(5);
  });

  it('sets a quantity, and a quantity below 1 removes the line', async () => {
    const resource = await newResource(1000);
    const { item } = await add(as.member, { itemType: 'resource', itemId: resource.id });
    const updated = await mutate(as.member, UPDATE, { id: item!.id, quantity: 4 });
    expect(updated.userErrors).toEqual([]);
    expect(updated.item).toMatchObject({ id: item!.id, quantity: 4, lineTotalCents: 4000 });
    expect(updated.cart?.subtotalCents).toBe(4000);
    const removed = await mutate(as.member, UPDATE, { id: item!.id, quantity: 0 });
    expect(removed.userErrors).toEqual([]);
    expect(removed.item).toBeNull();
    expect(removed.cart?.items).toEqual([]);
    expect((await cartOf(as.member)).items).toEqual([]);
  });

  it('caps the quantity at 99 with a clear error and keeps the line as it was', async () => {
    const resource = await newResource(300);
    const tooMany = await add(as.member, { itemType: 'resource', itemId: resource.id, quantity: 100 });
    expect(tooMany.userErrors).toEqual([
      {
        code: 'INVALID_INPUT',
        field: 'quantity',
        message: 'You can have at most 99 of an item in your cart',
      },
    ]);
    const { item } = await add(as.member, { itemType: 'resource', itemId: resource.id, quantity: 98 });
    const over = await add(as.member, { itemType: 'resource', itemId: resource.id, quantity: 2 });
    expect(over.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'quantity' });
    const update = await mutate(as.member, UPDATE, { id: item!.id, quantity: 100 });
    expect(update.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'quantity' });
    expect((await cartOf(as.member)).items[0].quantity).toBe(98);
    const zero = await add(as.member, { itemType: 'resource', itemId: resource.id, quantity: 0 });
    expect(zero.userErrors[0]).toMatchObject({
      code: 'INVALID_INPUT',
      message: 'Quantity must be at least 1',
    });
  });

  it('refuses unknown, unpublished and suspended sellers’ items with NOT_FOUND', async () => {
    const draftCourse = await newCourse(1000, false);
    const draftResource = await newResource(1000, 'draft');
    const rejected = await newResource(1000, 'rejected');
    const suspendedOne = await newResource(1000);
    await db().execute('update seller_profiles set suspended = true where user_id = ?', [idOf.seller]);
    try {
      const cases = [
        { itemType: 'course', itemId: randomUUID() },
        { itemType: 'resource', itemId: randomUUID() },
        { itemType: 'course', itemId: 'not-a-uuid' },
        { itemType: 'course', itemId: draftCourse.id },
        { itemType: 'resource', itemId: draftResource.id },
        { itemType: 'resource', itemId: rejected.id },
        { itemType: 'resource', itemId: suspendedOne.id },
        // a course id given as a resource is unknown as a resource
        { itemType: 'resource', itemId: (await newCourse(100)).id },
      ];
      for (const input of cases) {
        const res = await add(as.member, input);
        expect(res.userErrors, JSON.stringify(input)).toEqual([
          { code: 'NOT_FOUND', field: 'itemId', message: 'This item is not available' },
        ]);
      }
    } finally {
      await db().execute('update seller_profiles set suspended = false where user_id = ?', [idOf.seller]);
    }
    const badType = await add(as.member, { itemType: 'bundle', itemId: randomUUID() });
    expect(badType.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'itemType' });
    expect((await cartOf(as.member)).items).toEqual([]);
  });

  it('refuses items the member already owns with ALREADY_OWNED', async () => {
    const course = await newCourse(2000);
    const resource = await newResource(700);
    await db().execute(
      `insert into enrollments (id, user_id, course_id, source, created_at) values (?, ?, ?, 'purchase', now())`,
      [randomUUID(), idOf.member, course.id],
    );
    await db().execute(
      `insert into entitlements (id, user_id, resource_id, source, created_at) values (?, ?, ?, 'granted', now())`,
      [randomUUID(), idOf.member, resource.id],
    );
    const ownedCourse = await add(as.member, { itemType: 'course', itemId: course.id });
    expect(ownedCourse.userErrors).toEqual([
      { code: 'ALREADY_OWNED', field: 'itemId', message: 'You already own this course' },
    ]);
    const ownedResource = await add(as.member, { itemType: 'resource', itemId: resource.id });
    expect(ownedResource.userErrors).toEqual([
      { code: 'ALREADY_OWNED', field: 'itemId', message: 'You already own this resource' },
    ]);
    // another member may still buy them
    expect((await add(as.multi, { itemType: 'course', itemId: course.id })).userErrors).toEqual([]);
  });

  it('lets a member buy back a course whose access a refund ended', async () => {
    const course = await newCourse(2100);
    await db().execute(
      `insert into enrollments (id, user_id, course_id, source, created_at, access_revoked_at)
       values (?, ?, ?, 'purchase', now(), now())`,
      [randomUUID(), idOf.member, course.id],
    );
    const again = await add(as.member, { itemType: 'course', itemId: course.id });
    expect(again.userErrors).toEqual([]);
    expect((await cartOf(as.member)).items.map((i: { itemId: string }) => i.itemId)).toContain(course.id);
    await mutate(as.member, CLEAR);
  });

  it('keeps members to their own lines: another member’s line is NOT_FOUND', async () => {
    const resource = await newResource(900);
    const { item } = await add(as.member, { itemType: 'resource', itemId: resource.id });
    const update = await mutate(as.multi, UPDATE, { id: item!.id, quantity: 5 });
    expect(update.userErrors).toEqual([{ code: 'NOT_FOUND', field: 'id', message: 'Cart item not found' }]);
    const lower = await mutate(as.multi, UPDATE, { id: item!.id, quantity: 0 });
    expect(lower.userErrors[0]).toMatchObject({ code: 'NOT_FOUND' });
    const remove = await mutate(as.multi, REMOVE, { id: item!.id });
    expect(remove.userErrors[0]).toMatchObject({ code: 'NOT_FOUND' });
    expect((await cartOf(as.multi)).items).toEqual([]);
    await mutate(as.multi, CLEAR);
    const mine = await cartOf(as.member);
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0].quantity).toBe(1);
  });

  it('removes a line and clears the cart', async () => {
    const a = await add(as.member, { itemType: 'resource', itemId: (await newResource(100)).id });
    await add(as.member, { itemType: 'course', itemId: (await newCourse(200)).id });
    await add(as.member, { itemType: 'course', itemId: (await newCourse(300)).id });
    const removed = await mutate(as.member, REMOVE, { id: a.item!.id });
    expect(removed.userErrors).toEqual([]);
    expect(removed.cart?.items).toHaveLength(2);
    const cleared = await mutate(as.member, CLEAR);
    expect(cleared.userErrors).toEqual([]);
    expect(cleared.cart).toEqual({ itemCount: 0, subtotalCents: 0, items: [] });
    expect((await cartOf(as.member)).items).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    const read = await t.gql(guest, CART);
    expect(read.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const write = await t.gql(guest, ADD, { input: { itemType: 'course', itemId: randomUUID() } });
    expect(write.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('lets 20 concurrent adds of one item end on one line with quantity 20', async () => {
    const resource = await newResource(1500);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => add(as.member, { itemType: 'resource', itemId: resource.id })),
    );
    expect(results.every((r) => r.userErrors.length === 0)).toBe(true);
    const [row] = await db().execute<{ lines: number; quantity: number }[]>(
      `select count(*)::int as lines, sum(quantity)::int as quantity from cart_items
       where user_id = ? and item_id = ?`,
      [idOf.member, resource.id],
    );
    expect(row).toEqual({ lines: 1, quantity: 20 });
  });

  it('shows today’s catalog price and leaves out items no longer on sale or owned meanwhile', async () => {
    const course = await newCourse(5000);
    const resource = await newResource(800);
    await add(as.member, { itemType: 'course', itemId: course.id });
    await add(as.member, { itemType: 'resource', itemId: resource.id });
    await db().execute('update courses set price_cents = 4500 where id = ?', [course.id]);
    expect((await cartOf(as.member)).items.find((l) => l.itemId === course.id)?.unitPriceCents).toBe(4500);
    await db().execute(`update resources set status = 'draft' where id = ?`, [resource.id]);
    const cart = await cartOf(as.member);
    expect(cart.items.map((l) => l.itemId)).toEqual([course.id]);
    expect(cart.subtotalCents).toBe(4500);
  });

  it('reads a cart with a constant number of SQL statements', async () => {
    const queriesDuring = (work: () => Promise<unknown>) => countQueries(t.orm, work);
    await add(as.member, { itemType: 'course', itemId: (await newCourse(100)).id });
    const one = await queriesDuring(() => cartOf(as.member));
    for (let i = 0; i < 4; i++)
      await add(as.member, { itemType: 'resource', itemId: (await newResource(100 + i)).id });
    for (let i = 0; i < 3; i++)
      await add(as.member, { itemType: 'course', itemId: (await newCourse(100 + i)).id });
    let size = 0;
    const eight = await queriesDuring(async () => {
      size = (await cartOf(as.member)).items.length;
    });
    expect(size).toBe(8);
    expect(eight.length, `one item:\n${one.join('\n')}\n\neight items:\n${eight.join('\n')}`).toBe(
      one.length,
    );
    expect(one.filter((q) => q.includes('cart_items'))).toHaveLength(1);
  });
});

describe('cart (REST)', () => {
  it('answers guests 401 JSON', async () => {
    for (const res of [
      await guest.get('/api/cart'),
      await guest.post('/api/cart').set(json).send({ itemType: 'course', itemId: randomUUID() }),
      await guest.patch(`/api/cart/${randomUUID()}`).set(json).send({ quantity: 2 }),
      await guest.delete(`/api/cart/${randomUUID()}`).set(xhr),
      await guest.delete('/api/cart').set(xhr),
      await guest.post('/api/cart/refresh').set(xhr),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  it('ignores a tampered price and title: the catalog wins', async () => {
    const resource = await newResource(2599);
    const res = await as.member.post('/api/cart').set(json).send({
      title: 'Free stuff',
      price: 0.01,
      itemType: 'resource',
      itemId: resource.id,
      quantity: 2,
      imageUrl: 'https://evil.example/x.png',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      itemType: 'resource',
      itemId: resource.id,
      title: resource.title,
      price: 25.99,
      quantity: 2,
      imageUrl: null,
      details: { price: 25.99 },
    });
    const [row] = await db().execute<{ unit_price_cents: number; title: string }[]>(
      'select unit_price_cents, title from cart_items where id = ?',
      [res.body.id],
    );
    expect(row).toEqual({ unit_price_cents: 2599, title: resource.title });
  });

  it('takes the spec client’s whole line: a differing price is no error, and the answer says it differed', async () => {
    // given a resource the catalog sells at $25.99
    const resource = await newResource(2599);
    const line = { title: 'Ballet basics', itemType: 'resource', itemId: resource.id, imageUrl: null };
    const post = (body: Record<string, unknown>) => as.member.post('/api/cart').set(json).send(body);

    // when the client sends its price with a currency symbol, as its cart shows it
    const same = await post({ ...line, price: '$25.99', quantity: 1, details: { price: '$25.99' } });
    // then the line is added at the catalog's price and nothing differed
    expect(same.status).toBe(201);
    expect(same.body).toMatchObject({ price: 25.99, quantity: 1, priceChanged: false });

    // when the price it shows is out of date (or made up)
    const stale = await post({ ...line, price: 'USD 19.00', quantity: 1 });
    // then it is still added, at the catalog's price, and the answer says the price was not the one shown
    expect(stale.status).toBe(201);
    expect(stale.body).toMatchObject({
      price: 25.99,
      details: { price: 25.99 },
      quantity: 2,
      priceChanged: true,
    });

    // details.price is read when price is missing or reads as 0 (the spec's rule)
    expect((await post({ ...line, details: { price: 25.99 } })).body.priceChanged).toBe(false);
    expect((await post({ ...line, price: 'free', details: { price: '$25.99' } })).body.priceChanged).toBe(
      false,
    );
    expect((await post({ ...line, details: { price: '$9.99' } })).body.priceChanged).toBe(true);
    // no price at all: nothing to compare
    expect((await post({ itemType: 'resource', itemId: resource.id })).body.priceChanged).toBe(false);

    // and the member is charged the catalog's price for every licence
    const [row] = await db().execute<{ unit_price_cents: number; quantity: number }[]>(
      'select unit_price_cents, quantity from cart_items where id = ?',
      [same.body.id],
    );
    expect(row).toEqual({ unit_price_cents: 2599, quantity: 6 });
  });

  it('answers an unchanged cart’s poll with an empty 304, and a new tag once anything I see changed', async () => {
    // given the member's cart with one resource, read once
    await as.multi.delete('/api/cart').set(xhr);
    const resource = await newResource(1500);
    await as.multi.post('/api/cart').set(json).send({ itemType: 'resource', itemId: resource.id });
    const first = await as.multi.get('/api/cart');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/"cart-/);
    const poll = (etag: string) => as.multi.get('/api/cart').set('if-none-match', etag);

    // when nothing changed, the poll gets 304 with no body
    const same = await poll(tag);
    expect(same.status).toBe(304);
    expect(same.text ?? '').toBe('');
    // as a browser's fetch sends it (`cache: 'no-store'` adds Cache-Control: no-cache), and in a list
    expect((await poll(tag).set('cache-control', 'no-cache')).status).toBe(304);
    expect((await poll(`W/"other", ${tag}`)).status).toBe(304);

    // when the quantity, the catalog price or the member's discount changes, a new tag and the list
    const tags = new Set([tag]);
    const changed = async () => {
      const res = await poll([...tags].at(-1)!);
      expect(res.status).toBe(200);
      expect(tags.has(res.headers.etag)).toBe(false);
      tags.add(res.headers.etag);
      return res.body;
    };
    await as.multi.post('/api/cart').set(json).send({ itemType: 'resource', itemId: resource.id });
    expect((await changed())[0]).toMatchObject({ quantity: 2, price: 15 });
    await db().execute('update resources set price_cents = 1700 where id = ?', [resource.id]);
    expect((await changed())[0]).toMatchObject({ quantity: 2, price: 17 });
    await makeMember(t, idOf.multi, { resourceDiscountPercent: 20 });
    try {
      await changed();
    } finally {
      await endMembership(t, idOf.multi);
    }

    // and a guest, or a token without the cart scope, is refused as before
    expect((await guest.get('/api/cart').set('if-none-match', tag)).status).toBe(401);
  });

  it('lists, updates, removes and clears in the spec’s shape', async () => {
    const course = await newCourse(14900);
    const resource = await newResource(1200);
    const a = await as.member.post('/api/cart').set(json).send({ itemType: 'course', itemId: course.id });
    const b = await as.member.post('/api/cart').set(json).send({ itemType: 'resource', itemId: resource.id });
    expect([a.status, b.status]).toEqual([201, 201]);
    const list = await as.member.get('/api/cart');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: a.body.id,
        itemType: 'course',
        itemId: course.id,
        title: course.title,
        price: 149,
        quantity: 1,
        imageUrl: course.imageUrl,
        createdAt: expect.any(String),
        details: { price: 149 },
      },
      expect.objectContaining({ id: b.body.id, itemType: 'resource', price: 12, quantity: 1 }),
    ]);
    const patched = await as.member.patch(`/api/cart/${b.body.id}`).set(json).send({ quantity: 3 });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: b.body.id, quantity: 3, price: 12 });
    const lowered = await as.member.patch(`/api/cart/${b.body.id}`).set(json).send({ quantity: 0 });
    expect(lowered.status).toBe(200);
    expect(lowered.body).toMatchObject({ success: true, removed: true });
    expect((await as.member.get('/api/cart')).body).toHaveLength(1);
    const removed = await as.member.delete(`/api/cart/${a.body.id}`).set(xhr);
    expect(removed.status).toBe(200);
    expect((await as.member.get('/api/cart')).body).toEqual([]);
    await as.member.post('/api/cart').set(json).send({ itemType: 'course', itemId: course.id });
    const cleared = await as.member.delete('/api/cart').set(xhr);
    expect(cleared.status).toBe(200);
    expect((await as.member.get('/api/cart')).body).toEqual([]);
  });

  it('answers 404 for another member’s line and for unavailable items, 409 for owned ones, 400 for bad input', async () => {
    const resource = await newResource(400);
    const mine = await as.member
      .post('/api/cart')
      .set(json)
      .send({ itemType: 'resource', itemId: resource.id });
    const patch = await as.multi.patch(`/api/cart/${mine.body.id}`).set(json).send({ quantity: 9 });
    expect(patch.status).toBe(404);
    expect(patch.body.message).toBe('Cart item not found');
    const del = await as.multi.delete(`/api/cart/${mine.body.id}`).set(xhr);
    expect(del.status).toBe(404);
    expect((await as.member.get('/api/cart')).body[0].quantity).toBe(1);

    const unknown = await as.member
      .post('/api/cart')
      .set(json)
      .send({ itemType: 'course', itemId: randomUUID() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('This item is not available');

    const owned = await newResource(400);
    await db().execute(
      `insert into entitlements (id, user_id, resource_id, source, created_at) values (?, ?, ?, 'granted', now())`,
      [randomUUID(), idOf.member, owned.id],
    );
    const already = await as.member
      .post('/api/cart')
      .set(json)
      .send({ itemType: 'resource', itemId: owned.id });
    expect(already.status).toBe(409);
    expect(already.body.message).toBe('You already own this resource');

    const tooMany = await as.member.patch(`/api/cart/${mine.body.id}`).set(json).send({ quantity: 1000 });
    expect(tooMany.status).toBe(400);
    const notNumber = await as.member.patch(`/api/cart/${mine.body.id}`).set(json).send({ quantity: 'lots' });
    expect(notNumber.status).toBe(400);
  });

  it('refresh re-prices every line from the catalog and drops the ones no longer on sale', async () => {
    const course = await newCourse(9900);
    const resource = await newResource(600);
    const gone = await newResource(700);
    for (const item of [
      { itemType: 'course', itemId: course.id },
      { itemType: 'resource', itemId: resource.id },
      { itemType: 'resource', itemId: gone.id },
    ]) {
      expect((await as.member.post('/api/cart').set(json).send(item)).status).toBe(201);
    }
    await db().execute(`update courses set price_cents = 7900, title = 'Renamed course' where id = ?`, [
      course.id,
    ]);
    await db().execute('update resources set price_cents = 650 where id = ?', [resource.id]);
    await db().execute(`update resources set status = 'rejected' where id = ?`, [gone.id]);
    const res = await as.member.post('/api/cart/refresh').set(xhr);
    expect(res.status).toBe(200);
    expect(
      res.body.map((l: { itemId: string; price: number; title: string }) => [l.itemId, l.price, l.title]),
    ).toEqual([
      [course.id, 79, 'Renamed course'],
      [resource.id, 6.5, resource.title],
    ]);
    const rows = await db().execute<{ item_id: string; unit_price_cents: number; title: string }[]>(
      'select item_id, unit_price_cents, title from cart_items where user_id = ? order by created_at, id',
      [idOf.member],
    );
    expect(rows).toEqual([
      { item_id: course.id, unit_price_cents: 7900, title: 'Renamed course' },
      { item_id: resource.id, unit_price_cents: 650, title: resource.title },
    ]);
  });
});

describe('CartService for checkout', () => {
  it('gives re-priced lines, tells ownership and clears inside a transaction', async () => {
    const course = await newCourse(3000);
    await add(as.member, { itemType: 'course', itemId: course.id });
    await db().execute('update courses set price_cents = 3100 where id = ?', [course.id]);
    const service = new CartService(t.orm.em.fork());
    expect(await service.linesFor(idOf.member)).toEqual([
      {
        id: expect.any(String),
        itemType: 'course',
        itemId: course.id,
        title: course.title,
        unitPriceCents: 3100,
        quantity: 1,
        imageUrl: course.imageUrl,
        createdAt: expect.any(Date),
      },
    ]);
    expect(await service.owns(idOf.member, 'course', course.id)).toBe(false);
    await db().execute(
      `insert into enrollments (id, user_id, course_id, source, created_at) values (?, ?, ?, 'purchase', now())`,
      [randomUUID(), idOf.member, course.id],
    );
    expect(await service.owns(idOf.member, 'course', course.id)).toBe(true);
    const em = t.orm.em.fork();
    await em.transactional((tx) => service.clear(tx, idOf.member));
    const [row] = await db().execute<{ n: number }[]>(
      'select count(*)::int as n from cart_items where user_id = ?',
      [idOf.member],
    );
    expect(row.n).toBe(0);
  });
});
