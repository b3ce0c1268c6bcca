import { DateTime } from 'luxon';
import { money } from '../orders';

/** What the cancellation policy of a booking says about cancelling at `now`. */
export interface CancelTerms {
  /** Before the free-cancellation deadline: everything is refunded. */
  free: boolean;
  /** The deadline: start − cancelFreeHours. */
  freeUntil: Date;
  feeCents: number;
  refundCents: number;
}

export interface PolicyBooking {
  startsAt: Date;
  priceCents: number;
  refundedCents: number;
  cancelFreeHours: number;
  lateCancelFeePercent: number;
}

/** The late-cancellation fee: percent of the price, rounded half up to the cent. */
export function lateFeeCents(priceCents: number, percent: number): number {
  return Math.floor((priceCents * percent + 50) / 100);
}

/** The client's cancellation at `now`: free until start − cancelFreeHours, then the fee is kept. */
export function clientCancelTerms(booking: PolicyBooking, now: Date): CancelTerms {
  const freeUntil = new Date(booking.startsAt.getTime() - booking.cancelFreeHours * 3_600_000);
  const paid = booking.priceCents - booking.refundedCents;
  if (now.getTime() <= freeUntil.getTime()) {
    return { free: true, freeUntil, feeCents: 0, refundCents: paid };
  }
  const feeCents = Math.min(paid, lateFeeCents(booking.priceCents, booking.lateCancelFeePercent));
  return { free: false, freeUntil, feeCents, refundCents: paid - feeCents };
}

/** An instant as the client reads it, e.g. "Tue, Mar 9, 6:00 PM EST". */
export function formatInZone(instant: Date, timeZone: string): string {
  return DateTime.fromJSDate(instant, { zone: timeZone }).toFormat('EEE, MMM d, h:mm a ZZZZ');
}

/** "Free cancellation until …" or what a late cancellation keeps and refunds, in the client's zone. */
export function cancellationTermsText(
  booking: PolicyBooking & { clientTimeZone: string; paidWithCredit?: boolean },
  now: Date,
): string {
  const terms = clientCancelTerms(booking, now);
  if (booking.paidWithCredit) {
    return terms.free
      ? `Free cancellation until ${formatInZone(terms.freeUntil, booking.clientTimeZone)}: your lesson credit is given back`
      : 'Paid with a lesson credit: cancelling now keeps the credit (late cancellation)';
  }
  if (booking.priceCents === 0) return 'Free session: cancelling costs nothing.';
  if (terms.free) return `Free cancellation until ${formatInZone(terms.freeUntil, booking.clientTimeZone)}`;
  if (terms.feeCents === 0) return `Cancelling now refunds ${money(terms.refundCents)}.`;
  return `Cancelling now keeps a ${booking.lateCancelFeePercent}% late-cancellation fee (${money(terms.feeCents)}); ${money(terms.refundCents)} is refunded`;
}
