import type { EntityManager } from '@mikro-orm/postgresql';
import { listSessions } from './sessions';

/**
 * The account module's part of "download my data" and "delete my account" (privacy module, GDPR art.
 * 15/17/20): the person's sessions and security events; on deletion, their account links and
 * two-step credentials go and the security events keep kinds and times only.
 */

/** The sessions (without their handles) and the security events, oldest first. */
export async function exportAccountData(
  em: EntityManager,
  userId: string,
  currentSessionId: string | null,
): Promise<{ sessions: Record<string, unknown>[]; securityEvents: Record<string, unknown>[] }> {
  const securityEvents = await em.execute<Record<string, unknown>[]>(
    `select kind, ip, user_agent as "userAgent", detail, created_at as "createdAt"
     from security_events where user_id = ? order by created_at`,
    [userId],
  );
  const sessions = (await listSessions(em, userId, currentSessionId)).map(({ id: _handle, ...rest }) => rest);
  return { sessions, securityEvents };
}

/**
 * Inside the deletion's transaction: the account's links (verification, reset) and its two-step
 * credentials (secrets, recovery codes, pending second steps) go; its security events lose the
 * address, browser and detail they came with.
 */
export async function eraseAccountData(em: EntityManager, userId: string): Promise<void> {
  await em.execute(`delete from account_tokens where user_id = ?`, [userId]);
  await em.execute(`delete from two_step_secrets where user_id = ?`, [userId]);
  await em.execute(`delete from two_step_recovery_codes where user_id = ?`, [userId]);
  await em.execute(`delete from two_step_pending where user_id = ?`, [userId]);
  await em.execute(
    `update security_events set ip = null, user_agent = null, detail = null where user_id = ?`,
    [userId],
  );
}
