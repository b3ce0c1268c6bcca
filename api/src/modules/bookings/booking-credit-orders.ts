import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { emitOrderEvent } from '../orders';
import { adjustEarningsAfterRefund, recordSaleEarnings } from '../sellers';
import { markCreditOrderRefunded, placeOrder } from '../orders';
import { addBookingOrderLine, paidCreditOrderLines } from '../orders';

/**
 * The order of a booking paid with a membership lesson credit (docs/memberships.md "Lesson
 * credits"): kind `booking`, `paid` at once, payment provider `credit`, subtotal = the session's
 * price and all of it the "Membership credit" (`credit_cents`), total 0 — nothing is charged, so
 * nothing is ever refunded through a payment provider and `refunded_cents` stays 0. DRX pays the
 * instructor out of membership revenue: the earning's gross is what the credit is worth (the plan's
 * `credit_value_cents`, at most the price; with the platform fee, as for a paid booking). Everything runs in the booking's transaction; the check constraints
 * `orders_credit_check` and `bookings_credit_check` hold the shape.
 */

export interface CreditOrderInput {
  userId: string;
  bookingId: string;
  instructorId: string;
  priceCents: number;
  /** The order line's title (bookingLineTitle: the session type's title and the date). */
  title: string;
}

/** Inserts the paid credit order and its one line; returns the order's id (the booking refers to it). */
export async function placeCreditOrder(em: EntityManager, input: CreditOrderInput): Promise<string> {
  const orderId = randomUUID();
  const placed = await placeOrder(em, {
    id: orderId,
    userId: input.userId,
    kind: 'booking',
    status: 'paid',
    subtotalCents: input.priceCents,
    creditCents: input.priceCents,
    totalCents: 0,
    paymentProvider: 'credit',
    idempotencyKey: `booking:${input.bookingId}`,
  });
  if (!placed)
    throw new Error(`The credit order of booking ${input.bookingId} was not placed: its key is taken`);
  await addBookingOrderLine(em, {
    orderId,
    bookingId: input.bookingId,
    title: input.title,
    priceCents: input.priceCents,
    instructorId: input.instructorId,
  });
  return orderId;
}

/**
 * The instructor's earning for the credited session: gross = `creditValueCents`, what the credit is
 * worth (the plan's credit value, at most the price — never the session's list price as such; DRX
 * pays it), the current platform fee. Idempotent per order line.
 */
export async function recordCreditEarning(
  em: EntityManager,
  orderId: string,
  creditValueCents: number,
): Promise<number> {
  const lines = await paidCreditOrderLines(em, orderId);
  const sold = lines.filter((l) => l.seller_id);
  if (!sold.length) return 0;
  return recordSaleEarnings(em, {
    orderId,
    orderNumber: sold[0].number,
    lines: sold.map((l) => ({
      orderLineId: l.id,
      resourceId: null,
      sellerId: l.seller_id!,
      amountCents: creditValueCents,
    })),
  });
}

/**
 * A credited booking ended (cancelled or declined), in its transaction. `keptCents` is what the
 * instructor keeps as for a paid booking: 0 when the credit is given back (free window, declined,
 * the instructor's or an admin's cancellation) — the earning is reversed and the order becomes
 * `refunded` (its refunded amount stays 0: nothing was charged); the late fee when the client
 * cancels late and keeps the credit spent — the earning's gross becomes the fee, the order stays paid.
 */
export async function settleCreditOrder(
  em: EntityManager,
  orderId: string,
  keptCents: number,
  reason: string,
): Promise<void> {
  if (keptCents <= 0) {
    if (await markCreditOrderRefunded(em, orderId, reason.slice(0, 500))) {
      await emitOrderEvent(em, 'order.refunded', orderId);
    }
  }
  await adjustEarningsAfterRefund(em, orderId, Math.max(0, keptCents));
}
