import type { EntityManager } from '@mikro-orm/postgresql';
import { emitWebhookEvent, payloadCents, payloadTime } from '../webhooks';

// The orders module’s webhook events (their payloads' shape: docs/api.md, Webhooks),
// queued by the webhooks module. Each is called inside the transaction of the change it reports
// and reads what it sends there (only when an endpoint listens).

/** `order.paid` (fulfilment) or `order.refunded` (a refund, full or part, automatic or by staff). */
export function emitOrderEvent(em: EntityManager, type: 'order.paid' | 'order.refunded', orderId: string) {
  return emitWebhookEvent(em, type, `order:${orderId}`, async () => {
    const [order] = await em.execute(
      `select id, number, user_id, kind, status, currency, subtotal_cents, member_discount_cents, discount_cents,
         total_cents, refunded_cents, payment_provider, coupon_code, paid_at, refunded_at, refund_reason, created_at
       from orders where id = ?`,
      [orderId],
    );
    if (!order) return null;
    const lines = await em.execute(
      `select id, item_type, item_id, title, unit_price_cents, quantity, line_total_cents, discount_cents, seller_id
       from order_lines where order_id = ? order by position`,
      [orderId],
    );
    return {
      id: order.id,
      number: order.number,
      userId: order.user_id,
      kind: order.kind,
      status: order.status,
      currency: String(order.currency).toUpperCase(),
      subtotalCents: payloadCents(order.subtotal_cents),
      memberDiscountCents: payloadCents(order.member_discount_cents),
      discountCents: payloadCents(order.discount_cents),
      totalCents: payloadCents(order.total_cents),
      refundedCents: payloadCents(order.refunded_cents),
      paymentProvider: order.payment_provider,
      couponCode: order.coupon_code,
      createdAt: payloadTime(order.created_at),
      paidAt: payloadTime(order.paid_at),
      refundedAt: payloadTime(order.refunded_at),
      refundReason: order.refund_reason,
      lines: lines.map((l: Record<string, any>) => ({
        id: l.id,
        itemType: l.item_type,
        itemId: l.item_id,
        title: l.title,
        unitPriceCents: payloadCents(l.unit_price_cents),
        quantity: l.quantity,
        lineTotalCents: payloadCents(l.line_total_cents),
        discountCents: payloadCents(l.discount_cents),
        sellerId: l.seller_id,
      })),
    };
  });
}
