import type { EntityManager } from '@mikro-orm/postgresql';
import { defineJob, defineSchedule, jobs } from '../../jobs';
import { expireHolds, lockInstructor } from './booking-holds';

/** Expires a booking's hold at its expiry (and any other lapsed holds of its instructor). */
export const BOOKING_HOLD_EXPIRY_JOB = 'booking.hold-expiry';

interface HoldExpiryData {
  bookingId: string;
}

/** Queues the hold's expiry job in the caller's transaction (it exists only if that commits). */
export async function scheduleHoldExpiry(em: EntityManager, bookingId: string, at: Date): Promise<void> {
  const data: HoldExpiryData = { bookingId };
  await jobs.send(BOOKING_HOLD_EXPIRY_JOB, data, {
    startAfter: new Date(at.getTime() + 1000),
    singletonKey: `hold:${bookingId}`,
    em,
  });
}

defineJob<HoldExpiryData>(BOOKING_HOLD_EXPIRY_JOB, async (data, ctx) => {
  await ctx.em.transactional(async (tem) => {
    const [row] = await tem.execute<{ instructor_id: string }[]>(
      `select instructor_id from bookings where id = ? and status = 'held'`,
      [data.bookingId],
    );
    if (!row) return;
    await lockInstructor(tem, row.instructor_id);
    await expireHolds(tem, row.instructor_id);
  });
});

/**
 * Every hold that ran out, every 15 minutes (UTC): a backstop for a hold whose own job was lost or
 * failed for good. A pg-boss cron job, so one process of all runs it each time.
 */
export const EXPIRE_LAPSED_HOLDS_JOB = 'booking.expire-lapsed-holds';
export const EXPIRE_LAPSED_HOLDS_CRON = '*/15 * * * *';

defineJob(EXPIRE_LAPSED_HOLDS_JOB, async (_data, ctx) => {
  await ctx.em.transactional((tem) => expireHolds(tem));
});
defineSchedule(EXPIRE_LAPSED_HOLDS_JOB, EXPIRE_LAPSED_HOLDS_CRON);
