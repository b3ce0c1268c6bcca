import type { EntityManager } from '@mikro-orm/postgresql';
import { recordSaleEarnings } from '../sellers';
import { grantOrderEntitlement } from '../resources';
import { refundUndelivered } from './automatic-refund';
import { deliveryRefusal } from './purchase-rules';
import { reinstateCertificatesAfterRefund } from '../certificates';
import { orderLineKind } from './order-line-kinds';
import { sendOrderReceiptMail } from './order-receipt-mail';
import { emitEnrollmentEvent } from '../learning';
import { emitOrderEvent } from './order-webhook-events';
import { markPaid } from './order-lifecycle';
import { removeBoughtItems } from '../cart';
import { grantEnrollment } from '../learning';

export interface FulfilOptions {
  /** When the payment was taken (the seeder back-dates demo orders); default now. */
  paidAt?: Date;
  /** The provider's payment reference, when the payment told us one (checkout.session.completed). */
  paymentReference?: string | null;
}

interface LineRow {
  id: string;
  item_type: 'course' | 'resource' | 'booking';
  item_id: string;
  line_total_cents: number;
  member_discount_cents: number;
  discount_cents: number;
  seller_id: string | null;
}

/**
 * Pays and fulfils an order exactly once, inside the caller's transaction (`em`). The conditional
 * UPDATE (pending or failed → paid) is the gate: of any number of concurrent callers (the
 * `checkoutConfirm` of the buyer, repeated webhooks), one row comes back to one of them, the
 * others wait on the row lock and then match nothing. The winner, still in the same transaction:
 * - enrolls the buyer in each bought course (source `purchase`; an enrollment they already have
 *   is kept, a refunded one gets its access back),
 * - entitles them to each bought resource (source `order`: one row per order line, beside any they
 *   hold from another order, so a refund of that other order leaves this one's access),
 * - removes the bought items from their cart,
 * - confirms a booking line's booking (held → confirmed/requested; the bookings module's handlers, order-line-kinds.ts),
 * - records the sellers' earnings of the resource lines (line total − member discount − coupon
 *   share) and the instructor's of a booking line (idempotent per order line),
 * - mails the buyer the receipt (order-receipt-mail.ts; kind `orders`, which they may switch off),
 * - reports `order.paid` (and `enrollment.created` per new course access) to webhook endpoints.
 * Returns false when the order was not awaiting payment (already paid, refunded or canceled).
 *
 * First, under the buyer's lock (purchase-rules.ts), an order that cannot be delivered — an item
 * the buyer already has or bought in another paid order, a member-only course without membership —
 * is not paid but `refunded` with its refund due (automatic-refund.ts; the caller settles it):
 * nothing is granted twice and no earning recorded twice. Returns false then too.
 */
export async function fulfilOrder(
  em: EntityManager,
  orderId: string,
  options: FulfilOptions = {},
): Promise<boolean> {
  const paidAt = options.paidAt ?? new Date();
  const refusal = await deliveryRefusal(em, orderId);
  if (refusal) {
    await refundUndelivered(em, orderId, refusal.message, ['pending', 'failed'], options);
    return false;
  }
  const order = await markPaid(em, orderId, { paidAt, paymentReference: options.paymentReference });
  if (!order) return false;

  const lines = await em.execute<LineRow[]>(
    `select id, item_type, item_id, line_total_cents, member_discount_cents, discount_cents, seller_id
     from order_lines where order_id = ? order by position`,
    [order.id],
  );
  for (const line of lines) {
    if (line.item_type === 'course') {
      const enrolled = await grantEnrollment(em, {
        userId: order.user_id,
        courseId: line.item_id,
        source: 'purchase',
        at: paidAt,
      });
      if (enrolled) {
        await emitEnrollmentEvent(em, 'enrollment.created', {
          userId: order.user_id,
          courseId: line.item_id,
        });
      }
      await reinstateCertificatesAfterRefund(em, order.user_id, [line.item_id]);
    } else if (line.item_type === 'booking') {
      await orderLineKind('booking').fulfil(em, line.item_id);
    } else {
      await grantOrderEntitlement(em, {
        userId: order.user_id,
        orderId: order.id,
        orderLineId: line.id,
        resourceId: line.item_id,
        at: paidAt,
      });
    }
  }
  if (lines.length) await removeBoughtItems(em, order.id, order.user_id);
  const sold = lines.filter((l) => (l.item_type === 'resource' || l.item_type === 'booking') && l.seller_id);
  if (sold.length) {
    await recordSaleEarnings(em, {
      orderId: order.id,
      orderNumber: order.number,
      lines: sold.map((l) => ({
        orderLineId: l.id,
        resourceId: l.item_type === 'resource' ? l.item_id : null,
        sellerId: l.seller_id!,
        amountCents: Number(l.line_total_cents) - Number(l.member_discount_cents) - Number(l.discount_cents),
      })),
    });
  }
  await sendOrderReceiptMail(em, order.id);
  await emitOrderEvent(em, 'order.paid', order.id);
  return true;
}
