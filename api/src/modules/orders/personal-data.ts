import type { EntityManager } from '@mikro-orm/postgresql';
import { SOLD_ORDER_KINDS } from './order-lifecycle';

/**
 * The orders module's part of "download my data" (privacy module, GDPR art. 15/20): the person's
 * orders, oldest first, each with its lines. Orders and their lines are kept on deletion (the books):
 * the account they point at is anonymised by the users module. The orders DRX sold (cart and
 * booking): a membership's payments and the store's orders, orders of their own kinds too, are
 * exported as the membership's invoices and the store's orders.
 */
export async function exportOrdersData(
  em: EntityManager,
  userId: string,
): Promise<{ orders: Record<string, unknown>[] }> {
  const orders = await em.execute<Record<string, unknown>[]>(
    `select o.id, o.number, o.kind, o.status, o.currency, o.subtotal_cents as "subtotalCents",
       o.discount_cents as "discountCents", o.member_discount_cents as "memberDiscountCents",
       o.credit_cents as "creditCents", o.total_cents as "totalCents", o.refunded_cents as "refundedCents",
       o.coupon_code as "couponCode", o.payment_provider as "paymentProvider", o.created_at as "createdAt",
       o.paid_at as "paidAt", o.canceled_at as "canceledAt", o.refunded_at as "refundedAt",
       o.refund_reason as "refundReason",
       coalesce((select json_agg(json_build_object('title', l.title, 'itemType', l.item_type,
         'quantity', l.quantity, 'unitPriceCents', l.unit_price_cents, 'lineTotalCents', l.line_total_cents,
         'discountCents', l.discount_cents) order by l.position) from order_lines l where l.order_id = o.id), '[]')
         as lines
     from orders o where o.user_id = ? and o.kind in (${SOLD_ORDER_KINDS.map(() => '?').join(', ')})
     order by o.created_at`,
    [userId, ...SOLD_ORDER_KINDS],
  );
  return { orders };
}
