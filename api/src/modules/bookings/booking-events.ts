import type { EntityManager } from '@mikro-orm/postgresql';
import { AsyncLocalStorage } from 'node:async_hooks';

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

/** Called after each state change of a booking, in the transaction that changed it. */
export async function bookingChanged(
  em: EntityManager,
  bookingId: string,
  what: BookingChangeWhat,
): Promise<void> {
  if (listener && !quiet.getStore()) await listener(em, bookingId, what);
}
