import type { EntityManager } from '@mikro-orm/postgresql';
import { defineJob, defineSchedule } from '../jobs';
import { RATE_LIMIT_TABLE } from './rate-limit';

/** Deletes the rate limit counters of windows that have ended (http/rate-limit.ts). */
export const PRUNE_RATE_LIMITS_JOB = 'rate-limits.prune';

/** Deletes counters whose window ended (a new request starts a new row); returns how many. */
export async function pruneRateLimits(em: EntityManager, now = Date.now()): Promise<number> {
  const rows = await em
    .getConnection()
    .execute<{ key: string }[]>(`delete from "${RATE_LIMIT_TABLE}" where expire < ? returning key`, [now]);
  return rows.length;
}

// Every 10 minutes, once across all processes (pg-boss cron), instead of the library's timer in each.
defineJob(PRUNE_RATE_LIMITS_JOB, async (_data, ctx) => {
  await pruneRateLimits(ctx.em);
});
defineSchedule(PRUNE_RATE_LIMITS_JOB, '*/10 * * * *');
