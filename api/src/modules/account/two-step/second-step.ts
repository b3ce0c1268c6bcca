import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import { randomBytes } from 'node:crypto';
import { cookieValue } from '../../auth';
import { tokenHash } from '../account-tokens';

/**
 * A sign-in that owes its second step: no session yet, only this HttpOnly cookie holding a random
 * token (32 bytes; the table keeps its SHA-256) bound to the account and the way it signed in,
 * valid 10 minutes and used once. GraphQL (`loginSecondStep`), REST (`POST /api/login/second-step`)
 * and any redirect flow that ended in `startSignedInSession` (an identity provider's callback) hand
 * over to the code page through it.
 */
export const SECOND_STEP_COOKIE = 'drx.second-step';
export const SECOND_STEP_MINUTES = 10;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const SECOND_STEP_EXPIRED =
  'Your sign-in has expired or was not started. Please sign in again with your password.';

export interface PendingSecondStep {
  id: string;
  userId: string;
  method: string;
}

/** Records the owed second step and sets its cookie (replacing an earlier one of this browser). */
export async function beginSecondStep(
  em: EntityManager,
  res: Response,
  userId: string,
  method: string,
  secure: boolean,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await em.getConnection().execute(
    `insert into two_step_pending (user_id, token_hash, method, expires_at)
       values (?, ?, ?, now() + make_interval(mins => ?))`,
    [userId, tokenHash(token), method, SECOND_STEP_MINUTES],
  );
  setCookie(res, token, new Date(Date.now() + SECOND_STEP_MINUTES * 60_000), secure);
}

/** The live second step this request's cookie names, or null (none, expired or used). */
export async function pendingSecondStep(em: EntityManager, req: Request): Promise<PendingSecondStep | null> {
  const token = cookieValue(req.headers.cookie, SECOND_STEP_COOKIE);
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const [row] = await em.getConnection().execute<{ id: string; user_id: string; method: string }[]>(
    `select id, user_id, method from two_step_pending
      where token_hash = ? and used_at is null and expires_at > now()`,
    [tokenHash(token)],
  );
  return row ? { id: row.id, userId: row.user_id, method: row.method } : null;
}

/** Uses the pending step up (a conditional update: of two requests at once, one wins). */
export async function finishSecondStep(em: EntityManager, id: string): Promise<boolean> {
  const rows = await em
    .getConnection()
    .execute<{ id: string }[]>(
      `update two_step_pending set used_at = now() where id = ? and used_at is null and expires_at > now() returning id`,
      [id],
    );
  return rows.length > 0;
}

export function clearSecondStepCookie(res: Response, secure: boolean): void {
  setCookie(res, '', new Date(0), secure);
}

/** Housekeeping: forget second steps a day after they expired. */
export async function pruneSecondSteps(em: EntityManager): Promise<number> {
  const rows: unknown[] = await em
    .getConnection()
    .execute(`delete from two_step_pending where expires_at < now() - interval '1 day' returning id`);
  return rows.length;
}

function setCookie(res: Response, value: string, expires: Date, secure: boolean): void {
  const parts = [
    `${SECOND_STEP_COOKIE}=${value}`,
    'Path=/',
    `Expires=${expires.toUTCString()}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (secure) parts.push('Secure');
  const previous = res.getHeader('Set-Cookie');
  const others = (Array.isArray(previous) ? previous : previous ? [String(previous)] : []).filter(
    (cookie) => !cookie.startsWith(`${SECOND_STEP_COOKIE}=`),
  );
  res.setHeader('Set-Cookie', [...others, parts.join('; ')]);
}
