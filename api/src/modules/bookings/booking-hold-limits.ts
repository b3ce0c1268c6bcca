import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import { readHoldLimits } from '../sellers';

/** The advisory-lock namespace of one member's booking holds (pg_advisory_xact_lock(int, int)). */
const HOLDS_LOCK_CLASS = 3301;

/**
 * Refuses a new paid hold when the member already has `bookingHoldsMax` unpaid holds running
 * (default 3: TOO_MANY_HOLDS) or started `bookingHoldsPerHour` in the last hour (default 10:
 * HOLD_RATE_LIMITED) — platform settings. Runs in the booking's transaction, after the instructor's
 * lock: it first takes the member's own transaction-scoped advisory lock, so concurrent holds of
 * one member (at any instructors) are counted one after another and each sees the others'
 * committed holds; the lock is released when the transaction that inserts the hold ends.
 */
export async function assertHoldAllowed(em: EntityManager, clientId: string): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(?, hashtext(?::text))`, [HOLDS_LOCK_CLASS, clientId]);
  const limits = await readHoldLimits(em);
  const [row] = await em.execute<{ active: number; recent: number }[]>(
    `select count(*) filter (where status = 'held' and hold_expires_at > clock_timestamp())::int as active,
            count(*) filter (where hold_started_at > clock_timestamp() - interval '1 hour')::int as recent
     from bookings
     where client_id = ? and (status = 'held' or hold_started_at > clock_timestamp() - interval '1 hour')`,
    [clientId],
  );
  if (Number(row.active) >= limits.max) {
    throw new DomainError(
      'TOO_MANY_HOLDS',
      `You are already holding ${limits.max === 1 ? 'an unpaid session' : `${limits.max} unpaid sessions`} — pay for or cancel one before booking another`,
    );
  }
  if (Number(row.recent) >= limits.perHour) {
    throw new DomainError(
      'HOLD_RATE_LIMITED',
      `You have started ${limits.perHour} paid bookings in the last hour — please try again later`,
    );
  }
}
