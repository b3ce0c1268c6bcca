import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The order lines the licences module gives licences of (orders owns `orders` and `order_lines`;
 * licences asks here). A line gives licences while its order is paid, or refunded only in part (a
 * refund made in Stripe's dashboard that covered other lines), and the line itself is neither
 * refunded nor suspended by a dispute (refund-takeback.ts). `o` is the order, `ol` the line.
 */
const LIVE_ORDER = `(o.status = 'paid' or (o.status = 'refunded' and o.refunded_cents < o.total_cents))`;
const LIVE_LINE = `(${LIVE_ORDER} and ol.refunded_at is null and ol.suspended_at is null)`;

/** A buyer's order line as licences sees it. */
export interface LicenceLineRow {
  id: string;
  order_id: string;
  item_type: 'course' | 'resource';
  item_id: string;
  status: string;
  /** The line still gives access (paid or partly refunded order; line neither refunded nor suspended). */
  live: boolean;
}

/** A line of one of the buyer's orders; null when there is none (anyone else's looks unknown). */
export async function buyerOrderLine(
  em: EntityManager,
  buyerId: string,
  orderLineId: string,
): Promise<LicenceLineRow | null> {
  const [line] = await em.execute<LicenceLineRow[]>(
    `select ol.id, ol.order_id, ol.item_type, ol.item_id, o.status, ${LIVE_LINE} as live from order_lines ol
     join orders o on o.id = ol.order_id where ol.id = ? and o.user_id = ?`,
    [orderLineId, buyerId],
  );
  return line ?? null;
}

/** The buyer's live line of a resource with a licence left (the oldest such first; else their oldest live line of it). */
export async function buyerLiveLineOfResource(
  em: EntityManager,
  buyerId: string,
  resourceId: string,
): Promise<LicenceLineRow | null> {
  const [line] = await em.execute<LicenceLineRow[]>(
    `select ol.id, ol.order_id, ol.item_type, ol.item_id, o.status, true as live from order_lines ol
     join orders o on o.id = ol.order_id
     where o.user_id = ? and ${LIVE_LINE} and ol.item_type = 'resource' and ol.item_id = ?
     order by (ol.licences_given < ol.quantity - 1) desc, o.paid_at, ol.id limit 1`,
    [buyerId, resourceId],
  );
  return line ?? null;
}

/** Whether the line still gives access (see LIVE_LINE). */
export async function orderLineLive(em: EntityManager, orderLineId: string): Promise<boolean> {
  const [row] = await em.execute<{ live: boolean }[]>(
    `select ${LIVE_LINE} as live from order_lines ol join orders o on o.id = ol.order_id where ol.id = ?`,
    [orderLineId],
  );
  return row?.live === true;
}

/**
 * Share-locks the buyer's order while it is live (paid, or refunded in part) until the caller's
 * transaction ends: a refund's UPDATE waits for it. False when the order is not the buyer's or not live.
 */
export async function shareLockLiveOrder(
  em: EntityManager,
  orderId: string,
  buyerId: string,
): Promise<boolean> {
  const paid = await em.execute(
    `select o.id from orders o where o.id = ? and o.user_id = ? and ${LIVE_ORDER} for share`,
    [orderId, buyerId],
  );
  return paid.length > 0;
}

/** Locks an order (for share) and then its line (for update), the lock order of a licence and a refund. */
export async function lockOrderAndLine(
  em: EntityManager,
  orderId: string,
  orderLineId: string,
): Promise<void> {
  await em.execute('select id from orders where id = ? for share', [orderId]);
  await em.execute('select id from order_lines where id = ? for update', [orderLineId]);
}

/**
 * The guard of a licence given: counts one more licence of the line only while one is left and the
 * line is neither refunded nor suspended (the row lock serialises givers; a check constraint backs
 * it). False when none is left.
 */
export async function countLicenceGiven(em: EntityManager, orderLineId: string): Promise<boolean> {
  const raised = await em.execute(
    `update order_lines set licences_given = licences_given + 1
     where id = ? and licences_given < quantity - 1 and refunded_at is null and suspended_at is null
     returning id`,
    [orderLineId],
  );
  return raised.length > 0;
}

/**
 * The statement that counts back the licences taken: `update order_lines` by the rows of the named
 * common table expression (`cte`, with an `order_line_id` column, e.g. the deleted licences), so a
 * licence is deleted and counted back in one statement. Returns the lines' ids.
 */
export const countLicencesTakenSql = (
  cte: string,
) => `update order_lines ol set licences_given = ol.licences_given - 1
  from ${cte} where ol.id = ${cte}.order_line_id returning ol.id`;

/** The buyer of each given order line, by line id (an unknown line is left out). */
export async function orderLineBuyers(
  em: EntityManager,
  orderLineIds: readonly string[],
): Promise<Map<string, string>> {
  if (!orderLineIds.length) return new Map();
  const rows = await em.execute<{ line_id: string; user_id: string }[]>(
    `select ol.id as line_id, o.user_id from order_lines ol join orders o on o.id = ol.order_id
     where ol.id in (${orderLineIds.map(() => '?').join(', ')})`,
    [...orderLineIds],
  );
  return new Map(rows.map((r) => [r.line_id, r.user_id]));
}
