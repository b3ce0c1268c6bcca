import type { Request, Response } from 'express';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { cookieValue } from './session-middleware';

/**
 * The "device cookie" of OWASP's protection against account lockout (Authentication Cheat Sheet,
 * "Slow Down Online Guessing Attacks with Device Cookies"): set at every successful sign-in, it
 * names this browser (a random id) and the accounts that signed in on it, signed with the session
 * secret. A sign-in to one of those accounts from this browser is counted against this device, not
 * against the account, so failures of strangers cannot lock the owner out of a browser they used
 * before.
 */
export const DEVICE_COOKIE = 'drx.device';

/** How long a browser stays known after its last successful sign-in. */
const DEVICE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;
/** Accounts remembered per browser (the most recent). */
const MAX_ACCOUNTS = 5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

export interface KnownDevice {
  /** The browser's random id. */
  id: string;
  /** Accounts that signed in successfully on it, most recent first. */
  userIds: string[];
}

function signature(payload: string, secret: string): string {
  // Its own prefix: a device cookie's signature can never pass as a session cookie's, or back.
  return createHmac('sha256', secret).update(`${DEVICE_COOKIE}\n${payload}`).digest('base64url');
}

/** The device of a request's cookie when its signature holds, else null. */
export function readKnownDevice(req: Request, secret: string): KnownDevice | null {
  const raw = cookieValue(req.headers.cookie, DEVICE_COOKIE);
  if (!raw) return null;
  const dot = raw.lastIndexOf('.');
  if (dot <= 0) return null;
  const payload = raw.slice(0, dot);
  const expected = Buffer.from(signature(payload, secret));
  const given = Buffer.from(raw.slice(dot + 1));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [id, users = ''] = payload.split(':');
  const userIds = users.split('~').filter((u) => UUID.test(u));
  return DEVICE_ID.test(id) ? { id, userIds } : null;
}

/** Whether `userId` signed in successfully on this browser before. */
export function isKnownFor(device: KnownDevice | null, userId: string | undefined): device is KnownDevice {
  return !!device && !!userId && device.userIds.includes(userId);
}

/** After a successful sign-in (or registration): this browser is known for the user from now on. */
export function rememberDevice(
  res: Response,
  device: KnownDevice | null,
  userId: string,
  options: { secret: string; secure: boolean },
): void {
  const id = device?.id ?? randomBytes(16).toString('base64url');
  const userIds = [userId, ...(device?.userIds ?? []).filter((u) => u !== userId)].slice(0, MAX_ACCOUNTS);
  const payload = `${id}:${userIds.join('~')}`;
  const parts = [
    `${DEVICE_COOKIE}=${payload}.${signature(payload, options.secret)}`,
    'Path=/',
    `Expires=${new Date(Date.now() + DEVICE_MAX_AGE_MS).toUTCString()}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (options.secure) parts.push('Secure');
  // After the session cookie, replacing a device cookie set earlier in the same response.
  const previous = res.getHeader('Set-Cookie');
  const others = (Array.isArray(previous) ? previous : previous ? [String(previous)] : []).filter(
    (cookie) => !cookie.startsWith(`${DEVICE_COOKIE}=`),
  );
  res.setHeader('Set-Cookie', [...others, parts.join('; ')]);
}
