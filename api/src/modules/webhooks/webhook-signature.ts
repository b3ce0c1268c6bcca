import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the secret is `whsec_` followed by
 * the base64 of random bytes; the signature of a message is
 * `v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<body>")>` with the decoded key.
 */

const SECRET_PREFIX = 'whsec_';

/** A new endpoint secret: 32 random bytes (the spec asks for 24 to 64). */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** The HMAC key of a `whsec_…` secret. */
export function secretKey(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('A webhook secret starts with whsec_');
  return Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
}

/** The `webhook-signature` header value for one message. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret))
    .update(`${id}.${timestampSeconds}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}

/**
 * Whether `signatureHeader` (space-separated `v1,<sig>` entries, as receivers see it) holds a valid
 * signature of the message. For our own checks; receivers use their own verifier (docs/api.md).
 */
export function verifyWebhookSignature(
  secret: string,
  id: string,
  timestampSeconds: number,
  body: string,
  signatureHeader: string,
): boolean {
  const expected = Buffer.from(signWebhook(secret, id, timestampSeconds, body).slice(3), 'base64');
  return signatureHeader.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** A new message id (`webhook-id`): unique, and the receiver's key for deduplication. */
export function newMessageId(): string {
  return `msg_${randomBytes(18).toString('base64url')}`;
}
