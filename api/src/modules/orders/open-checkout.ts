import type { EntityManager } from '@mikro-orm/postgresql';
import { CouponsService } from '../coupons';
import type { AllocatedLine } from './order-pricing';
import { markCanceled } from './order-lifecycle';

/**
 * A member has at most one open cart checkout: one `pending` order of kind `cart` (the partial
 * unique index `orders_user_id_pending_unique`; booking orders are outside it). Checkout start reuses it when it is the same purchase, and
 * otherwise cancels it before placing the new one (checkout.service.ts).
 */
export interface OpenCheckout {
  id: string;
  number: string;
  payment_provider: string;
  payment_reference: string | null;
  coupon_code: string | null;
  subtotal_cents: string | number;
  member_discount_cents: string | number;
  discount_cents: string | number;
}

/** What checkout start is about to order. */
export interface CheckoutDraft {
  lines: AllocatedLine[];
  couponCode: string | null;
  subtotalCents: number;
  /** The member's discount on the draft's resource lines (0 for a non-member). */
  memberDiscountCents: number;
  discountCents: number;
  provider: string;
}

/** The member's pending order, locked until the transaction ends; null when there is none. */
export async function lockOpenCheckout(em: EntityManager, userId: string): Promise<OpenCheckout | null> {
  const [open] = await em.execute<OpenCheckout[]>(
    `select id, number, payment_provider, payment_reference, coupon_code, subtotal_cents,
       member_discount_cents, discount_cents
     from orders where user_id = ? and status = 'pending' and kind = 'cart' for update`,
    [userId],
  );
  return open ?? null;
}

const lineKey = (l: { itemType: string; itemId: string; quantity: number; unitPriceCents: number }) =>
  `${l.itemType}:${l.itemId}x${l.quantity}@${l.unitPriceCents}`;

/** Whether the open order buys exactly the draft: same lines, quantities, prices, discounts, coupon and provider. */
export async function sameCheckout(
  em: EntityManager,
  open: OpenCheckout,
  draft: CheckoutDraft,
): Promise<boolean> {
  if (open.payment_provider !== draft.provider || (open.coupon_code ?? null) !== draft.couponCode)
    return false;
  if (Number(open.subtotal_cents) !== draft.subtotalCents) return false;
  if (Number(open.discount_cents) !== draft.discountCents) return false;
  // A membership that began or ended since changes the price: not the same checkout.
  if (Number(open.member_discount_cents) !== draft.memberDiscountCents) return false;
  const rows = await em.execute<
    { item_type: string; item_id: string; quantity: number; unit_price_cents: number }[]
  >('select item_type, item_id, quantity, unit_price_cents from order_lines where order_id = ?', [open.id]);
  const have = rows
    .map((r) =>
      lineKey({
        itemType: r.item_type,
        itemId: r.item_id,
        quantity: Number(r.quantity),
        unitPriceCents: Number(r.unit_price_cents),
      }),
    )
    .sort();
  const want = draft.lines.map(lineKey).sort();
  return have.length === want.length && have.every((key, i) => key === want[i]);
}

/**
 * Cancels an unpaid order (pending or failed → canceled, a conditional UPDATE) and gives its coupon
 * use back; false when it was not unpaid any more (paid, refunded or canceled meanwhile).
 */
export async function cancelUnpaid(em: EntityManager, orderId: string): Promise<boolean> {
  if (!(await markCanceled(em, orderId))) return false;
  await new CouponsService(em).release(em, orderId);
  return true;
}
