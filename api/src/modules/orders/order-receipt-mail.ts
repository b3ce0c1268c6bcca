import type { EntityManager } from '@mikro-orm/postgresql';
import { notificationsSuppressed, notify, publicSiteUrl } from '../notifications';
import { userContacts } from '../users';
import { lineKind, money } from './receipt';

interface ReceiptMailOrder {
  id: string;
  number: string;
  user_id: string;
  first_name: string | null;
  username: string;
  subtotal_cents: number;
  member_discount_cents: number;
  discount_cents: number;
  credit_cents: number;
  total_cents: number;
  coupon_code: string | null;
  paid_at: Date | string | null;
}

interface ReceiptMailLine {
  title: string;
  item_type: string;
  quantity: number;
  line_total_cents: number;
}

/** Subject and text of the receipt mail of a paid order (pure: receipt-mail tests read it). */
export function orderReceiptMailContent(
  order: ReceiptMailOrder,
  lines: ReceiptMailLine[],
  siteUrl: string,
): { subject: string; text: string } {
  const paidOn = order.paid_at
    ? new Date(order.paid_at).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' })
    : '';
  const rows = lines.map(
    (l) =>
      `- ${l.title} (${lineKind({ itemType: l.item_type, quantity: l.quantity })}): ${money(Number(l.line_total_cents))}`,
  );
  const totals = [`Subtotal: ${money(Number(order.subtotal_cents))}`];
  if (Number(order.member_discount_cents) > 0)
    totals.push(`Member discount: -${money(Number(order.member_discount_cents))}`);
  if (Number(order.discount_cents) > 0)
    totals.push(
      `${order.coupon_code ? `Coupon ${order.coupon_code}` : 'Discount'}: -${money(Number(order.discount_cents))}`,
    );
  if (Number(order.credit_cents) > 0) totals.push(`Membership credit: -${money(Number(order.credit_cents))}`);
  totals.push(`Total paid: ${money(Number(order.total_cents))}`);
  return {
    subject: `Your DRX receipt for order ${order.number}`,
    text:
      `Hi ${order.first_name || order.username},\n\n` +
      `Thank you for your order ${order.number}${paidOn ? `, paid on ${paidOn}` : ''}.\n\n` +
      `${rows.join('\n')}\n\n${totals.join('\n')}\n\n` +
      `Your receipt: ${siteUrl}/api/orders/${order.id}/receipt\n` +
      `Your purchases: ${siteUrl}/my-purchases\n`,
  };
}

/**
 * Mails the buyer the receipt of a paid order (kind `orders`), in the caller's transaction: call it
 * where the order became paid (fulfilment.ts), so the conditional update that paid it makes this
 * run once.
 */
export async function sendOrderReceiptMail(
  em: EntityManager,
  orderId: string,
): Promise<{ id: string } | null> {
  if (notificationsSuppressed()) return null; // the demo seed
  const ctx = em.getTransactionContext();
  const [row] = await em.getConnection().execute<Omit<ReceiptMailOrder, 'first_name' | 'username'>[]>(
    `select o.id, o.number, o.user_id, o.subtotal_cents, o.member_discount_cents,
            o.discount_cents, o.credit_cents, o.total_cents, o.coupon_code, o.paid_at
       from orders o
      where o.id = ?`,
    [orderId],
    'all',
    ctx,
  );
  const buyer = row && (await userContacts(em, [row.user_id])).get(row.user_id);
  if (!row || !buyer) return null;
  const order: ReceiptMailOrder = { ...row, first_name: buyer.first_name, username: buyer.username };
  const lines = await em
    .getConnection()
    .execute<ReceiptMailLine[]>(
      `select title, item_type, quantity, line_total_cents from order_lines where order_id = ? order by position`,
      [orderId],
      'all',
      ctx,
    );
  const content = orderReceiptMailContent(order, lines, publicSiteUrl());
  return notify(em, { userId: order.user_id, kind: 'orders', ...content });
}
