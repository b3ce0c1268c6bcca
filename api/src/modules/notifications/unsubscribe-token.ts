import { createHmac, timingSafeEqual } from 'node:crypto';
import { isNotificationKind, type NotificationKind } from './notification-kinds';
import { isUuid } from '../../lib/ids';

/**
 * The one-click unsubscribe token of a (user, kind): `base64url(userId:kind).base64url(HMAC)`, the
 * HMAC-SHA256 keyed with the session secret over a purpose-prefixed payload (so it can never be
 * mistaken for another signed value of the app). It does not expire: an old mail's link keeps
 * working, and all it can do is switch one kind of email off for one user.
 */

const PURPOSE = 'drx-unsubscribe-v1:';

function signature(payload: string, secret: string): Buffer {
  return createHmac('sha256', secret)
    .update(PURPOSE + payload)
    .digest();
}

/** The token for switching `kind` off for `userId`. */
export function createUnsubscribeToken(userId: string, kind: NotificationKind, secret: string): string {
  const payload = Buffer.from(`${userId}:${kind}`, 'utf8').toString('base64url');
  return `${payload}.${signature(payload, secret).toString('base64url')}`;
}

/** The user and kind of a genuine token; null for anything forged, altered or malformed. */
export function verifyUnsubscribeToken(
  token: unknown,
  secret: string,
): { userId: string; kind: NotificationKind } | null {
  if (typeof token !== 'string' || token.length > 300) return null;
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [payload, sig] = parts;
  if (!/^[A-Za-z0-9_-]+$/.test(payload) || !/^[A-Za-z0-9_-]+$/.test(sig)) return null;
  const expected = signature(payload, secret);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [userId, kind, ...rest] = Buffer.from(payload, 'base64url').toString('utf8').split(':');
  if (rest.length > 0 || !isUuid(userId) || !isNotificationKind(kind)) return null;
  return { userId, kind };
}
