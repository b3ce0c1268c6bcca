import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The invitation a store buyer without a DRX account is mailed (store-entitlements.ts): a link to
 * the register page carrying the buyer's email and a token signed for that email. DRX does not
 * verify email addresses, so only a registration (or a signed-in member, storeClaimInvite) holding
 * the token of its own email claims what waits for it — whoever merely types the buyer's address
 * gets an ordinary account and nothing else.
 *
 * The token is `base64url(HMAC-SHA256(secret, "store-invite:v1:" + lower(trim(email))))`, keyed with
 * the session secret (as unsubscribe-token.ts; the purpose prefix keeps it apart from every other
 * signed value of the app). It does not expire: a buyer may register long after the order, and
 * all it can do is claim the grants still pending for that email.
 */

const PURPOSE = 'store-invite:v1:';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

const normalEmail = (email: string) => email.trim().toLowerCase();

function signature(secret: string, email: string): Buffer {
  return createHmac('sha256', secret)
    .update(PURPOSE + normalEmail(email))
    .digest();
}

/** The invitation token of `email` (any letter case, surrounding spaces ignored). */
export function storeInviteToken(secret: string, email: string): string {
  return signature(secret, email).toString('base64url');
}

/** True when `token` is the invitation token of `email`; false for anything else, never throws. */
export function verifyStoreInviteToken(
  secret: string,
  email: string | null | undefined,
  token: unknown,
): boolean {
  if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return false;
  if (typeof email !== 'string' || !normalEmail(email)) return false;
  const expected = signature(secret, email);
  const given = Buffer.from(token, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The register page with `email` prefilled and its invitation token (the link the buyer is mailed). */
export function storeInviteUrl(publicUrl: string, secret: string, email: string): string {
  const query = new URLSearchParams({ email, storeInvite: storeInviteToken(secret, email) });
  return `${publicUrl.replace(/\/+$/, '')}/register?${query.toString()}`;
}
