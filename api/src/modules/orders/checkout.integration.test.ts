import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  type Agent,
  addToCart,
  CANCEL,
  clearCart,
  CONFIRM,
  count,
  db,
  json,
  type Name,
  newKey,
  ORDER,
  paidCourse,
  REFUND,
  resourceOf,
  signIn,
  START,
} from './orders-fixtures.test';

// Checkout with the labelled test provider (no STRIPE_SECRET_KEY): orders from the cart, payment,
// fulfilment, coupons, reading orders and refunds, on a real PostgreSQL database.
let t: TestApp;
let as: Record<Name, Agent>;
let idOf: Record<Name, string>;

beforeAll(async () => {
  t = await startTestApp();
  ({ as, idOf } = await signIn(t));
});
afterAll(() => t?.close());

const start = (agent: Agent, input: Record<string, unknown>) => t.gql(agent, START, { input });

async function lessonOf(courseId: string): Promise<string> {
  const [row] = await db(t).execute<{ id: string }[]>(
    `select l.id from lessons l join course_modules m on m.id = l.module_id where m.course_id = ?
     order by m.position, l.position limit 1`,
    [courseId],
  );
  return row.id;
}

describe('checkout with the test provider', () => {
  it('refuses an empty cart with EMPTY_CART (GraphQL and REST)', async () => {
    await clearCart(t, idOf.member);
    const res = await start(as.member, { idempotencyKey: newKey() });
    expect(res.data.checkoutStart.order).toBeNull();
    expect(res.data.checkoutStart.userErrors).toEqual([
      { code: 'EMPTY_CART', field: null, message: 'Your cart is empty' },
    ]);
    const rest = await as.member.post('/api/checkout').set(json).send({ idempotencyKey: newKey() });
    expect(rest.status).toBe(400);
    expect(rest.body).toMatchObject({ code: 'EMPTY_CART', message: 'Your cart is empty' });
    expect(
      await count(t, `select 1 from orders where user_id = ? and idempotency_key not like 'demo-order-%'`, [
        idOf.member,
      ]),
    ).toBe(0);
  });

  it('refuses a missing or short idempotency key and guests', async () => {
    const res = await start(as.member, { idempotencyKey: 'x' });
    expect(res.data.checkoutStart.userErrors[0]).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'idempotencyKey',
    });
    const guest = await t.gql(t.agent(), START, { input: { idempotencyKey: newKey() } });
    expect(guest.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('prices the order from the catalog, never from what the client or the cart row says', async () => {
    await clearCart(t, idOf.member);
    const resource = await resourceOf(t, null, idOf.member);
    const rest = await as.member
      .post('/api/cart')
      .set(json)
      .send({ itemType: 'resource', itemId: resource.id, title: 'Cheap!', price: 0.01, quantity: 1 });
    expect(rest.status).toBeLessThan(300);
    // Even a cart row tampered with in the database does not change the price.
    await db(t).execute('update cart_items set unit_price_cents = 1, title = ? where user_id = ?', [
      'x',
      idOf.member,
    ]);
    const res = await start(as.member, { idempotencyKey: newKey() });
    const order = res.data.checkoutStart.order;
    expect(res.data.checkoutStart.userErrors).toEqual([]);
    expect(order).toMatchObject({
      status: 'pending',
      currency: 'USD',
      paymentProvider: 'test',
      subtotalCents: resource.priceCents,
      totalCents: resource.priceCents,
      discountCents: 0,
    });
    expect(order.number).toMatch(/^DRX-\d{6}$/);
    expect(order.lines).toEqual([
      expect.objectContaining({
        itemId: resource.id,
        title: resource.title,
        unitPriceCents: resource.priceCents,
      }),
    ]);
    expect(res.data.checkoutStart.payment).toEqual({
      provider: 'test',
      clientSecret: null,
      publishableKey: null,
    });
    await t.gql(as.member, CANCEL, { input: { orderId: order.id } });
  });

  it('returns the same order for the same idempotency key, serially and concurrently', async () => {
    await clearCart(t, idOf.multi);
    const resource = await resourceOf(t, null, idOf.multi);
    await addToCart(t, as.multi, 'resource', resource.id);
    const key = newKey();
    const first = await start(as.multi, { idempotencyKey: key });
    const again = await start(as.multi, { idempotencyKey: key });
    expect(again.data.checkoutStart.order.id).toBe(first.data.checkoutStart.order.id);
    // (Another key for the same cart would reuse this open order: see the one-open-checkout tests.)
    await t.gql(as.multi, CANCEL, { input: { orderId: first.data.checkoutStart.order.id } });

    const key2 = newKey();
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        as.multi.post('/api/checkout').set(json).send({ idempotencyKey: key2 }),
      ),
    );
    for (const r of results) expect(r.status).toBe(200);
    const ids = new Set(results.map((r) => r.body.order.id));
    expect(ids.size).toBe(1);
    expect(
      await count(t, 'select 1 from orders where user_id = ? and idempotency_key = ?', [idOf.multi, key2]),
    ).toBe(1);
    expect(await count(t, 'select 1 from order_lines where order_id = ?', [[...ids][0]])).toBe(1);
    await t.gql(as.multi, CANCEL, { input: { orderId: [...ids][0] } });
  });

  it('pays and fulfils on confirm: enrollment, entitlement, emptied cart, one ledger row; confirm twice is safe', async () => {
    await clearCart(t, idOf.member);
    const resource = await resourceOf(t, idOf.seller, idOf.member);
    const course = await paidCourse(t, idOf.member);
    // Before: the paid course answers PAYMENT_REQUIRED and its lessons are closed.
    const lessonId = await lessonOf(course.id);
    const before = await t.gql(as.member, `query($id: ID!) { lesson(id: $id) { id } }`, { id: lessonId });
    expect(before.data?.lesson ?? null).toBeNull();
    expect(before.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    await addToCart(t, as.member, 'resource', resource.id);
    await addToCart(t, as.member, 'course', course.id);

    const started = await start(as.member, { idempotencyKey: newKey() });
    const order = started.data.checkoutStart.order;
    expect(order.totalCents).toBe(resource.priceCents + course.priceCents);
    expect(
      await count(t, 'select 1 from entitlements where user_id = ? and resource_id = ?', [
        idOf.member,
        resource.id,
      ]),
    ).toBe(0);

    const [a, b] = await Promise.all([
      t.gql(as.member, CONFIRM, { input: { orderId: order.id } }),
      t.gql(as.member, CONFIRM, { input: { orderId: order.id } }),
    ]);
    for (const r of [a, b]) {
      expect(r.data.checkoutConfirm.userErrors).toEqual([]);
      expect(r.data.checkoutConfirm.order.status).toBe('paid');
    }
    const paid = a.data.checkoutConfirm.order;
    expect(paid.paidAt).toBeTruthy();
    const resourceLine = paid.lines.find((l: { itemType: string }) => l.itemType === 'resource');
    const courseLine = paid.lines.find((l: { itemType: string }) => l.itemType === 'course');
    expect(resourceLine.downloadUrl).toBe(`/api/resources/${resource.id}/download`);
    expect(courseLine.courseUrl).toBe(`/courses/${course.id}`);

    const [ent] = await db(t).execute<{ source: string; order_id: string }[]>(
      'select source, order_id from entitlements where user_id = ? and resource_id = ?',
      [idOf.member, resource.id],
    );
    expect(ent).toEqual({ source: 'order', order_id: order.id });
    const [enr] = await db(t).execute<{ source: string }[]>(
      'select source from enrollments where user_id = ? and course_id = ?',
      [idOf.member, course.id],
    );
    expect(enr.source).toBe('purchase');
    expect(await count(t, 'select 1 from cart_items where user_id = ?', [idOf.member])).toBe(0);
    const ledger = await db(t).execute<{ seller_id: string; gross_cents: number; order_number: string }[]>(
      'select seller_id, gross_cents, order_number from seller_earnings where order_id = ?',
      [order.id],
    );
    expect(ledger).toEqual([
      { seller_id: idOf.seller, gross_cents: resource.priceCents, order_number: order.number },
    ]);

    // The course is open now, and the file downloads.
    const after = await t.gql(as.member, `query($id: ID!) { lesson(id: $id) { id } }`, { id: lessonId });
    expect(after.errors).toBeUndefined();
    expect(after.data.lesson.id).toBe(lessonId);
    const download = await as.member.get(`/api/resources/${resource.id}/download`);
    expect([200, 404]).toContain(download.status); // 404 only when the demo file is not on disk
    expect(download.status).not.toBe(403);
  });

  it('a free order is paid and fulfilled at once without the provider', async () => {
    await clearCart(t, idOf.multi);
    const [free] = await db(t).execute<{ id: string }[]>(
      `select r.id from resources r where r.status = 'published' and r.price_cents = 0
       and not exists (select 1 from entitlements e where e.resource_id = r.id and e.user_id = ?) limit 1`,
      [idOf.multi],
    );
    expect(free).toBeTruthy();
    await addToCart(t, as.multi, 'resource', free.id);
    const res = await start(as.multi, { idempotencyKey: newKey() });
    expect(res.data.checkoutStart.userErrors).toEqual([]);
    expect(res.data.checkoutStart.order).toMatchObject({
      status: 'paid',
      totalCents: 0,
      paymentProvider: 'free',
    });
    expect(res.data.checkoutStart.payment).toEqual({
      provider: 'free',
      clientSecret: null,
      publishableKey: null,
    });
    expect(
      await count(t, 'select 1 from entitlements where user_id = ? and resource_id = ?', [
        idOf.multi,
        free.id,
      ]),
    ).toBe(1);
  });

  it('never charges for items already owned: they are left out, and a cart of owned items is empty', async () => {
    await clearCart(t, idOf.multi);
    const owned = await resourceOf(t, null, idOf.multi);
    const other = await resourceOf(t, null, idOf.multi, [owned.id]);
    await addToCart(t, as.multi, 'resource', owned.id);
    await addToCart(t, as.multi, 'resource', other.id);
    // Adding an owned item is refused by the cart.
    await db(t).execute(
      `insert into entitlements (id, user_id, resource_id, source) values (gen_random_uuid(), ?, ?, 'granted')`,
      [idOf.multi, owned.id],
    );
    const again = await t.gql(
      as.multi,
      `mutation($input: CartItemAddInput!) { cartItemAdd(input: $input) { userErrors { code } } }`,
      {
        input: { itemType: 'resource', itemId: owned.id },
      },
    );
    expect(again.data.cartItemAdd.userErrors[0].code).toBe('ALREADY_OWNED');
    const res = await start(as.multi, { idempotencyKey: newKey() });
    const order = res.data.checkoutStart.order;
    expect(order.lines.map((l: { itemId: string }) => l.itemId)).toEqual([other.id]);
    expect(order.totalCents).toBe(other.priceCents);
    await t.gql(as.multi, CANCEL, { input: { orderId: order.id } });

    await db(t).execute(`delete from cart_items where user_id = ? and item_id = ?`, [idOf.multi, other.id]);
    const empty = await start(as.multi, { idempotencyKey: newKey() });
    expect(empty.data.checkoutStart.userErrors[0].code).toBe('EMPTY_CART');
  });

  it('applies a coupon, splits it over the lines for the ledger, and gives it back on cancel', async () => {
    await db(t).execute(
      `insert into coupons (id, code, kind, percent_off, usage_limit, per_member_limit) values (gen_random_uuid(), 'TENOFF', 'percent', 10, 5, 5)`,
    );
    await clearCart(t, idOf.member);
    const resource = await resourceOf(t, null, idOf.member);
    await addToCart(t, as.member, 'resource', resource.id, 2);
    const quote = await t.gql(
      as.member,
      `query($c: String) { checkoutQuote(couponCode: $c) {
      subtotalCents discountCents totalCents couponCode couponError itemCount } }`,
      { c: 'tenoff' },
    );
    const discount = Math.round(resource.priceCents * 2 * 0.1);
    expect(quote.data.checkoutQuote).toEqual({
      subtotalCents: resource.priceCents * 2,
      discountCents: discount,
      totalCents: resource.priceCents * 2 - discount,
      couponCode: 'TENOFF',
      couponError: null,
      itemCount: 2,
    });
    const bad = await t.gql(
      as.member,
      `query { checkoutQuote(couponCode: "NOPE") { couponError discountCents } }`,
    );
    expect(bad.data.checkoutQuote).toEqual({ couponError: 'Coupon not found', discountCents: 0 });
    const refused = await start(as.member, { idempotencyKey: newKey(), couponCode: 'NOPE' });
    expect(refused.data.checkoutStart.userErrors).toEqual([
      { code: 'COUPON_NOT_FOUND', field: 'couponCode', message: 'Coupon not found' },
    ]);

    const res = await start(as.member, { idempotencyKey: newKey(), couponCode: 'tenoff' });
    const order = res.data.checkoutStart.order;
    expect(order).toMatchObject({
      discountCents: discount,
      couponCode: 'TENOFF',
      totalCents: resource.priceCents * 2 - discount,
    });
    expect(order.lines[0].discountCents).toBe(discount);
    const used = async () =>
      (
        await db(t).execute<{ used_count: number }[]>(`select used_count from coupons where code = 'TENOFF'`)
      )[0].used_count;
    expect(await used()).toBe(1);
    const canceled = await t.gql(as.member, CANCEL, { input: { orderId: order.id } });
    expect(canceled.data.checkoutCancel.order.status).toBe('canceled');
    expect(await used()).toBe(0);
    const late = await t.gql(as.member, CONFIRM, { input: { orderId: order.id } });
    expect(late.data.checkoutConfirm.userErrors[0].code).toBe('CONFLICT');

    // Paid with the coupon: the seller's earning is the line minus its share of the discount.
    const paid = await as.member
      .post('/api/simple-checkout')
      .set(json)
      .send({ idempotencyKey: newKey(), couponCode: 'TENOFF' });
    expect(paid.status).toBe(200);
    expect(paid.body.order.status).toBe('paid');
    const [row] = await db(t).execute<{ gross_cents: number }[]>(
      'select gross_cents from seller_earnings where order_id = ?',
      [paid.body.order.id],
    );
    expect(row.gross_cents).toBe(resource.priceCents * 2 - discount);
  });

  it('shows my orders to me and staff only; receipts as HTML and PDF', async () => {
    await clearCart(t, idOf.member);
    const resource = await resourceOf(t, null, idOf.member);
    await addToCart(t, as.member, 'resource', resource.id);
    const paid = await as.member.post('/api/simple-checkout').set(json).send({ idempotencyKey: newKey() });
    expect(paid.status).toBe(200);
    const id = paid.body.order.id;

    const mine = await as.member.get('/api/orders');
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((o: { id: string }) => o.id)).toContain(id);
    const paidOnly = await as.member.get('/api/orders?status=paid');
    expect(paidOnly.body.items.every((o: { status: string }) => o.status === 'paid')).toBe(true);
    expect(paidOnly.body.items.map((o: { id: string }) => o.id)).toContain(id);
    expect((await as.member.get('/api/orders?status=nope')).status).toBe(400);
    const resourceOrders = await as.member.get('/api/resource-orders');
    expect(resourceOrders.body.items.map((o: { id: string }) => o.id)).toContain(id);
    expect((await as.multi.get('/api/orders')).body.items.map((o: { id: string }) => o.id)).not.toContain(id);

    expect((await as.member.get(`/api/orders/${id}`)).status).toBe(200);
    expect((await as.member.get(`/api/orders/${id}`)).body.buyer).toBeNull();
    const other = await as.multi.get(`/api/orders/${id}`);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ message: 'Order not found' });
    const viaGraph = await t.gql(as.multi, `query($id: ID!) { order(id: $id) { id } }`, { id });
    expect(viaGraph.data.order).toBeNull();
    expect((await t.agent().get(`/api/orders/${id}`)).status).toBe(401);
    const staff = await as.officer.get(`/api/orders/${id}`);
    expect(staff.status).toBe(200);
    expect(staff.body.buyer.id).toBe(idOf.member);
    const refQuery = `query($id: ID!) { order(id: $id) { paymentReference } }`;
    expect((await t.gql(as.officer, refQuery, { id })).data.order.paymentReference).toMatch(/^test_pi_/);
    expect((await t.gql(as.member, refQuery, { id })).data.order.paymentReference).toBeNull();

    const html = await as.member.get(`/api/orders/${id}/receipt`);
    expect(html.status).toBe(200);
    expect(html.type).toBe('text/html');
    expect(html.text).toContain(paid.body.order.number);
    expect(html.text).toContain(resource.title.replace(/&/g, '&amp;'));
    // its CSP lets in exactly its own style block (by hash) and nothing else; not sandboxed, so
    // the PDF link downloads
    const style = /<style>([\s\S]*?)<\/style>/.exec(html.text)![1];
    const hash = createHash('sha256').update(style, 'utf8').digest('base64');
    expect(html.headers['content-security-policy']).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
    );
    expect(html.text).not.toContain('javascript:');
    const pdf = await as.admin.get(`/api/orders/${id}/receipt.pdf`).buffer(true);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await as.multi.get(`/api/orders/${id}/receipt`)).status).toBe(404);
    expect((await as.multi.get(`/api/orders/${id}/receipt.pdf`)).status).toBe(404);

    const admin = await t.gql(
      as.admin,
      `query($s: String) { adminOrders(search: $s, status: "paid") { totalCount nodes { id buyer { id } } } }`,
      {
        s: paid.body.order.number,
      },
    );
    expect(admin.data.adminOrders.nodes).toEqual([{ id, buyer: { id: idOf.member } }]);
    const byBuyer = await as.admin.get('/api/admin/orders?search=MEMBER&first=100');
    expect(byBuyer.status).toBe(200);
    expect(byBuyer.body.items.map((o: { id: string }) => o.id)).toContain(id);
    expect(byBuyer.body.items.every((o: { buyer: { id: string } }) => o.buyer.id === idOf.member)).toBe(true);
    const denied = await t.gql(as.member, `query { adminOrders { totalCount } }`);
    expect(denied.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('staff refund: order refunded, downloads revoked, course access ends (progress kept), earnings reversed', async () => {
    await clearCart(t, idOf.multi);
    const resource = await resourceOf(t, idOf.seller, idOf.multi);
    const course = await paidCourse(t, idOf.multi);
    await addToCart(t, as.multi, 'resource', resource.id);
    await addToCart(t, as.multi, 'course', course.id);
    const paid = await as.multi.post('/api/simple-checkout').set(json).send({ idempotencyKey: newKey() });
    expect(paid.body.order.status).toBe('paid');
    const id = paid.body.order.id;
    const lessonId = await lessonOf(course.id);
    expect(
      (
        await t.gql(
          as.multi,
          `mutation($input: LessonProgressInput!) { lessonComplete(input: $input) { userErrors { code } } }`,
          {
            input: { lessonId },
          },
        )
      ).errors,
    ).toBeUndefined();

    const notStaff = await t.gql(as.multi, REFUND, { input: { orderId: id, reason: 'please' } });
    expect(notStaff.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const noReason = await t.gql(as.officer, REFUND, { input: { orderId: id, reason: ' ' } });
    expect(noReason.data.orderRefund.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'reason' });

    const res = await t.gql(as.officer, REFUND, { input: { orderId: id, reason: 'Bought by mistake' } });
    expect(res.data.orderRefund.userErrors).toEqual([]);
    expect(res.data.orderRefund.order).toMatchObject({
      status: 'refunded',
      refundReason: 'Bought by mistake',
    });
    expect(res.data.orderRefund.order.refundedAt).toBeTruthy();
    const line = res.data.orderRefund.order.lines.find(
      (l: { itemType: string }) => l.itemType === 'resource',
    );
    expect(line.downloadUrl).toBeNull();

    expect(
      await count(t, 'select 1 from entitlements where user_id = ? and resource_id = ?', [
        idOf.multi,
        resource.id,
      ]),
    ).toBe(0);
    expect((await as.multi.get(`/api/resources/${resource.id}/download`)).status).toBe(403);
    const lesson = await t.gql(as.multi, `query($id: ID!) { lesson(id: $id) { id } }`, { id: lessonId });
    expect(lesson.data?.lesson ?? null).toBeNull();
    expect(lesson.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const [enr] = await db(t).execute<{ access_revoked_at: Date | null }[]>(
      'select access_revoked_at from enrollments where user_id = ? and course_id = ?',
      [idOf.multi, course.id],
    );
    expect(enr.access_revoked_at).toBeTruthy();
    expect(
      await count(t, 'select 1 from lesson_progress where user_id = ? and lesson_id = ?', [
        idOf.multi,
        lessonId,
      ]),
    ).toBe(1);
    const [ledger] = await db(t).execute<{ status: string }[]>(
      'select status from seller_earnings where order_id = ?',
      [id],
    );
    expect(ledger.status).toBe('reversed');

    const twice = await t.gql(as.admin, REFUND, { input: { orderId: id, reason: 'again' } });
    expect(twice.data.orderRefund.userErrors[0]).toMatchObject({ code: 'CONFLICT' });
  });

  it('the buyer cancels a pending order; others cannot touch it', async () => {
    await clearCart(t, idOf.member);
    const resource = await resourceOf(t, null, idOf.member);
    await addToCart(t, as.member, 'resource', resource.id);
    const res = await start(as.member, { idempotencyKey: newKey() });
    const id = res.data.checkoutStart.order.id;
    const other = await t.gql(as.multi, CONFIRM, { input: { orderId: id } });
    expect(other.data.checkoutConfirm.userErrors[0]).toMatchObject({ code: 'NOT_FOUND' });
    const otherCancel = await as.multi.post('/api/checkout/cancel').set(json).send({ orderId: id });
    expect(otherCancel.status).toBe(404);
    const cancel = await as.member.post('/api/checkout/cancel').set(json).send({ orderId: id });
    expect(cancel.status).toBe(200);
    expect(cancel.body.status).toBe('canceled');
    // The cart is kept for another try.
    expect(await count(t, 'select 1 from cart_items where user_id = ?', [idOf.member])).toBe(1);
    const order = await t.gql(as.member, `query($id: ID!) { order(id: $id) { ${ORDER} } }`, { id });
    expect(order.data.order.status).toBe('canceled');
  });
});
