import type { EntityManager } from '@mikro-orm/postgresql';
import Bowser from 'bowser';
import { createHash } from 'node:crypto';
import { DomainError } from '../../graphql/errors';
import { deleteAccountSession, deleteAccountSessions, liveSessionsOf, SESSION_MAX_AGE_MS } from '../auth';
import type { User } from '../users';
import { mailSessionsEnded } from './account-mail';
import { type EventOrigin, recordSecurityEvent } from './security-events';
import { placeOf } from './session-place';

/** One of the account's signed-in sessions, as its owner sees it. */
export interface AccountSessionView {
  /** Not the session id (which is the cookie's secret): a hash of it, to name the session. */
  id: string;
  current: boolean;
  browser: string | null;
  os: string | null;
  /** desktop, mobile, tablet, tv — or null when the browser did not say. */
  device: string | null;
  ipAddress: string | null;
  /** The country of a public address ("Germany"); null for a local, IPv6 or unknown one. */
  place: string | null;
  createdAt: Date | null;
  lastActiveAt: Date;
}

/** The public name of a session: a hash of its id (the id itself signs in whoever holds it). */
export const sessionHandle = (sid: string) => createHash('sha256').update(sid).digest('hex').slice(0, 32);

function describeAgent(userAgent: string | null | undefined) {
  if (!userAgent) return { browser: null, os: null, device: null };
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ');
  return { browser: browser || null, os: os || null, device: parsed.platform.type ?? null };
}

/**
 * The account's live sessions, the most recently used first, with where and on what each began.
 * "Last active" is within 10 minutes (a session's expiry is pushed forward at most that often).
 * The place is looked up only here (session-place.ts loads its table on the first public address).
 */
export async function listSessions(
  em: EntityManager,
  userId: string,
  currentSid: string | null,
): Promise<AccountSessionView[]> {
  const rows = await liveSessionsOf(em, userId);
  const sessions = await Promise.all(
    rows.map(async (row): Promise<AccountSessionView> => {
      const { sess } = row;
      return {
        id: sessionHandle(row.sid),
        current: row.sid === currentSid,
        ...describeAgent(sess.userAgent),
        ipAddress: sess.ip ?? null,
        place: await placeOf(sess.ip),
        createdAt: sess.createdAt ? new Date(sess.createdAt) : null,
        lastActiveAt: new Date(Math.min(Date.now(), Number(row.expire_ms) - SESSION_MAX_AGE_MS)),
      };
    }),
  );
  return sessions.sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.getTime() - a.lastActiveAt.getTime(),
  );
}

/** Ends one of the account's sessions by its handle; this one is ended by signing out instead. */
export async function endSessionByHandle(
  em: EntityManager,
  userId: string,
  handle: string,
  currentSid: string | null,
  origin: EventOrigin,
): Promise<void> {
  const target = (await liveSessionsOf(em, userId)).find((row) => sessionHandle(row.sid) === handle);
  if (!target) throw new DomainError('NOT_FOUND', 'This session has already ended.', 'id');
  if (target.sid === currentSid) {
    throw new DomainError('INVALID_INPUT', 'This is the session you are using: sign out instead.', 'id');
  }
  await em.transactional(async (tem) => {
    await deleteAccountSession(tem, userId, target.sid);
    await recordSecurityEvent(tem, userId, 'session_ended', origin);
  });
}

/**
 * "Sign out everywhere else": ends every other session of the account, records it and tells the
 * account's email (when any ended). Returns how many ended.
 */
export async function endOtherSessions(
  em: EntityManager,
  user: User,
  currentSid: string | null,
  publicUrl: string,
  origin: EventOrigin,
): Promise<number> {
  return em.transactional(async (tem) => {
    const ended = await endSessions(tem, user.id, currentSid);
    if (!ended) return 0;
    await recordSecurityEvent(tem, user.id, 'other_sessions_ended', origin, String(ended));
    if (user.email) await mailSessionsEnded(tem, user.email, user, ended, publicUrl);
    return ended;
  });
}

/** Ends every session of the account but `keep` (null: all); returns how many ended. */
export function endSessions(em: EntityManager, userId: string, keep: string | null): Promise<number> {
  return deleteAccountSessions(em, userId, keep);
}
