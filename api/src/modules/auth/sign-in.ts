import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import type { Config } from '../../config';
import { DomainError } from '../../graphql/errors';
import { User } from '../users';
import { accountHooks } from './account-hooks';
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
  ip?: string;
}

/**
 * How a sign-in ended: with a session (`signed-in`), or waiting for a second step (`second-step`:
 * no session; an HttpOnly cookie names the owed step, see account/two-step/second-step.ts).
 */
export type SignInOutcome = 'signed-in' | 'second-step';

/** Ways of signing in that never owe a second step: a passkey is strong; a new account has none. */
const STRONG: readonly SignInMethod[] = ['passkey', 'registration'];

/**
 * The one way every sign-in ends: a fresh session for the user (a new id: no fixation) and this
 * browser remembered as known for the account. Every flow (password, registration, reset, passkey,
 * identity provider; GraphQL or REST) calls this, never `session.start` directly; a GraphQL caller
 * then sets `ctx.user` when the outcome is `signed-in`.
 *
 * An account with two-step sign-in on (or staff, a seller or an instructor with a passkey:
 * `secondStepOwed`) gets no session from a password, a reset link or an identity provider: any
 * session this browser had ends, and the owed second step is recorded behind an HttpOnly cookie
 * (`second-step`); `completeSecondStep` (a code) or a passkey sign-in then starts the session.
 */
export async function startSignedInSession(
  http: SignInRequest,
  user: User,
  method: SignInMethod,
): Promise<SignInOutcome> {
  // A deleted (anonymised) account never signs in again, whatever proved it (privacy/account-deletion.ts).
  if (user.deletedAt) throw new DomainError('UNAUTHORIZED', 'This account was deleted.');
  if (
    !STRONG.includes(method) &&
    (await accountHooks().secondStep.owed(http.em, user, http.config.twoStepRequired))
  ) {
    await http.req.session.end();
    await accountHooks().secondStep.begin(http.em, http.res, user.id, method, http.config.cookieSecure);
    return 'second-step';
  }
  await startSession(http, user);
  return 'signed-in';
}

/**
 * The second step of a sign-in that owes one (this browser's cookie): a current code of the
 * authenticator app or an unused recovery code; then the session starts. INVALID_INPUT (no live
 * step, wrong or replayed code), TOO_MANY_ATTEMPTS (too many wrong codes this hour).
 */
export async function completeSecondStep(http: SignInRequest, code: string): Promise<User> {
  const secondStep = accountHooks().secondStep;
  const pending = await secondStep.pending(http.em, http.req);
  if (!pending) throw new DomainError('INVALID_INPUT', secondStep.expiredMessage);
  const user = await http.em.findOneOrFail(User, pending.userId);
  await secondStep.checkCode(
    http.em,
    user,
    code,
    {
      sessionSecret: http.config.sessionSecret,
      publicUrl: http.config.publicUrl,
      origin: { ip: http.ip ?? null, userAgent: http.req.headers['user-agent'] ?? null },
    },
    { recovery: true },
  );
  if (!(await secondStep.finish(http.em, pending.id)))
    throw new DomainError('INVALID_INPUT', secondStep.expiredMessage);
  secondStep.clearCookie(http.res, http.config.cookieSecure);
  await startSession(http, user);
  return user;
}

async function startSession(http: SignInRequest, user: User): Promise<void> {
  await http.req.session.start(user.id);
  // A second step this browser still owed (e.g. given by a passkey instead of a code) is moot now.
  const secondStep = accountHooks().secondStep;
  if (http.req.headers.cookie?.includes(secondStep.cookie))
    secondStep.clearCookie(http.res, http.config.cookieSecure);
  rememberDevice(http.res, readKnownDevice(http.req, http.config.sessionSecret), user.id, {
    secret: http.config.sessionSecret,
    secure: http.config.cookieSecure,
  });
}
