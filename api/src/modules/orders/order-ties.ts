import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Whether two people are buyer and seller: an order that was paid (a refunded one was too) with a
 * line of the seller's. Messaging's rules (who may write to whom) ask these.
 */
const PAID = `('paid', 'refunded')`;

/** Whether `buyerId` paid an order with a line sold by `sellerId`. */
export async function hasPaidOrderFrom(
  em: EntityManager,
  buyerId: string,
  sellerId: string,
): Promise<boolean> {
  const [row] = await em.execute<{ ok: boolean }[]>(
    `select exists (select 1 from orders o join order_lines l on l.order_id = o.id
      where o.user_id = ? and l.seller_id = ? and o.status in ${PAID}) as ok`,
    [buyerId, sellerId],
  );
  return row?.ok === true;
}

/** The buyer of a paid order; null for an unknown or unpaid one. */
export async function paidOrderBuyer(em: EntityManager, orderId: string): Promise<string | null> {
  const [row] = await em.execute<{ user_id: string }[]>(
    `select user_id from orders where id = ? and status in ${PAID}`,
    [orderId],
  );
  return row?.user_id ?? null;
}

/** Whether the order has a line sold by `sellerId`. */
export async function orderSoldBy(em: EntityManager, orderId: string, sellerId: string): Promise<boolean> {
  const [row] = await em.execute<{ ok: boolean }[]>(
    `select exists (select 1 from order_lines where order_id = ? and seller_id = ?) as ok`,
    [orderId, sellerId],
  );
  return row?.ok === true;
}

/** The numbers of the given orders, by id (an unknown id is left out). */
export async function orderNumbers(
  em: EntityManager,
  orderIds: readonly string[],
): Promise<Map<string, string>> {
  if (!orderIds.length) return new Map();
  const rows = await em.execute<{ id: string; number: string }[]>(
    `select id, number from orders where id = any(string_to_array(?, ',')::uuid[])`,
    [orderIds.join(',')],
  );
  return new Map(rows.map((o) => [o.id, o.number]));
}
