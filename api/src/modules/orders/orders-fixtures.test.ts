// Test helpers only (the .test.ts suffix keeps this file out of the production build).
import type request from 'supertest';
import { expect } from 'vitest';
import type { TestApp } from '../../test/test-app';

/** Shared helpers of the checkout and orders integration tests (demo users and catalogue). */

export type Agent = ReturnType<typeof request.agent>;

export const PASSWORD = 'drx-demo-2026';
export const json = { 'content-type': 'application/json' };
export const USERS = ['admin', 'officer', 'seller', 'member', 'multi', 'studio'] as const;
export type Name = (typeof USERS)[number];

export const ORDER = `id number status currency subtotalCents discountCents totalCents couponCode paymentProvider
  createdAt paidAt refundedAt refundReason receiptUrl receiptPdfUrl
  lines { id itemType itemId title unitPriceCents quantity lineTotalCents discountCents imageUrl downloadUrl courseUrl }`;

export const START = `mutation($input: CheckoutStartInput!) { checkoutStart(input: $input) {
  order { ${ORDER} } payment { provider clientSecret publishableKey } userErrors { code field message } } }`;
export const CONFIRM = `mutation($input: OrderIdInput!) { checkoutConfirm(input: $input) {
  order { ${ORDER} } userErrors { code field message } } }`;
export const CANCEL = `mutation($input: OrderIdInput!) { checkoutCancel(input: $input) {
  order { ${ORDER} } userErrors { code field message } } }`;
export const REFUND = `mutation($input: OrderRefundInput!) { orderRefund(input: $input) {
  order { ${ORDER} } userErrors { code field message } } }`;
export const ADD = `mutation($input: CartItemAddInput!) { cartItemAdd(input: $input) { userErrors { code message } } }`;

export const db = (t: TestApp) => t.orm.em.fork().getConnection();

export async function signIn(t: TestApp): Promise<{ as: Record<Name, Agent>; idOf: Record<Name, string> }> {
  const as = {} as Record<Name, Agent>;
  const idOf = {} as Record<Name, string>;
  for (const name of USERS) {
    const agent = t.agent();
    const res = await agent.post('/api/login').set(json).send({ username: name, password: PASSWORD });
    expect(res.status).toBe(200);
    as[name] = agent;
    idOf[name] = res.body.id;
  }
  return { as, idOf };
}

/** A published, priced resource of `seller` (null: any other seller) the buyer does not hold. */
export async function resourceOf(t: TestApp, sellerId: string | null, buyerId: string, skip: string[] = []) {
  const rows = await db(t).execute<{ id: string; price_cents: number; title: string }[]>(
    `select r.id, r.price_cents, r.title from resources r
     where (r.seller_id = ? or ?::uuid is null) and r.seller_id <> ? and r.status = 'published' and r.price_cents > 0
       and not exists (select 1 from entitlements e where e.resource_id = r.id and e.user_id = ?)
     order by r.price_cents desc, r.id`,
    [sellerId, sellerId, buyerId, buyerId],
  );
  const row = rows.find((r) => !skip.includes(r.id));
  if (!row) throw new Error('no resource left for the test');
  return { id: row.id, priceCents: Number(row.price_cents), title: row.title };
}

/** A published paid course (not member-only) the buyer is not enrolled in. */
export async function paidCourse(t: TestApp, buyerId: string, skip: string[] = []) {
  const rows = await db(t).execute<{ id: string; price_cents: number }[]>(
    `select c.id, c.price_cents from courses c
     where c.published and c.price_cents > 0 and not c.member_only
       and not exists (select 1 from enrollments e where e.course_id = c.id and e.user_id = ?)
     order by c.price_cents, c.id`,
    [buyerId],
  );
  const row = rows.find((r) => !skip.includes(r.id));
  if (!row) throw new Error('no course left for the test');
  return { id: row.id, priceCents: Number(row.price_cents) };
}

export async function addToCart(
  t: TestApp,
  agent: Agent,
  itemType: 'course' | 'resource',
  itemId: string,
  quantity = 1,
) {
  const res = await t.gql(agent, ADD, { input: { itemType, itemId, quantity } });
  expect(res.errors).toBeUndefined();
  expect(res.data.cartItemAdd.userErrors).toEqual([]);
}

export async function clearCart(t: TestApp, userId: string) {
  await db(t).execute('delete from cart_items where user_id = ?', [userId]);
}

export async function count(t: TestApp, sql: string, params: unknown[]): Promise<number> {
  const [row] = await db(t).execute<{ n: number }[]>(`select count(*)::int as n from (${sql}) x`, params);
  return row.n;
}

let keySeq = 0;
export const newKey = () => `test-key-${Date.now()}-${++keySeq}`;
