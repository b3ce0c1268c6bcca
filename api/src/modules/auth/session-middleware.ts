import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SessionStore, StoredSession } from './session-store';

/** A session's expiry (and its cookie's) is pushed forward at most this often. */
export const SESSION_TOUCH_INTERVAL_MS = 10 * 60 * 1000;

export interface SessionOptions {
  store: SessionStore;
  /** The cookie's name. */
  name: string;
  secret: string;
  /** How long a session lasts after its last use. */
  maxAgeMs: number;
  secure: boolean;
  /**
   * false: the session is read without its user's row, only whether the user still exists — a
   * session whose user is gone then has no `userId`, and `userRow` is never set. For a route that
   * needs only the user's id (the cart poll). Default true.
   */
  userRow?: boolean;
}

/** The request's session: who is signed in, and the way to sign in and out. */
export interface RequestSession {
  /** The session id, or null when the request has no valid session. */
  readonly id: string | null;
  /** The signed-in user's id, or undefined. */
  readonly userId: string | undefined;
  /** The user's `users` row, read with the session (undefined: not read in this request). */
  readonly userRow: Record<string, unknown> | undefined;
  /** Starts a fresh session for the user under a new id (no session fixation); sets the cookie. */
  start(userId: string): Promise<void>;
  /** Deletes the session server-side and clears the cookie. */
  end(): Promise<void>;
}

declare module 'express-serve-static-core' {
  interface Request {
    session: RequestSession;
  }
}

function sign(value: string, secret: string): string {
  return `${value}.${createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '')}`;
}

const VERIFIED_COOKIES_MAX = 10_000;

/**
 * Cookie values already verified with this process's secret → their session id: a member's
 * browser sends the same cookie with every poll, and a hit is an exact match of the whole signed
 * value, so it proves what the HMAC proved. Bounded (cleared when full); a session's end is
 * decided by the database read, not here.
 */
function verifiedCookies(secret: string) {
  const verified = new Map<string, string>();
  return (raw: string): string | null => {
    const known = verified.get(raw);
    if (known !== undefined) return known;
    const sid = unsignSessionCookie(raw, secret);
    if (sid) {
      if (verified.size >= VERIFIED_COOKIES_MAX) verified.clear();
      verified.set(raw, sid);
    }
    return sid;
  };
}

/** The session id of a signed cookie value (`s:<sid>.<hmac>`, express-session's format), or null. */
export function unsignSessionCookie(raw: string, secret: string): string | null {
  if (!raw.startsWith('s:')) return null;
  const signed = raw.slice(2);
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return null;
  const expected = Buffer.from(sign(signed.slice(0, dot), secret));
  const given = Buffer.from(signed);
  return expected.length === given.length && timingSafeEqual(expected, given) ? signed.slice(0, dot) : null;
}

/** One cookie's value from a Cookie header, or null (no full parse: the header is read on every request). */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  let at = 0;
  while (at < header.length) {
    const end = header.indexOf(';', at);
    const part = header.slice(at, end === -1 ? header.length : end).trim();
    if (part.startsWith(`${name}=`)) {
      const value = part.slice(name.length + 1);
      try {
        return value.includes('%') ? decodeURIComponent(value) : value;
      } catch {
        return null;
      }
    }
    if (end === -1) break;
    at = end + 1;
  }
  return null;
}

class Session implements RequestSession {
  constructor(
    private readonly options: SessionOptions,
    private readonly req: Request,
    private readonly res: Response,
    public id: string | null,
    public userId: string | undefined,
    public userRow: Record<string, unknown> | undefined,
  ) {}

  async start(userId: string): Promise<void> {
    const { store, maxAgeMs } = this.options;
    if (this.id) await store.destroy(this.id);
    const sid = randomBytes(24).toString('base64url');
    const expiresAt = Date.now() + maxAgeMs;
    // Where and on what it began, for the account's list of its sessions (account/sessions.ts).
    await store.create(sid, userId, expiresAt, {
      ip: this.req.ip ?? null,
      userAgent: this.req.headers['user-agent']?.slice(0, 400) ?? null,
      createdAt: Date.now(),
    });
    this.id = sid;
    this.userId = userId;
    this.userRow = undefined;
    setSessionCookie(this.res, this.options, sign(sid, this.options.secret), expiresAt);
  }

  async end(): Promise<void> {
    if (this.id) await this.options.store.destroy(this.id);
    this.id = null;
    this.userId = undefined;
    this.userRow = undefined;
    setSessionCookie(this.res, this.options, '', 0);
  }
}

