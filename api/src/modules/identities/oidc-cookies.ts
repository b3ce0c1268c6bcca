import type { Request, Response } from 'express';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { cookieValue } from '../auth';

/**
 * The short-lived, signed, HttpOnly cookies of a sign-in with the identity provider, sent only to
 * /api/auth/oidc: the attempt (PKCE verifier, state, nonce and where to go back, from the start to
 * the callback) and a pending link (who the provider vouched for, until they prove the account
 * with the same email). Each is signed with the session secret under its own name (no cookie's
 * signature passes as another's), carries its own expiry, and is cleared when used.
 */
export const ATTEMPT_COOKIE = 'drx.oidc';
export const LINK_COOKIE = 'drx.oidc-link';
const COOKIE_PATH = '/api/auth/oidc';

/** How long a person has at the provider (start → callback). */
export const ATTEMPT_TTL_MS = 10 * 60 * 1000;
/** How long the "enter its password to link" page stays valid. */
export const LINK_TTL_MS = 15 * 60 * 1000;

export interface OidcAttempt {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string | null;
}

export interface PendingLink {
  issuer: string;
  subject: string;
  email: string;
  /** The account with that email, which the person must prove. */
  userId: string;
  returnTo: string | null;
}

function sign(name: string, payload: string, secret: string): string {
  return createHmac('sha256', secret).update(`${name}\n${payload}`).digest('base64url');
}

/** Adds a Set-Cookie header, keeping those set earlier in the response (the session's, the device's). */
function appendCookie(res: Response, cookie: string): void {
  const previous = res.getHeader('Set-Cookie');
  const all = Array.isArray(previous) ? previous : previous ? [String(previous)] : [];
  res.setHeader('Set-Cookie', [...all, cookie]);
}

function writeCookie(
  res: Response,
  name: string,
  value: object,
  ttlMs: number,
  options: { secret: string; secure: boolean },
): void {
  const payload = Buffer.from(JSON.stringify({ ...value, exp: Date.now() + ttlMs })).toString('base64url');
  const parts = [
    `${name}=${payload}.${sign(name, payload, options.secret)}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${Math.floor(ttlMs / 1000)}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (options.secure) parts.push('Secure');
  appendCookie(res, parts.join('; '));
}

function readCookie<T>(req: Request, name: string, secret: string): T | null {
  const raw = cookieValue(req.headers.cookie, name);
  if (!raw) return null;
  const dot = raw.lastIndexOf('.');
  if (dot <= 0) return null;
  const payload = raw.slice(0, dot);
  const expected = Buffer.from(sign(name, payload, secret));
  const given = Buffer.from(raw.slice(dot + 1));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as T & { exp?: unknown };
    if (typeof value.exp !== 'number' || value.exp < Date.now()) return null;
    return value;
  } catch {
    return null;
  }
}

export function clearOidcCookie(res: Response, name: string, secure: boolean): void {
  appendCookie(
    res,
    `${name}=; Path=${COOKIE_PATH}; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
}

export const writeAttempt = (
  res: Response,
  attempt: OidcAttempt,
  options: { secret: string; secure: boolean },
) => writeCookie(res, ATTEMPT_COOKIE, attempt, ATTEMPT_TTL_MS, options);

/** The attempt of this browser, when its signature holds and it has not expired; else null. */
export function readAttempt(req: Request, secret: string): OidcAttempt | null {
  const value = readCookie<OidcAttempt>(req, ATTEMPT_COOKIE, secret);
  return value &&
    typeof value.state === 'string' &&
    typeof value.nonce === 'string' &&
    typeof value.codeVerifier === 'string'
    ? value
    : null;
}

export const writePendingLink = (
  res: Response,
  link: PendingLink,
  options: { secret: string; secure: boolean },
) => writeCookie(res, LINK_COOKIE, link, LINK_TTL_MS, options);

export function readPendingLink(req: Request, secret: string): PendingLink | null {
  const value = readCookie<PendingLink>(req, LINK_COOKIE, secret);
  return value &&
    typeof value.issuer === 'string' &&
    typeof value.subject === 'string' &&
    typeof value.userId === 'string'
    ? value
    : null;
}
