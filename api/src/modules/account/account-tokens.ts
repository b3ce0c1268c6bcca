import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash, randomBytes } from 'node:crypto';

/** What a mailed link lets its holder do. */
export type AccountTokenPurpose = 'verify_email' | 'reset_password';

/** How long a link works (OWASP's Forgot Password cheat sheet: short for a reset). */
export const TOKEN_LIFETIME_MINUTES: Record<AccountTokenPurpose, number> = {
  reset_password: 30,
  verify_email: 7 * 24 * 60,
};

/** A token as the link carries it: 32 random bytes, base64url (43 characters). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Only this is stored: the token has 256 random bits, so one SHA-256 (no salt, no stretching) makes
 * a leaked table useless, and the lookup by hash compares nothing secret in JavaScript — the
 * database finds the row by an index over hashes, which no timing reveals the token from.
 */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Makes a single-use token for `userId` inside the caller's transaction (so a rolled-back change
 * leaves no working link) and returns it for the mail; `email`: the address it proves, for
 * verification. Earlier unused tokens of the same purpose stop working: only the newest link does.
 */
export async function issueAccountToken(
  em: EntityManager,
  userId: string,
  purpose: AccountTokenPurpose,
  email: string | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await em.execute(
    `update account_tokens set used_at = now() where user_id = ? and purpose = ? and used_at is null`,
    [userId, purpose],
  );
  await em.execute(
    `insert into account_tokens (user_id, purpose, token_hash, email, expires_at)
     values (?, ?, ?, ?, now() + make_interval(mins => ?))`,
    [userId, purpose, tokenHash(token), email, TOKEN_LIFETIME_MINUTES[purpose]],
  );
  return token;
}

export interface UsedToken {
  userId: string;
  email: string | null;
}

/**
 * Uses a token once: one conditional update marks it used if it is this purpose's, unused and not
 * expired, so of two uses racing exactly one gets it. Null for anything else (malformed, unknown,
 * used, expired) — the caller says "invalid or expired" for all of them.
 */
export async function useAccountToken(
  em: EntityManager,
  purpose: AccountTokenPurpose,
  token: string,
): Promise<UsedToken | null> {
  if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return null;
  const rows = await em.execute<{ user_id: string; email: string | null }[]>(
    `update account_tokens set used_at = now()
     where token_hash = ? and purpose = ? and used_at is null and expires_at > now()
     returning user_id, email`,
    [tokenHash(token), purpose],
  );
  return rows[0] ? { userId: rows[0].user_id, email: rows[0].email } : null;
}

/** Whether a token would work now (without using it): to say a dead link first. */
export async function accountTokenUsable(
  em: EntityManager,
  purpose: AccountTokenPurpose,
  token: string,
): Promise<boolean> {
  if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return false;
  const rows = await em.execute<{ id: string }[]>(
    `select id from account_tokens where token_hash = ? and purpose = ? and used_at is null and expires_at > now()`,
    [tokenHash(token), purpose],
  );
  return rows.length > 0;
}

/** Housekeeping: forget tokens a day after they expired. */
export async function pruneAccountTokens(em: EntityManager): Promise<number> {
  const rows: unknown[] = await em
    .getConnection()
    .execute(`delete from account_tokens where expires_at < now() - interval '1 day' returning id`);
  return rows.length;
}
