import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { fulfilOrder } from './fulfilment';
import {
  type Agent,
  addToCart,
  ADD,
  CANCEL,
  clearCart,
  CONFIRM,
  count,
  db,
  json,
  type Name,
  newKey,
  resourceOf,
  signIn,
  START,
} from './orders-fixtures.test';

// Issue 18, with the test provider: the course access rule in the cart and at checkout, one open
// checkout per member, nothing paid for twice, cancel racing a payment, and totals past 32 bits.
let t: TestApp;
let as: Record<Name, Agent>;
let idOf: Record<Name, string>;

beforeAll(async () => {
  t = await startTestApp();
  ({ as, idOf } = await signIn(t));
});
afterAll(() => t?.close());

const start = (who: Name, key = newKey()) => t.gql(as[who], START, { input: { idempotencyKey: key } });
const CART = `query { cart { itemCount subtotalCents items { itemId quantity unitPriceCents lineTotalCents } } }`;
const QUOTE = `query { checkoutQuote { subtotalCents discountCents totalCents itemCount } }`;

/** A published course of `multi` (an instructor) with a price, member-only or not. */
async function newCourse(priceCents: number, memberOnly: boolean) {
  const id = randomUUID();
  const title = `Integrity course ${id.slice(0, 8)}`;
  await db(t).execute(
    `insert into courses (id, title, slug, instructor_id, published, price_cents, member_only)
     values (?, ?, ?, ?, true, ?, ?)`,
    [id, title, `integrity-${id}`, idOf.multi, priceCents, memberOnly],
  );
  return { id, title, priceCents };
}

/** A cart line written straight into the table (as it was before the course became member-only). */
async function cartLineOf(who: Name, course: { id: string; title: string; priceCents: number }) {
  await db(t).execute(
    `insert into cart_items (id, user_id, item_type, item_id, title, unit_price_cents, quantity)
     values (?, ?, 'course', ?, ?, ?, 1)`,
    [randomUUID(), idOf[who], course.id, course.title, course.priceCents],
  );
}

const enrolled = (who: Name, courseId: string) =>
  count(t, 'select 1 from enrollments where user_id = ? and course_id = ? and access_revoked_at is null', [
    idOf[who],
    courseId,
  ]);
const ordersOf = (who: Name, status: string) =>
  count(t, `select 1 from orders where user_id = ? and status = ? and idempotency_key like 'test-key-%'`, [
    idOf[who],
    status,
  ]);
const statusOf = async (orderId: string) =>
  (await db(t).execute<{ status: string }[]>('select status from orders where id = ?', [orderId]))[0].status;

