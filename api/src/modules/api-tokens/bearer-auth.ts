import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { RequestSession } from '../auth';
import type { ApiTokenStore } from './api-token-store';
import './api-token-request';
import { looksLikeToken, tokenHash } from './token-secret';

export const MALFORMED_AUTHORIZATION = 'The Authorization header must be "Bearer <API token>".';
export const INVALID_TOKEN = 'The API token is invalid, expired or revoked.';

/** A bearer request's "session": its token's owner; it cannot sign in or out. */
class TokenSession implements RequestSession {
  readonly id = null;
  constructor(
    readonly userId: string,
    readonly userRow: Record<string, unknown>,
  ) {}

  async start(): Promise<void> {
    throw new Error('A request made with an API token cannot start a session');
  }

  async end(): Promise<void> {
    throw new Error('A request made with an API token has no session to end');
  }
}

function refuse(res: Response, message: string, error: 'invalid_request' | 'invalid_token'): void {
  res
    .status(401)
    .set('www-authenticate', `Bearer realm="drx", error="${error}"`)
    .json({ message, code: 'UNAUTHENTICATED' });
}

/**
 * Who a request is: with `Authorization: Bearer <token>` the token's owner (req.apiToken set; the
 * session cookie is ignored, and an invalid token is 401, never a fallback to the cookie);
 * otherwise the cookie session (`sessions`). Scopes are enforced by the graph's plugin
 * (scope-plugin.ts) and, for the REST endpoints that are not graph operations, by `requireScope`.
 */
export function bearerOrSession(store: ApiTokenStore, sessions: RequestHandler): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const header = req.headers.authorization;
    if (header === undefined) return sessions(req, res, next);
    const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header);
    if (!match) return refuse(res, MALFORMED_AUTHORIZATION, 'invalid_request');
    const token = match[1];
    if (!looksLikeToken(token)) return refuse(res, INVALID_TOKEN, 'invalid_token');
    store
      .read(tokenHash(token))
      .then(async (found) => {
        if (!found) return refuse(res, INVALID_TOKEN, 'invalid_token');
        req.apiToken = { id: found.id, userId: found.userId, scopes: found.scopes };
        req.session = new TokenSession(found.userId, found.user);
        await store.touch(found);
        next();
      })
      .catch(next);
  };
}

/** Whether a request carries an Authorization: Bearer header (so the cookie CSRF rules do not apply). */
export function hasBearer(req: Request): boolean {
  return /^Bearer /i.test(req.headers.authorization ?? '');
}
