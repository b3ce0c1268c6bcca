import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import type { Config } from '../../config';
import { DomainError } from '../../graphql/errors';
import type { User } from '../users/user.entity';
import { readKnownDevice, rememberDevice } from './known-device';

/**
 * How the person proved who they are. `password` alone is a weak sign-in; a passkey is a strong
 * one; `oidc` is what the identity provider vouched for. (The two-step sign-in decides from this
 * whether a second step is owed before a session exists.)
 */
export type SignInMethod = 'password' | 'registration' | 'password-reset' | 'passkey' | 'oidc';

/** What a sign-in needs from its request: a GraphQL Context fits, and so does a REST route's. */
export interface SignInRequest {
  req: Request;
  res: Response;
  em: EntityManager;
  config: Config;
}

/** How a sign-in ended: with a session, or waiting for a second step (no session yet). */
export type SignInOutcome = 'signed-in';

/**
 * The one way every sign-in ends: a fresh session for the user (a new id: no fixation) and this
 * browser remembered as known for the account. Every flow (password, registration, reset, passkey,
 * identity provider; GraphQL or REST) calls this, never `session.start` directly; a GraphQL caller
 * then sets `ctx.user` when the outcome is `signed-in`.
 */
export async function startSignedInSession(
  http: SignInRequest,
  user: User,
  _method: SignInMethod,
): Promise<SignInOutcome> {
  // A deleted (anonymised) account never signs in again, whatever proved it (privacy/account-deletion.ts).
  if (user.deletedAt) throw new DomainError('UNAUTHORIZED', 'This account was deleted.');
  await http.req.session.start(user.id);
  rememberDevice(http.res, readKnownDevice(http.req, http.config.sessionSecret), user.id, {
    secret: http.config.sessionSecret,
    secure: http.config.cookieSecure,
  });
  return 'signed-in';
}
