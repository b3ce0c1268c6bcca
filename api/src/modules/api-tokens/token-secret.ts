import { createHash, randomBytes } from 'node:crypto';

/** Every token starts with this, so secret scanners (and people) can tell what leaked. */
export const TOKEN_PREFIX = 'drx_';
/** How much of a token is kept in clear to tell tokens apart in lists (`drx_` + 6 characters). */
export const SHOWN_PREFIX_LENGTH = TOKEN_PREFIX.length + 6;

/** A new token: `drx_` + 32 random bytes, base64url (43 characters). Shown once, never stored. */
export function newTokenSecret(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/**
 * What is stored: SHA-256 of the token, hex. A token carries 256 random bits, so a fast hash is
 * enough (nothing to brute-force, unlike a password) and a lookup is one indexed equality.
 */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether a bearer value has the shape of one of our tokens (checked before any database read). */
export function looksLikeToken(value: string): boolean {
  return /^drx_[A-Za-z0-9_-]{43}$/.test(value);
}
