import type { EntityManager } from '@mikro-orm/postgresql';
import { defineJob, defineSchedule } from '../../jobs';
import { LoginThrottle } from './login-throttle';
import { RegistrationThrottle } from './registration-throttle';

/**
 * The sign-in side's housekeeping as pg-boss cron jobs (each runs once per due minute across every
 * process and machine, retried when it fails), not a timer in each process: sign-in attempts past
 * the throttle's window, registration attempts past the hour, expired sessions. Each is one
 * idempotent delete, so a retry or a late run does no harm.
 */

export const PRUNE_LOGIN_ATTEMPTS_JOB = 'auth.prune-login-attempts';
export const PRUNE_REGISTRATION_ATTEMPTS_JOB = 'auth.prune-registration-attempts';
export const PRUNE_SESSIONS_JOB = 'auth.prune-sessions';
/** Every 15 minutes (the sign-in throttle's window), UTC. */
export const AUTH_HOUSEKEEPING_CRON = '*/15 * * * *';

/** Deletes the sessions whose expiry has passed (they are never read again); returns how many. */
export async function pruneExpiredSessions(em: EntityManager): Promise<number> {
  // `expire` is a timestamp without time zone written with to_timestamp (session-store.ts): compared
  // the same way, so both sides convert with the connection's time zone.
  const rows = await em
    .getConnection()
    .execute<{ sid: string }[]>(`delete from "session" where expire < to_timestamp(?) returning sid`, [
      Date.now() / 1000,
    ]);
  return rows.length;
}

defineJob(PRUNE_LOGIN_ATTEMPTS_JOB, async (_data, ctx) => {
  await new LoginThrottle(ctx.em).prune();
});
defineSchedule(PRUNE_LOGIN_ATTEMPTS_JOB, AUTH_HOUSEKEEPING_CRON);

defineJob(PRUNE_REGISTRATION_ATTEMPTS_JOB, async (_data, ctx) => {
  await new RegistrationThrottle(ctx.em).prune();
});
defineSchedule(PRUNE_REGISTRATION_ATTEMPTS_JOB, AUTH_HOUSEKEEPING_CRON);

defineJob(PRUNE_SESSIONS_JOB, async (_data, ctx) => {
  await pruneExpiredSessions(ctx.em);
});
defineSchedule(PRUNE_SESSIONS_JOB, AUTH_HOUSEKEEPING_CRON);
