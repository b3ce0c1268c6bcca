import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';

/** How long a challenge can be answered: the browser's prompt times out before it (see TIMEOUT_MS). */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** Adding a passkey, signing in with one, or confirming it is me where a password would do. */
export type ChallengePurpose = 'register' | 'authenticate' | 'confirm';

/**
 * Whose challenge it is: adding a passkey is bound to the account and its session, confirming to
 * the account (and its session when signed in); signing in to nobody.
 */
export interface ChallengeOwner {
  userId: string;
  sessionId: string | null;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Keeps a challenge the server just issued (only its SHA-256), to be answered once within 5
 * minutes. Expired challenges are swept on the way.
 */
export async function storeChallenge(
  em: EntityManager,
  purpose: ChallengePurpose,
  challenge: string,
  owner: ChallengeOwner | null,
): Promise<void> {
  await em.execute(`delete from passkey_challenges where expires_at < now()`);
  await em.execute(
    `insert into passkey_challenges (purpose, challenge_hash, user_id, session_hash, expires_at)
     values (?, ?, ?, ?, ?)`,
    [
      purpose,
      sha256(challenge),
      owner?.userId ?? null,
      owner?.sessionId ? sha256(owner.sessionId) : null,
      new Date(Date.now() + CHALLENGE_TTL_MS),
    ],
  );
}

/**
 * Uses up a challenge: true once for a live challenge of this purpose (and owner), false for an
 * unknown, expired, foreign or used one. A conditional delete: of two answers racing, one wins.
 */
export async function consumeChallenge(
  em: EntityManager,
  purpose: ChallengePurpose,
  challenge: string,
  owner: ChallengeOwner | null,
): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `delete from passkey_challenges
      where challenge_hash = ? and purpose = ? and expires_at > now()
        and user_id is not distinct from ? and session_hash is not distinct from ?
      returning id`,
    [sha256(challenge), purpose, owner?.userId ?? null, owner?.sessionId ? sha256(owner.sessionId) : null],
  );
  return rows.length === 1;
}

/** The challenge a WebAuthn response answers (from its clientDataJSON), or null when unreadable. */
export function challengeOf(clientDataJSON: unknown): string | null {
  if (typeof clientDataJSON !== 'string' || clientDataJSON.length > 10_000) return null;
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof data.challenge === 'string' && data.challenge.length > 0 && data.challenge.length <= 200
      ? data.challenge
      : null;
  } catch {
    return null;
  }
}
