import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import { sessionTypeRow } from '../instructors';
import { type OrderLineKind } from '../orders';
import { returnLessonCredit } from './booking-credits';
import { bookingChanged } from './booking-events';
import { lockInstructor, releaseSeat, takeSeat } from './booking-holds';
import { sqlState } from './sql-state';

/**
 * How order fulfilment (orders/fulfilment.ts, purchase-rules.ts) treats an order line of item
 * type `booking` (item_id = the booking): the booking's hold becomes confirmed (or requested)
 * when the order is paid; a booking that was canceled, or whose hold expired and whose time (or
 * seat) was taken meanwhile, is refused so the money is refunded (automatic-refund.ts).
 */

interface BookingRow {
  id: string;
  status: string;
  kind: string;
  instructor_id: string;
  session_type_id: string;
  starts_at: Date;
  blocked_overlaps: boolean;
  requires_approval: boolean;
  capacity: number;
  seats_full: boolean | null;
}

async function bookingRow(em: EntityManager, bookingId: string): Promise<BookingRow | null> {
  const [row] = await em.execute<Omit<BookingRow, 'requires_approval' | 'capacity'>[]>(
    `select b.id, b.status, b.kind, b.instructor_id, b.session_type_id, b.starts_at,
       exists (select 1 from bookings o where o.id <> b.id and o.instructor_id = b.instructor_id
         and o.kind <> 'group' and o.status in ('held', 'requested', 'confirmed') and o.blocked && b.blocked
         and not (o.status = 'held' and o.hold_expires_at <= clock_timestamp())) as blocked_overlaps,
       (select co.seats_taken >= co.capacity from class_occurrences co
         where co.session_type_id = b.session_type_id and co.starts_at = b.starts_at) as seats_full
     from bookings b where b.id = ?`,
    [bookingId],
  );
  const type = row && (await sessionTypeRow(em, row.session_type_id));
  return row && type ? { ...row, requires_approval: type.requires_approval, capacity: type.capacity } : null;
}

/**
 * Why the booking of an order line cannot be delivered, or null. Takes the instructor's lock
 * first, so the answer stands until the caller's transaction ends.
 */
export async function bookingRefusal(em: EntityManager, bookingId: string): Promise<DomainError | null> {
  const first = await bookingRow(em, bookingId);
  if (!first) return new DomainError('CONFLICT', 'This booking no longer exists', 'orderId');
  await lockInstructor(em, first.instructor_id);
  const row = (await bookingRow(em, bookingId))!;
  if (row.status === 'held' || row.status === 'requested' || row.status === 'confirmed') return null;
  if (row.status === 'expired') {
    const taken = row.kind === 'group' ? !!row.seats_full : row.blocked_overlaps;
    if (!taken) return null;
    return new DomainError(
      'SLOT_TAKEN',
      'The hold on this time ran out and it was booked by someone else — please pick another',
      'orderId',
    );
  }
  return new DomainError('CONFLICT', `This booking is ${row.status.replace('_', ' ')}`, 'orderId');
}

/**
 * The paid order's booking: held → confirmed (requested when the type requires approval); an
 * expired hold is taken again when its time is still free (inside a savepoint: a conflict refuses
 * it with SLOT_TAKEN / CLASS_FULL and leaves the transaction usable). Idempotent.
 */
export async function fulfilBooking(em: EntityManager, bookingId: string): Promise<void> {
  const row = await bookingRow(em, bookingId);
  if (!row) return;
  const next = row.requires_approval ? 'requested' : 'confirmed';
  if (row.status === 'held') {
    // Told only when this call moved it: a concurrent fulfilment that moved it first told already.
    const moved = await em.execute<{ id: string }[]>(
      `update bookings set status = ?, updated_at = now() where id = ? and status = 'held' returning id`,
      [next, bookingId],
    );
    if (moved.length) await bookingChanged(em, bookingId, { type: next });
    return;
  }
  if (row.status !== 'expired') return;
  await em.execute('savepoint booking_retake');
  try {
    if (row.kind === 'group' && !(await takeSeat(em, row.session_type_id, row.starts_at, row.capacity))) {
      throw new DomainError('CLASS_FULL', 'This class is full — please pick another time', 'orderId');
    }
    await em.execute(
      `update bookings set status = ?, updated_at = now() where id = ? and status = 'expired'`,
      [next, bookingId],
    );
    await em.execute('release savepoint booking_retake');
  } catch (error) {
    await em.execute('rollback to savepoint booking_retake');
    if (sqlState(error) === '23P01' || sqlState(error) === '23505') {
      throw new DomainError('SLOT_TAKEN', 'This time was just booked — please pick another', 'orderId');
    }
    throw error;
  }
  await bookingChanged(em, bookingId, { type: next });
}

