import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import { isNewAccount } from '../users';

/**
 * Abuse limits of messages, counted in the database (docs/messaging.md). The caller holds the
 * sender's advisory lock (lockSender) in the send transaction, so two concurrent sends of one user
 * cannot both pass the last free place, in one process or many.
 */
export const MESSAGES_PER_MINUTE = 30;
export const NEW_ACCOUNT_DAYS = 7;
export const NEW_ACCOUNT_CONVERSATIONS_PER_DAY = 10;

export const TOO_FAST = 'You are sending messages too fast. Try again in a minute.';
export const TOO_MANY_CONVERSATIONS = 'New accounts can start 10 conversations a day. Try again tomorrow.';

/** Serialises one user's sends until the caller's transaction ends. */
export async function lockSender(em: EntityManager, userId: string): Promise<void> {
  await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`messaging:${userId}`]);
}

/** RATE_LIMITED when the user sent 30 messages in the last minute. */
export async function assertSendRate(em: EntityManager, userId: string): Promise<void> {
  const [row] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from messages
      where sender_id = ? and created_at > clock_timestamp() - interval '1 minute'`,
    [userId],
  );
  if (row.n >= MESSAGES_PER_MINUTE) throw new DomainError('RATE_LIMITED', TOO_FAST);
}

/** RATE_LIMITED when an account younger than 7 days started 10 conversations in the last 24 hours. */
export async function assertStartRate(em: EntityManager, userId: string): Promise<void> {
  if (!(await isNewAccount(em, userId, NEW_ACCOUNT_DAYS))) return;
  const [row] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from conversations c
      where c.created_by = ? and c.created_at > now() - interval '24 hours'`,
    [userId],
  );
  if (row.n >= NEW_ACCOUNT_CONVERSATIONS_PER_DAY)
    throw new DomainError('RATE_LIMITED', TOO_MANY_CONVERSATIONS);
}