describe('member-only courses through the cart (the course access rule of courseEnroll)', () => {
  it('a non-member cannot add a member-only course to the cart (graph and REST)', async () => {
    await clearCart(t, idOf.member);
    const course = await newCourse(0, true);
    const enroll = await t.gql(
      as.member,
      `mutation($input: CourseEnrollInput!) { courseEnroll(input: $input) { userErrors { code message } } }`,
      { input: { courseId: course.id } },
    );
    expect(enroll.data.courseEnroll.userErrors).toEqual([
      { code: 'MEMBERSHIP_REQUIRED', message: 'This course is included with a membership' },
    ]);
    const res = await t.gql(as.member, ADD, { input: { itemType: 'course', itemId: course.id } });
    expect(res.data.cartItemAdd.userErrors).toEqual([
      { code: 'MEMBERSHIP_REQUIRED', message: 'This course is included with a membership' },
    ]);
    const rest = await as.member.post('/api/cart').set(json).send({ itemType: 'course', itemId: course.id });
    expect(rest.status).toBe(403);
    expect(rest.body).toMatchObject({
      code: 'MEMBERSHIP_REQUIRED',
      message: 'This course is included with a membership',
    });
    expect(await count(t, 'select 1 from cart_items where user_id = ?', [idOf.member])).toBe(0);
  });

  it('a line put in the cart before the course became member-only is refused at checkout: no order, no enrollment', async () => {
    await clearCart(t, idOf.member);
    const free = await newCourse(0, true); // price 0: the order would be paid at once
    await cartLineOf('member', free);
    const before = await count(t, 'select 1 from orders where user_id = ?', [idOf.member]);
    const res = await start('member');
    expect(res.data.checkoutStart.order).toBeNull();
    expect(res.data.checkoutStart.userErrors).toEqual([
      {
        code: 'MEMBERSHIP_REQUIRED',
        field: null,
        message: `“${free.title}” is included with a membership: remove it from your cart to check out`,
      },
    ]);
    const rest = await as.member.post('/api/simple-checkout').set(json).send({ idempotencyKey: newKey() });
    expect(rest.status).toBe(403);
    expect(rest.body.code).toBe('MEMBERSHIP_REQUIRED');
    expect(await count(t, 'select 1 from orders where user_id = ?', [idOf.member])).toBe(before);
    expect(await enrolled('member', free.id)).toBe(0);
  });

  it('an order made before the course became member-only is refused at confirm and canceled', async () => {
    await clearCart(t, idOf.member);
    const course = await newCourse(2500, false);
    await addToCart(t, as.member, 'course', course.id);
    const started = await start('member');
    const order = started.data.checkoutStart.order;
    expect(order.status).toBe('pending');
    await db(t).execute('update courses set member_only = true where id = ?', [course.id]);
    const res = await t.gql(as.member, CONFIRM, { input: { orderId: order.id } });
    expect(res.data.checkoutConfirm.userErrors).toEqual([
      {
        code: 'MEMBERSHIP_REQUIRED',
        field: 'orderId',
        message: `“${course.title}” is included with a membership: this order is canceled, nothing was charged`,
      },
    ]);
    expect(await statusOf(order.id)).toBe('canceled');
    expect(await enrolled('member', course.id)).toBe(0);
  });

  it('staff (members until memberships exist) still add and buy a member-only course', async () => {
    for (const who of ['officer', 'admin'] as const) {
      await clearCart(t, idOf[who]);
      const course = await newCourse(1200, true);
      await addToCart(t, as[who], 'course', course.id);
      const paid = await as[who].post('/api/simple-checkout').set(json).send({ idempotencyKey: newKey() });
      expect(paid.status).toBe(200);
      expect(paid.body.order.status).toBe('paid');
      expect(await enrolled(who, course.id)).toBe(1);
    }
  });
});

