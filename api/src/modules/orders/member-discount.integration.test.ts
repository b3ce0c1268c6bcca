import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPdfText } from '../certificates/pdf-text';
import { endMembership, makeLapsedMember, makeMember } from '../../test/membership-fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  addToCart,
  type Agent,
  clearCart,
  CONFIRM,
  db,
  type Name,
  newKey,
  paidCourse,
  resourceOf,
  signIn,
} from './orders-fixtures.test';

// The membership's resource discount in the cart, the quote, the order, the receipt and the
// sellers' earnings, with a coupon on top (docs/memberships.md "Discounts").

let t: TestApp;
let as: Record<Name, Agent>;
let idOf: Record<Name, string>;

const CART = `query { cart { subtotalCents memberDiscountPercent memberDiscountCents totalCents itemCount } }`;
const QUOTE = `query($code: String) { checkoutQuote(couponCode: $code) {
  subtotalCents memberDiscountPercent memberDiscountCents discountCents totalCents couponCode couponError } }`;
const ORDER_FIELDS = `id number status subtotalCents memberDiscountPercent memberDiscountCents discountCents totalCents
  couponCode receiptUrl lines { id itemType itemId lineTotalCents memberDiscountCents discountCents }`;
const START = `mutation($input: CheckoutStartInput!) { checkoutStart(input: $input) {
  order { ${ORDER_FIELDS} } userErrors { code field message } } }`;
const COUPON = `mutation($input: CouponCreateInput!) { couponCreate(input: $input) {
  coupon { id code } userErrors { code message } } }`;

