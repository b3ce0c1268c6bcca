import type { Context } from '../../graphql/context';
import type { User } from '../users/user.entity';
import { readKnownDevice, rememberDevice } from './known-device';

/**
 * How the person proved who they are. `password` alone is a weak sign-in; a passkey is a strong
 * one; `oidc` is what the identity provider vouched for. (The two-step sign-in decides from this
 * whether a second step is owed before a session exists.)
 */
export type SignInMethod = 'password' | 'registration' | 'password-reset' | 'passkey' | 'oidc';

/**
 * The one way every sign-in ends: a fresh session for the user (a new id: no fixation), this
 * browser remembered as known for the account, and the request's viewer set. Every flow (password,
 * registration, reset, passkey, identity provider) calls this, never `session.start` directly.
 */
export async function startSignedInSession(ctx: Context, user: User, _method: SignInMethod): Promise<void> {
  await ctx.req.session.start(user.id);
  rememberDevice(ctx.res, readKnownDevice(ctx.req, ctx.config.sessionSecret), user.id, {
    secret: ctx.config.sessionSecret,
    secure: ctx.config.cookieSecure,
  });
  ctx.user = user;
}