describe('one open checkout per member, and nothing paid twice', () => {
  it('a second checkout of the same cart (another tab) gets the same order', async () => {
    await clearCart(t, idOf.multi);
    const resource = await resourceOf(t, null, idOf.multi);
    await addToCart(t, as.multi, 'resource', resource.id);
    const first = await start('multi');
    const second = await start('multi');
    expect(second.data.checkoutStart.userErrors).toEqual([]);
    expect(second.data.checkoutStart.order.id).toBe(first.data.checkoutStart.order.id);
    expect(await ordersOf('multi', 'pending')).toBe(1);
    await t.gql(as.multi, CANCEL, { input: { orderId: first.data.checkoutStart.order.id } });
  });

  it('checkout starts at the same time with different keys make one open order', async () => {
    await clearCart(t, idOf.member);
    const resource = await resourceOf(t, null, idOf.member);
    await addToCart(t, as.member, 'resource', resource.id, 2);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        as.member.post('/api/checkout').set(json).send({ idempotencyKey: newKey() }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.order.id)).size).toBe(1);
    expect(await ordersOf('member', 'pending')).toBe(1);
    await t.gql(as.member, CANCEL, { input: { orderId: results[0].body.order.id } });
  });

  it('a checkout of a changed cart replaces the open order (canceled, its coupon use given back)', async () => {
    await db(t).execute(
      `insert into coupons (id, code, kind, percent_off, usage_limit, per_member_limit)
       values (gen_random_uuid(), 'ONEOPEN', 'percent', 10, 5, 5)`,
    );
    const used = async () =>
      (
        await db(t).execute<{ used_count: number }[]>(`select used_count from coupons where code = 'ONEOPEN'`)
      )[0].used_count;
    await clearCart(t, idOf.multi);
    const x = await resourceOf(t, null, idOf.multi);
    const y = await resourceOf(t, null, idOf.multi, [x.id]);
    await addToCart(t, as.multi, 'resource', x.id);
    const first = await t.gql(as.multi, START, {
      input: { idempotencyKey: newKey(), couponCode: 'ONEOPEN' },
    });
    const a = first.data.checkoutStart.order;
    expect(await used()).toBe(1);
    await addToCart(t, as.multi, 'resource', y.id);
    const second = await start('multi');
    const b = second.data.checkoutStart.order;
    expect(b.id).not.toBe(a.id);
    expect(b.lines.map((l: { itemId: string }) => l.itemId).sort()).toEqual([x.id, y.id].sort());
    expect(await statusOf(a.id)).toBe('canceled');
    expect(await used()).toBe(0);
    expect(await ordersOf('multi', 'pending')).toBe(1);
    const late = await t.gql(as.multi, CONFIRM, { input: { orderId: a.id } });
    expect(late.data.checkoutConfirm.userErrors[0]).toMatchObject({ code: 'CONFLICT' });
    await t.gql(as.multi, CANCEL, { input: { orderId: b.id } });
  });

  it('a second order of an item already paid for is refused at confirm: one entitlement, one earning', async () => {
    await clearCart(t, idOf.member);
    const resource = await resourceOf(t, idOf.seller, idOf.member);
    await addToCart(t, as.member, 'resource', resource.id);
    const a = (await start('member')).data.checkoutStart.order;
    // Its payment failed (a failed order can still be paid later), and the member checks out again.
    await db(t).execute(`update orders set status = 'failed' where id = ?`, [a.id]);
    const b = (await start('member')).data.checkoutStart.order;
    expect(b.id).not.toBe(a.id);
    const paid = await t.gql(as.member, CONFIRM, { input: { orderId: b.id } });
    expect(paid.data.checkoutConfirm.order.status).toBe('paid');

    const again = await t.gql(as.member, CONFIRM, { input: { orderId: a.id } });
    expect(again.data.checkoutConfirm.userErrors).toEqual([
      {
        code: 'ALREADY_OWNED',
        field: 'orderId',
        message: `You already own “${resource.title}”: this order is canceled, nothing was charged`,
      },
    ]);
    expect(await statusOf(a.id)).toBe('canceled');
    expect(
      await count(t, 'select 1 from entitlements where user_id = ? and resource_id = ?', [
        idOf.member,
        resource.id,
      ]),
    ).toBe(1);
    expect(await count(t, 'select 1 from seller_earnings where order_id in (?, ?)', [a.id, b.id])).toBe(1);
    // And the cart will not take it again.
    const add = await t.gql(as.member, ADD, { input: { itemType: 'resource', itemId: resource.id } });
    expect(add.data.cartItemAdd.userErrors[0].code).toBe('ALREADY_OWNED');
  });
});