async function ok<T = any>(agent: Agent, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await t.gql<T>(agent, query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data;
}

async function coupon(code: string, input: Record<string, unknown>) {
  const data = await ok(as.admin, COUPON, { input: { code, kind: 'percent', ...input } });
  expect(data.couponCreate.userErrors).toEqual([]);
}

/** A resource at 19.95 (10 % = 1.995 → 2.00, half up) and a course at 30.00 for `buyer`. */
async function pricedItems(buyer: Name, skip: string[] = []) {
  const resource = await resourceOf(t, null, idOf[buyer], skip);
  const course = await paidCourse(t, idOf[buyer], skip);
  await db(t).execute('update resources set price_cents = 1995 where id = ?', [resource.id]);
  await db(t).execute('update courses set price_cents = 3000 where id = ?', [course.id]);
  return { resource, course };
}

async function buy(buyer: Name, code: string | null) {
  const started = await ok(as[buyer], START, { input: { idempotencyKey: newKey(), couponCode: code } });
  expect(started.checkoutStart.userErrors).toEqual([]);
  const paid = await ok(as[buyer], CONFIRM, { input: { orderId: started.checkoutStart.order.id } });
  expect(paid.checkoutConfirm.userErrors).toEqual([]);
  return started.checkoutStart.order;
}

beforeAll(async () => {
  t = await startTestApp();
  ({ as, idOf } = await signIn(t));
});
afterAll(() => t?.close());

describe('member discount', () => {
  it('takes the plan’s percent off each resource line, never a course, and the coupon applies after', async () => {
    await makeMember(t, idOf.member, { resourceDiscountPercent: 10 });
    await clearCart(t, idOf.member);
    const { resource, course } = await pricedItems('member');
    await addToCart(t, as.member, 'resource', resource.id);
    await addToCart(t, as.member, 'course', course.id);

    const { cart } = await ok(as.member, CART);
    expect(cart).toMatchObject({
      subtotalCents: 4995,
      memberDiscountPercent: 10,
      memberDiscountCents: 200,
      totalCents: 4795,
    });

    await coupon('MEMBER20', { percentOff: 20 });
    // The coupon is measured on what is left: 20 % of 47.95 = 9.59.
    const quote = (await ok(as.member, QUOTE, { code: 'member20' })).checkoutQuote;
    expect(quote).toMatchObject({
      subtotalCents: 4995,
      memberDiscountPercent: 10,
      memberDiscountCents: 200,
      discountCents: 959,
      totalCents: 3836,
      couponCode: 'MEMBER20',
      couponError: null,
    });

    const order = await buy('member', 'MEMBER20');
    expect(order).toMatchObject({
      subtotalCents: 4995,
      memberDiscountPercent: 10,
      memberDiscountCents: 200,
      discountCents: 959,
      totalCents: 3836,
    });
    const resourceLine = order.lines.find((l: { itemType: string }) => l.itemType === 'resource');
    const courseLine = order.lines.find((l: { itemType: string }) => l.itemType === 'course');
    // The coupon's 9.59 is split on what is left of each line: 17.95 and 30.00.
    expect(resourceLine).toMatchObject({
      lineTotalCents: 1995,
      memberDiscountCents: 200,
      discountCents: 359,
    });
    expect(courseLine).toMatchObject({ lineTotalCents: 3000, memberDiscountCents: 0, discountCents: 600 });

    // The seller earns on line total − member discount − coupon share.
    const [earning] = await db(t).execute<{ gross_cents: number }[]>(
      'select gross_cents from seller_earnings where order_line_id = ?',
      [resourceLine.id],
    );
    expect(Number(earning.gross_cents)).toBe(1995 - 200 - 359);

    const receipt = await as.member.get(order.receiptUrl);
    expect(receipt.status).toBe(200);
    expect(receipt.text).toContain('Member discount (10%)');
    expect(receipt.text).toContain('-$2.00');
    const pdf = await as.member.get(`${order.receiptUrl}.pdf`).buffer(true);
    expect(pdf.status).toBe(200);
    expect(extractPdfText(pdf.body as Buffer)).toMatch(/Member discount \(10%\)/);
  });

  it('measures a coupon’s minimum subtotal after the member discount', async () => {
    await makeMember(t, idOf.member, { resourceDiscountPercent: 10 });
    await clearCart(t, idOf.member);
    const resource = await resourceOf(t, null, idOf.member);
    await db(t).execute('update resources set price_cents = 1000 where id = ?', [resource.id]);
    await addToCart(t, as.member, 'resource', resource.id, 2);
    // 2 × 10.00 = 20.00, 10 % off = 18.00: a coupon needing 19.00 does not apply.
    await coupon('MIN1900', { percentOff: 5, minSubtotalCents: 1900 });
    const quote = (await ok(as.member, QUOTE, { code: 'MIN1900' })).checkoutQuote;
    expect(quote.memberDiscountCents).toBe(200);
    expect(quote.discountCents).toBe(0);
    expect(quote.couponError).toMatch(/at least \$19\.00/);
    expect(quote.totalCents).toBe(1800);
    await clearCart(t, idOf.member);
  });

  it('gives a non-member and a lapsed member nothing off', async () => {
    for (const buyer of ['studio', 'multi'] as const) {
      if (buyer === 'multi') await makeLapsedMember(t, idOf.multi, { resourceDiscountPercent: 25 });
      else await endMembership(t, idOf.studio);
      await clearCart(t, idOf[buyer]);
      const { resource } = await pricedItems(buyer);
      await addToCart(t, as[buyer], 'resource', resource.id);
      const { cart } = await ok(as[buyer], CART);
      expect(cart).toMatchObject({ memberDiscountPercent: 0, memberDiscountCents: 0, totalCents: 1995 });
      const quote = (await ok(as[buyer], QUOTE)).checkoutQuote;
      expect(quote).toMatchObject({ memberDiscountCents: 0, totalCents: 1995 });
      const order = await buy(buyer, null);
      expect(order).toMatchObject({ memberDiscountCents: 0, memberDiscountPercent: 0, totalCents: 1995 });
      const [earning] = await db(t).execute<{ gross_cents: number }[]>(
        'select gross_cents from seller_earnings where order_line_id = ?',
        [order.lines[0].id],
      );
      expect(Number(earning.gross_cents)).toBe(1995);
    }
  });

  it('re-prices an open checkout when the membership starts (not the same checkout any more)', async () => {
    await endMembership(t, idOf.member);
    await clearCart(t, idOf.member);
    const resource = await resourceOf(t, null, idOf.member);
    await db(t).execute('update resources set price_cents = 1000 where id = ?', [resource.id]);
    await addToCart(t, as.member, 'resource', resource.id);
    const first = await ok(as.member, START, { input: { idempotencyKey: newKey() } });
    expect(first.checkoutStart.order.totalCents).toBe(1000);
    await makeMember(t, idOf.member, { resourceDiscountPercent: 15 });
    const second = await ok(as.member, START, { input: { idempotencyKey: newKey() } });
    expect(second.checkoutStart.order.id).not.toBe(first.checkoutStart.order.id);
    expect(second.checkoutStart.order).toMatchObject({ memberDiscountCents: 150, totalCents: 850 });
    const [old] = await db(t).execute<{ status: string }[]>('select status from orders where id = ?', [
      first.checkoutStart.order.id,
    ]);
    expect(old.status).toBe('canceled');
  });
});
