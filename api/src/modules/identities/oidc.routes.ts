import { type Request, type Response, Router } from 'express';
import type { Context, ContextFactory } from '../../graphql/context';
import { DomainError } from '../../graphql/errors';
import { log } from '../../observability/logger';
import { startSignedInSession } from '../auth';
import { passkeyConfirmationOptions, relyingPartyOf } from '../passkeys';
import type { User } from '../users';
import { type AccountProof, linkIdentity, type ProviderClaims, resolveIdentity } from './identities.service';
import {
  ATTEMPT_COOKIE,
  clearOidcCookie,
  LINK_COOKIE,
  readAttempt,
  readPendingLink,
  writeAttempt,
  writePendingLink,
} from './oidc-cookies';
import { oidcConfiguration, openIdClient } from './oidc-client';
import { DEFAULT_AFTER_SIGN_IN, safeReturnTo } from './return-to';

export const OIDC_OFF_MESSAGE = 'Signing in with an identity provider is not set up on this site.';
export const NO_PENDING_LINK =
  'There is no account waiting to be linked, or it waited too long. Continue with your provider again.';

/**
 * Why a provider sign-in ended back on /auth (`?oidc=<code>`); the page says it in words. Codes,
 * not messages, travel in the URL, so nobody can put their own text on our sign-in page.
 */
export type OidcFailure = 'expired' | 'denied' | 'failed' | 'unavailable' | 'email-exists';

/** The redirect URI registered at the provider. */
export const oidcRedirectUri = (publicUrl: string) => `${publicUrl}/api/auth/oidc/callback`;

function authPage(query: Record<string, string | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `/auth?${search}` : '/auth';
}

function noStore(res: Response) {
  res.setHeader('Cache-Control', 'no-store');
}

/** Every provider sign-in ends here: the session (or the second step it owes), then back. */
async function signInAndGo(ctx: Context, user: User, returnTo: string | null): Promise<string> {
  const outcome = await startSignedInSession(ctx, user, 'oidc');
  // A second step owed: /auth's code step (web/src/features/auth/LoginForm.tsx), then back.
  if (outcome === 'second-step') return authPage({ step: 'code', returnTo });
  return returnTo ?? DEFAULT_AFTER_SIGN_IN;
}

async function claimsOf(ctx: Context, req: Request, attempt: NonNullable<ReturnType<typeof readAttempt>>) {
  const oidc = ctx.config.oidc!;
  const client = await openIdClient();
  const configuration = await oidcConfiguration(oidc);
  const currentUrl = new URL(req.originalUrl, ctx.config.publicUrl);
  const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
    pkceCodeVerifier: attempt.codeVerifier,
    expectedState: attempt.state,
    expectedNonce: attempt.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.claims()!;
  let info: Record<string, unknown> = idToken;
  // Many providers (and oidc-provider by default) put the email in userinfo, not the ID token.
  if (idToken.email === undefined && tokens.access_token) {
    info = { ...(await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub)), ...idToken };
  }
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  const claims: ProviderClaims = {
    issuer: idToken.iss,
    subject: idToken.sub,
    email: text(info.email),
    emailVerified: info.email_verified === true,
    preferredUsername: text(info.preferred_username),
    name: text(info.name),
    givenName: text(info.given_name),
    familyName: text(info.family_name),
  };
  return claims;
}

/**
 * /api/auth/oidc/*: sign in with the identity provider (config.oidc; docs/api.md). The browser is
 * sent to the provider with PKCE, state and nonce kept in a signed 10-minute cookie; the callback
 * exchanges the code and validates the ID token (openid-client), then signs in the linked account,
 * makes a new one, or asks for the password of the account that has the person's email.
 */