describe('checkoutCancel racing a payment', () => {
  it('a cancel that changes nothing because the order was paid meanwhile says so (409, userError)', async () => {
    for (const via of ['rest', 'graph'] as const) {
      await clearCart(t, idOf.multi);
      const resource = await resourceOf(t, null, idOf.multi);
      await addToCart(t, as.multi, 'resource', resource.id);
      const order = (await start('multi')).data.checkoutStart.order;
      // Hold the order's row while the cancel reads it as pending and then waits on the row; pay it
      // in that transaction (as a confirm would), so the cancel's UPDATE finds it paid.
      let cancel: Promise<{ status: number; body: Record<string, unknown> }> | undefined;
      await t.orm.em.fork().transactional(async (tem) => {
        await tem.execute('select id from orders where id = ? for update', [order.id]);
        cancel =
          via === 'rest'
            ? as.multi
                .post('/api/checkout/cancel')
                .set(json)
                .send({ orderId: order.id })
                .then((r) => ({ status: r.status, body: r.body }))
            : t
                .gql(as.multi, CANCEL, { input: { orderId: order.id } })
                .then((r) => ({ status: r.status, body: r.data }));
        // the cancel's conditional UPDATE must really be waiting on the row (else no race is tested)
        let waiting = 0;
        for (let i = 0; i < 500 && waiting === 0; i++) {
          waiting = await count(
            t,
            `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
               and query like '%status = ''canceled''%'`,
            [],
          );
          if (waiting === 0) await new Promise((resolve) => setTimeout(resolve, 10));
        }
        expect(waiting).toBeGreaterThan(0);
        expect(await fulfilOrder(tem, order.id)).toBe(true);
      });
      const res = await cancel!;
      if (via === 'rest') {
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({ code: 'CONFLICT', message: 'This order has already been paid' });
      } else {
        const payload = (res.body as { checkoutCancel: { order: unknown; userErrors: unknown[] } })
          .checkoutCancel;
        expect(payload.order).toBeNull();
        expect(payload.userErrors).toEqual([
          { code: 'CONFLICT', field: 'orderId', message: 'This order has already been paid' },
        ]);
      }
      expect(await statusOf(order.id)).toBe('paid');
    }
  });
});

describe('totals above 2³¹ − 1 cents', () => {
  it('the cart shows them; checkout refuses an order above MAX_ORDER_TOTAL_CENTS with a message, not a 500', async () => {
    await clearCart(t, idOf.member);
    const id = randomUUID();
    await db(t).execute(
      `insert into resources (id, title, type, seller_id, price_cents, status, created_at)
       values (?, ?, 'document', ?, 2000000000, 'published', now())`,
      [id, `Very dear ${id.slice(0, 8)}`, idOf.seller],
    );
    await addToCart(t, as.member, 'resource', id, 99);
    const cart = await t.gql(as.member, CART);
    expect(cart.errors).toBeUndefined();
    expect(cart.data.cart).toMatchObject({
      itemCount: 99,
      subtotalCents: 198_000_000_000,
      items: [{ itemId: id, quantity: 99, unitPriceCents: 2_000_000_000, lineTotalCents: 198_000_000_000 }],
    });
    const quote = await t.gql(as.member, QUOTE);
    expect(quote.errors).toBeUndefined();
    expect(quote.data.checkoutQuote).toEqual({
      subtotalCents: 198_000_000_000,
      discountCents: 0,
      totalCents: 198_000_000_000,
      itemCount: 99,
    });
    const message =
      'An order can come to at most $100,000.00, and your cart comes to $1,980,000,000.00. Remove some items to check out.';
    const res = await start('member');
    expect(res.errors).toBeUndefined();
    expect(res.data.checkoutStart.userErrors).toEqual([{ code: 'INVALID_INPUT', field: null, message }]);
    const rest = await as.member.post('/api/checkout').set(json).send({ idempotencyKey: newKey() });
    expect(rest.status).toBe(400);
    expect(rest.body).toMatchObject({ code: 'INVALID_INPUT', message });

    // The setting is read per request: a higher maximum is applied at once.
    t.config.maxOrderTotalCents = 2_147_483_647;
    try {
      const higher = await start('member');
      expect(higher.data.checkoutStart.userErrors[0].message).toBe(
        'An order can come to at most $21,474,836.47, and your cart comes to $1,980,000,000.00. Remove some items to check out.',
      );
    } finally {
      t.config.maxOrderTotalCents = 10_000_000;
    }
    await clearCart(t, idOf.member);
  });
});
