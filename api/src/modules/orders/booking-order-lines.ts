import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';

/**
 * What the bookings module writes and reads of a booking's order (orders owns `orders` and
 * `order_lines`; bookings asks here, in its transactions).
 */

/** Adds the one line of a booking order (its price, sold by the instructor); returns the line's id. */
export async function addBookingOrderLine(
  em: EntityManager,
  line: { orderId: string; bookingId: string; title: string; priceCents: number; instructorId: string },
): Promise<string> {
  const id = randomUUID();
  await em.execute(
    `insert into order_lines (id, order_id, position, item_type, item_id, title, unit_price_cents, quantity,
       line_total_cents, discount_cents, image_url, seller_id)
     values (?, ?, 0, 'booking', ?, ?, ?, 1, ?, 0, null, ?)`,
    [id, line.orderId, line.bookingId, line.title, line.priceCents, line.priceCents, line.instructorId],
  );
  return id;
}

/** An order's number, status, amounts and payment (what a booking's payment and refund read). */
export interface OrderPaymentRow {
  id: string;
  number: string;
  status: string;
  total_cents: string;
  refunded_cents: number;
  payment_provider: string;
  payment_reference: string | null;
  user_id: string;
}

/** The order's payment facts; null when there is no such order. */
export async function orderPayment(em: EntityManager, orderId: string): Promise<OrderPaymentRow | null> {
  const [order] = await em.execute<OrderPaymentRow[]>(
    `select id, number, status, total_cents, refunded_cents, payment_provider, payment_reference, user_id
     from orders where id = ?`,
    [orderId],
  );
  return order ?? null;
}

/** The booking lines of a paid credit order (paid with a lesson credit), with the order's number. */
export async function paidCreditOrderLines(
  em: EntityManager,
  orderId: string,
): Promise<{ id: string; number: string; seller_id: string | null }[]> {
  return em.execute<{ id: string; number: string; seller_id: string | null }[]>(
    `select ol.id, o.number, ol.seller_id from order_lines ol join orders o on o.id = ol.order_id
     where o.id = ? and o.payment_provider = 'credit' and o.status = 'paid' and ol.item_type = 'booking'`,
    [orderId],
  );
}

/** What was refunded on the booking orders a subquery names (`ordersSql`: `select order_id from …`, with its `params`). */
export async function refundedCentsOfBookingOrders(
  em: EntityManager,
  ordersSql: string,
  params: readonly unknown[],
): Promise<number> {
  const [o] = await em.execute<{ refunded: number }[]>(
    `select coalesce(sum(o.refunded_cents), 0)::int as refunded from orders o
       where o.kind = 'booking' and o.id in (${ordersSql})`,
    [...params],
  );
  return Number(o?.refunded ?? 0);
}
