import type { EntityManager } from '@mikro-orm/postgresql';
import { AsyncLocalStorage } from 'node:async_hooks';
import { emitBookingEvent } from './booking-webhook-events';

/**
 * The one place BookingsService (and order fulfilment) reports a booking's state change, inside
 * the transaction that made it. The notifications part (mails with .ics, reminder jobs, the
 * calendar feed) hooks in here: `setBookingChangeListener` installs its handler, which runs on the
 * same EntityManager/transaction (so a rolled-back change sends nothing). Without a listener it
 * records nothing.
 */

export type BookingChangeWhat =
  | { type: 'held' | 'confirmed' | 'requested' | 'approved' | 'declined' | 'canceled' }
  | { type: 'rescheduled'; previousStart: Date; previousEnd: Date }
  | { type: 'expired' | 'completed' | 'no_show' };

export type BookingChangeListener = (
  em: EntityManager,
  bookingId: string,
  what: BookingChangeWhat,
) => Promise<void>;

let listener: BookingChangeListener | null = null;
const quiet = new AsyncLocalStorage<true>();

/**
 * Runs `fn` with booking changes reported to nobody: the demo seed makes its bookings before the
 * app (and its job queue) starts, and demo bookings send no mails and queue no reminders.
 */
export function withoutBookingNotifications<T>(fn: () => Promise<T>): Promise<T> {
  return quiet.run(true, fn);
}

/** Installs (or with null removes) the handler of booking changes; returns the previous one. */
export function setBookingChangeListener(next: BookingChangeListener | null): BookingChangeListener | null {
  const previous = listener;
  listener = next;
  return previous;
}

/**
 * Called after each state change of a booking, in the transaction that changed it. Webhooks hear
 * `booking.created` when a booking is made — confirmed, or requested when it needs approval; a
 * paid one once its payment turns the hold into one (a hold alone is no booking) — and
 * `booking.cancelled` when it is cancelled or its request declined.
 */
export async function bookingChanged(
  em: EntityManager,
  bookingId: string,
  what: BookingChangeWhat,
): Promise<void> {
  if (quiet.getStore()) return;
  if (what.type === 'confirmed' || what.type === 'requested') {
    await emitBookingEvent(em, 'booking.created', bookingId);
  } else if (what.type === 'canceled' || what.type === 'declined') {
    await emitBookingEvent(em, 'booking.cancelled', bookingId);
  }
  if (listener) await listener(em, bookingId, what);
}