export function oidcRouter(createContext: ContextFactory): Router {
  const router = Router();

  router.use((_req, res, next) => {
    noStore(res);
    next();
  });

  router.get('/start', async (req, res, next) => {
    try {
      const ctx = await createContext(req, res);
      const oidc = ctx.config.oidc;
      if (!oidc) return void res.status(404).json({ message: OIDC_OFF_MESSAGE });
      const returnTo = safeReturnTo(req.query.returnTo);
      const client = await openIdClient();
      let configuration;
      try {
        configuration = await oidcConfiguration(oidc);
      } catch (error) {
        log().warn({ err: error }, `[oidc] discovery of ${oidc.issuer} failed`);
        return void res.redirect(302, authPage({ oidc: 'unavailable', returnTo }));
      }
      const attempt = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
        returnTo,
      };
      writeAttempt(res, attempt, { secret: ctx.config.sessionSecret, secure: ctx.config.cookieSecure });
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: oidcRedirectUri(ctx.config.publicUrl),
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(attempt.codeVerifier),
        code_challenge_method: 'S256',
        state: attempt.state,
        nonce: attempt.nonce,
      });
      res.redirect(302, url.href);
    } catch (error) {
      next(error);
    }
  });

  router.get('/callback', async (req, res, next) => {
    try {
      const ctx = await createContext(req, res);
      const oidc = ctx.config.oidc;
      if (!oidc) return void res.status(404).json({ message: OIDC_OFF_MESSAGE });
      const secure = ctx.config.cookieSecure;
      const attempt = readAttempt(req, ctx.config.sessionSecret);
      // One callback per attempt: the cookie goes whatever happens next.
      clearOidcCookie(res, ATTEMPT_COOKIE, secure);
      if (!attempt) return void res.redirect(302, authPage({ oidc: 'expired' }));
      const returnTo = attempt.returnTo;
      if (typeof req.query.error === 'string') {
        const code: OidcFailure = req.query.error === 'access_denied' ? 'denied' : 'failed';
        return void res.redirect(302, authPage({ oidc: code, returnTo }));
      }
      let claims: ProviderClaims;
      try {
        claims = await claimsOf(ctx, req, attempt);
      } catch (error) {
        // A wrong state, nonce or code, a forged or expired ID token, an unreachable provider.
        log().warn({ err: error }, '[oidc] the callback was refused');
        return void res.redirect(302, authPage({ oidc: 'failed', returnTo }));
      }
      const outcome = await resolveIdentity(ctx.em, claims, oidc.name, ctx.config.publicUrl);
      if (outcome.kind === 'refused') {
        return void res.redirect(302, authPage({ oidc: 'email-exists', returnTo }));
      }
      if (outcome.kind === 'link') {
        writePendingLink(
          res,
          {
            issuer: claims.issuer,
            subject: claims.subject,
            email: outcome.email,
            userId: outcome.userId,
            returnTo,
          },
          { secret: ctx.config.sessionSecret, secure },
        );
        return void res.redirect(302, '/auth/link');
      }
      res.redirect(302, await signInAndGo(ctx, outcome.user, returnTo));
    } catch (error) {
      next(error);
    }
  });

  /** The link page's question: which provider and email wait to be linked. */
  router.get('/link', async (req, res, next) => {
    try {
      const ctx = await createContext(req, res);
      const oidc = ctx.config.oidc;
      if (!oidc) return void res.status(404).json({ message: OIDC_OFF_MESSAGE });
      const link = readPendingLink(req, ctx.config.sessionSecret);
      if (!link) return void res.status(404).json({ message: NO_PENDING_LINK });
      res.json({ provider: oidc.name, email: link.email });
    } catch (error) {
      next(error);
    }
  });

  /**
   * The options for proving the account with one of its passkeys instead of the password (a
   * challenge for the waiting account, 5 minutes, answered once in `POST /link`).
   */
  router.post('/link/passkey-options', async (req, res, next) => {
    try {
      const ctx = await createContext(req, res);
      if (!ctx.config.oidc) return void res.status(404).json({ message: OIDC_OFF_MESSAGE });
      const link = readPendingLink(req, ctx.config.sessionSecret);
      if (!link) return void res.status(404).json({ message: NO_PENDING_LINK });
      try {
        const who = { userId: link.userId, sessionId: null };
        res.json(await passkeyConfirmationOptions(ctx.em, who, relyingPartyOf(ctx.config.publicUrl)));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        res.status(404).json({ message: error.message, field: error.field ?? null });
      }
    } catch (error) {
      next(error);
    }
  });

  /**
   * The person proves the account with its password or one of its passkeys (`passkeyResponse`):
   * linked, signed in, and told where to go.
   */
  router.post('/link', async (req, res, next) => {
    try {
      const ctx = await createContext(req, res);
      const oidc = ctx.config.oidc;
      if (!oidc) return void res.status(404).json({ message: OIDC_OFF_MESSAGE });
      const link = readPendingLink(req, ctx.config.sessionSecret);
      if (!link) return void res.status(404).json({ message: NO_PENDING_LINK });
      const password: unknown = req.body?.password;
      const passkeyResponse: unknown = req.body?.passkeyResponse;
      let proof: AccountProof;
      if (typeof passkeyResponse === 'string' && passkeyResponse) {
        proof = { passkeyResponse, rp: relyingPartyOf(ctx.config.publicUrl) };
      } else if (typeof password === 'string' && password) {
        proof = { password };
      } else {
        return void res.status(400).json({ message: 'Enter the password of the account', field: 'password' });
      }
      let user: User;
      try {
        user = await linkIdentity(ctx.em, link, proof, oidc.name, ctx.config.publicUrl, {
          ip: ctx.ip,
          userAgent: req.headers['user-agent'] ?? null,
        });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        const status = { TOO_MANY_ATTEMPTS: 429, CONFLICT: 409, NOT_FOUND: 404 }[error.code as string] ?? 400;
        if (status === 409) clearOidcCookie(res, LINK_COOKIE, ctx.config.cookieSecure);
        return void res.status(status).json({ message: error.message, field: error.field ?? null });
      }
      clearOidcCookie(res, LINK_COOKIE, ctx.config.cookieSecure);
      res.json({ redirectTo: await signInAndGo(ctx, user, link.returnTo) });
    } catch (error) {
      next(error);
    }
  });

  return router;
}
