import type { EntityManager } from '@mikro-orm/postgresql';
import type { SessionOrigin } from './session-store';

/**
 * An account's sessions for the account module (its sessions page, "sign out everywhere else",
 * the sign-outs of a password change or reset) and the passkeys module (how old the session is).
 * The `session` table is auth's: the session store writes it, so its layout is read only here.
 */

/** A live session of an account: its id, what `sess` holds beside the user, and its expiry. */
export interface AccountSessionRow {
  sid: string;
  sess: { userId?: string } & Partial<SessionOrigin>;
  /** ms since the epoch */
  expire_ms: number;
}

/** The account's sessions not expired yet. */
export async function liveSessionsOf(em: EntityManager, userId: string): Promise<AccountSessionRow[]> {
  const rows = await em.execute<AccountSessionRow[]>(
    `select sid, sess, extract(epoch from expire::timestamptz) * 1000 as expire_ms from "session"
     where sess->>'userId' = ? and expire >= to_timestamp(?)`,
    [userId, Date.now() / 1000],
  );
  return rows.map((row) => ({
    ...row,
    sess: typeof row.sess === 'string' ? (JSON.parse(row.sess) as AccountSessionRow['sess']) : row.sess,
  }));
}

/** Ends the session `sid` if it is the account's. */
export async function deleteAccountSession(em: EntityManager, userId: string, sid: string): Promise<void> {
  await em.execute(`delete from "session" where sid = ? and sess->>'userId' = ?`, [sid, userId]);
}

/** Ends every session of the account but `keep` (null: all); returns how many ended. */
export async function deleteAccountSessions(
  em: EntityManager,
  userId: string,
  keep: string | null,
): Promise<number> {
  const rows = await em.execute<{ sid: string }[]>(
    `delete from "session" where sess->>'userId' = ? and sid is distinct from ? returning sid`,
    [userId, keep],
  );
  return rows.length;
}

/** When the session `sid` began (ms since the epoch), or null. */
export async function sessionStartedAt(em: EntityManager, sid: string): Promise<number | null> {
  const [row] = await em.execute<{ createdAt: string | null }[]>(
    `select sess->>'createdAt' as "createdAt" from "session" where sid = ?`,
    [sid],
  );
  const at = Number(row?.createdAt);
  return Number.isFinite(at) && at > 0 ? at : null;
}