/** Sets (or with expiresAt 0 clears) the session cookie, replacing one set earlier in the response. */
function setSessionCookie(res: Response, options: SessionOptions, value: string, expiresAt: number): void {
  const parts = [
    `${options.name}=${value ? encodeURIComponent(`s:${value}`) : ''}`,
    'Path=/',
    `Expires=${new Date(expiresAt).toUTCString()}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (options.secure) parts.push('Secure');
  const previous = res.getHeader('Set-Cookie');
  const others = (Array.isArray(previous) ? previous : previous ? [String(previous)] : []).filter(
    (cookie) => !cookie.startsWith(`${options.name}=`),
  );
  res.setHeader('Set-Cookie', [...others, parts.join('; ')]);
}

/**
 * Sessions in PostgreSQL behind a signed, HttpOnly, SameSite=Lax cookie (`s:<sid>.<hmac-sha256>`,
 * as express-session wrote it). Per request: one header scan, one HMAC (once per cookie value and
 * process), one prepared statement
 * that reads the session and its user's row. A session lasts `maxAgeMs` after its last use: its
 * expiry and its cookie are pushed forward at most every 10 minutes (one UPDATE then, none on the
 * requests in between). Guests get no cookie and no row.
 *
 * Replaces express-session + connect-pg-simple, which on every request parsed every cookie,
 * hashed the session twice to detect changes, wrapped `res.end` and `res.writeHead`, and built
 * Session and Cookie objects: a tenth of the CPU of a cart poll.
 */
export function sessionMiddleware(options: SessionOptions): RequestHandler {
  const { store, name, secret } = options;
  const withUserRow = options.userRow ?? true;
  const sessionIdOf = verifiedCookies(secret);
  return (req: Request, res: Response, next: NextFunction) => {
    const raw = cookieValue(req.headers.cookie, name);
    const sid = raw ? sessionIdOf(raw) : null;
    if (!sid) {
      req.session = new Session(options, req, res, null, undefined, undefined);
      return next();
    }
    store.read(sid, withUserRow).then((stored) => {
      if (!stored) {
        req.session = new Session(options, req, res, null, undefined, undefined);
        return next();
      }
      req.session = withUserRow
        ? new Session(options, req, res, sid, stored.userId ?? undefined, stored.user ?? undefined)
        : new Session(
            options,
            req,
            res,
            sid,
            stored.user ? (stored.userId ?? undefined) : undefined,
            undefined,
          );
      const touched = keepAlive(options, res, sid, stored);
      if (touched) return touched.then(() => next(), next);
      next();
    }, next);
  };
}

/**
 * Pushes a session used now forward (its expiry and its cookie) when its last push is over 10
 * minutes old: the UPDATE's promise then, else undefined (nothing to wait for).
 */
function keepAlive(
  options: SessionOptions,
  res: Response,
  sid: string,
  stored: StoredSession,
): Promise<void> | undefined {
  const now = Date.now();
  if (stored.expiresAt - now >= options.maxAgeMs - SESSION_TOUCH_INTERVAL_MS) return undefined;
  const expiresAt = now + options.maxAgeMs;
  setSessionCookie(res, options, sign(sid, options.secret), expiresAt);
  return options.store.touch(sid, expiresAt);
}

/** Reads a request's session and its user's rows of one statement: see `sessionWithRows`. */
export type SessionRowsReader = <T>(
  req: Request,
  res: Response,
  statement: { name: string; sql: (user: string) => string },
) => Promise<T[]>;

/**
 * For a route that reads the session itself, in the statement that reads its own rows for the
 * signed-in user (`SessionStore.readWith`): one round trip where `sessionMiddleware` in front of it
 * and the route's read took two. Sets `req.session` as `sessionMiddleware({ userRow: false })`
 * would, pushes the session forward as it would, and returns the user's rows — none for a guest,
 * an unknown or expired session, or a user who is gone. The cart poll (cart/cart-list.route.ts).
 */
export function sessionWithRows(options: SessionOptions): SessionRowsReader {
  const sessionIdOf = verifiedCookies(options.secret);
  return async (req, res, statement) => {
    const raw = cookieValue(req.headers.cookie, options.name);
    const sid = raw ? sessionIdOf(raw) : null;
    const found = sid ? await options.store.readWith<never>(sid, statement) : null;
    if (!sid || !found) {
      req.session = new Session(options, req, res, null, undefined, undefined);
      return [];
    }
    const { session, rows } = found;
    req.session = new Session(
      options,
      req,
      res,
      sid,
      session.user ? (session.userId ?? undefined) : undefined,
      undefined,
    );
    await keepAlive(options, res, sid, session);
    return rows;
  };
}