/**
 * Staff refunded a booking order in full (orders.service.ts refund): its live booking is canceled
 * by an admin with everything refunded, and a group seat given back. A booking paid with a lesson
 * credit (its order charged nothing) gets its credit back instead — also after a late cancellation
 * that had kept it — and no money is recorded as refunded on it.
 */
export async function cancelBookingsOfRefundedOrder(
  em: EntityManager,
  orderId: string,
  reason: string,
): Promise<void> {
  const rows = await em.execute<{ id: string; kind: string; session_type_id: string; starts_at: Date }[]>(
    `update bookings set status = 'canceled', canceled_by = 'admin', cancel_reason = ?, canceled_at = now(),
       refunded_cents = case when credit_subscription_id is null then price_cents else 0 end, fee_cents = 0,
       updated_at = now()
     where order_id = ? and status in ('held', 'requested', 'confirmed')
     returning id, kind, session_type_id, starts_at`,
    [reason.slice(0, 500), orderId],
  );
  for (const row of rows) {
    if (row.kind === 'group') await releaseSeat(em, row.session_type_id, row.starts_at);
    await bookingChanged(em, row.id, { type: 'canceled' });
  }
  const credited = await em.execute<{ id: string }[]>(
    `select id from bookings where order_id = ? and credit_subscription_id is not null and credit_returned_at is null`,
    [orderId],
  );
  for (const row of credited) await returnLessonCredit(em, row.id);
}

/**
 * The buyer abandoned a booking order's payment (checkoutCancel): its held time is freed at once
 * instead of when the 10-minute hold runs out — held → expired (a conditional UPDATE), a group seat
 * given back — in the caller's transaction, the one that cancels the order.
 */
export async function releaseHoldsOfOrder(em: EntityManager, orderId: string): Promise<number> {
  const rows = await em.execute<{ id: string; kind: string; session_type_id: string; starts_at: Date }[]>(
    `update bookings set status = 'expired', updated_at = now()
     where order_id = ? and status = 'held'
     returning id, kind, session_type_id, starts_at`,
    [orderId],
  );
  for (const row of rows) {
    if (row.kind === 'group') await releaseSeat(em, row.session_type_id, row.starts_at);
    await bookingChanged(em, row.id, { type: 'expired' });
  }
  return rows.length;
}

/**
 * A refund made in Stripe's dashboard gave back `cents` more of a booking order (provider-refunds.ts):
 * its booking records it (`refunded_cents`, never above the price; a late fee kept shrinks by what
 * goes beyond the rest of the price). The booking itself is left as it is: a refund in part does not
 * cancel the session (a full one does, through `cancelBookingsOfRefundedOrder`). A booking paid with a
 * lesson credit charged nothing and is not touched. Returns the bookings' refunded amounts now.
 */
export async function recordProviderRefundOnBookings(
  em: EntityManager,
  orderId: string,
  cents: number,
): Promise<{ id: string; refunded_cents: number; price_cents: number }[]> {
  if (cents <= 0) return [];
  return em.execute<{ id: string; refunded_cents: number; price_cents: number }[]>(
    `update bookings set refunded_cents = least(price_cents, refunded_cents + ?),
       fee_cents = greatest(0, least(fee_cents, price_cents - least(price_cents, refunded_cents + ?))),
       updated_at = now()
     where order_id = ? and credit_subscription_id is null and refunded_cents < price_cents
     returning id, refunded_cents, price_cents`,
    [cents, cents, orderId],
  );
}

/** How the orders module handles an order line of kind `booking` (registered by module.ts). */
export const bookingOrderLineKind: OrderLineKind = {
  refusal: bookingRefusal,
  fulfil: fulfilBooking,
  releaseHolds: releaseHoldsOfOrder,
  cancelOfRefundedOrder: cancelBookingsOfRefundedOrder,
  recordProviderRefund: recordProviderRefundOnBookings,
};
