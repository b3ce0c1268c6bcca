import type { EntityManager } from '@mikro-orm/postgresql';
import { cancelUnpaid } from '../orders';
import { lockInstructorProfile } from '../instructors';
import { bookingChanged } from './booking-events';
import { queueHoldPaymentCancel } from './hold-payment-cancel.jobs';

/** How long a paid booking's time is held while the client pays. */
export const HOLD_MINUTES = 10;

interface ExpiredRow {
  id: string;
  order_id: string | null;
  kind: string;
  session_type_id: string;
  starts_at: Date;
}

/**
 * Marks held bookings whose hold ran out `expired` (a conditional UPDATE: held → expired where
 * hold_expires_at <= now), gives a group seat back (guarded decrement) and cancels their unpaid
 * orders (their PaymentIntents canceled by a job queued in the same transaction:
 * hold-payment-cancel.jobs.ts), in the caller's transaction. With `instructorId`, only that instructor's holds (the
 * booking writes and the hold's own job call it under the instructor's lock); without, all (the
 * lapsed-holds sweep job, booking-holds.jobs.ts). Returns the ids expired.
 */
export async function expireHolds(em: EntityManager, instructorId?: string): Promise<string[]> {
  const rows = await em.execute<ExpiredRow[]>(
    `update bookings set status = 'expired', updated_at = now()
     where status = 'held' and hold_expires_at <= clock_timestamp() ${instructorId ? 'and instructor_id = ?' : ''}
     returning id, order_id, kind, session_type_id, starts_at`,
    instructorId ? [instructorId] : [],
  );
  for (const row of rows) {
    if (row.kind === 'group') await releaseSeat(em, row.session_type_id, row.starts_at);
    // The order is canceled here, its PaymentIntent at the provider by a job queued with it.
    if (row.order_id && (await cancelUnpaid(em, row.order_id)))
      await queueHoldPaymentCancel(em, row.order_id);
    await bookingChanged(em, row.id, { type: 'expired' });
  }
  return rows.map((r) => r.id);
}

/** Gives one seat of a class occurrence back (never below 0). */
export async function releaseSeat(em: EntityManager, sessionTypeId: string, startsAt: Date): Promise<void> {
  await em.execute(
    `update class_occurrences set seats_taken = seats_taken - 1
     where session_type_id = ? and starts_at = ? and seats_taken > 0`,
    [sessionTypeId, startsAt],
  );
}

/**
 * Takes one seat of a class occurrence with one guarded statement; false when it is full.
 * The occurrence row is made on its first seat with the session type's capacity.
 */
export async function takeSeat(
  em: EntityManager,
  sessionTypeId: string,
  startsAt: Date,
  capacity: number,
): Promise<boolean> {
  const rows = await em.execute<{ seats_taken: number }[]>(
    `insert into class_occurrences (session_type_id, starts_at, capacity, seats_taken) values (?, ?, ?, 1)
     on conflict (session_type_id, starts_at) do update set seats_taken = class_occurrences.seats_taken + 1
       where class_occurrences.seats_taken < class_occurrences.capacity
     returning seats_taken`,
    [sessionTypeId, startsAt, capacity],
  );
  return rows.length > 0;
}

/** Locks the instructor's profile row until the transaction ends (every booking write takes it first). */
export async function lockInstructor(
  em: EntityManager,
  instructorId: string,
): Promise<{ status: string; time_zone: string } | null> {
  return lockInstructorProfile(em, instructorId);
}
