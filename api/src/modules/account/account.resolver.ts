import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { AFTER_ARG_DESCRIPTION, FIRST_ARG_DESCRIPTION, pageSize } from '../../graphql/connection';
import { startSignedInSession } from '../auth';
import type { Context } from '../../graphql/context';
import { payload } from '../../graphql/payload';
import type { User } from '../users';
import {
  changePassword,
  RESET_REQUEST_ANSWER,
  requestPasswordReset,
  resetPassword,
} from './account-passwords';
import {
  EmailChangeInput,
  PasswordChangeInput,
  PasswordResetInput,
  PasswordResetRequestInput,
} from './account.inputs';
import { AccountActionPayload, AccountPayload, AccountSession } from './account.payloads';
import { listSecurityEvents } from './security-events';
import { SecurityEventConnection, SecurityEventKindValue } from './security-events.types';
import { endOtherSessions, endSessionByHandle, listSessions } from './sessions';
import { changeEmail, resendEmailVerification, verifyEmail } from './email-verification';

/** The request a change came from, for the audit log. */
const originOf = (ctx: Context) => ({ ip: ctx.ip, userAgent: ctx.req.headers['user-agent'] ?? null });
const done = (message: string | null = null) => ({ success: true, message });
const notDone = { success: false, message: null };

/**
 * Password reset and change, email verification and change (issue 31; docs/architecture.md,
 * "Verified email, password reset and change").
 */
@Resolver()
export class AccountResolver {
  @Mutation(() => AccountActionPayload, {
    description:
      'Forgot password: mails every account the username or email names (that has an email) a single-use link to choose a new password, valid 30 minutes. ' +
      'The answer is the same whether or not an account matched. ' +
      'Errors: INVALID_INPUT (login empty or too long), TOO_MANY_ATTEMPTS (this client address asked 10 times in the last hour). ' +
      'An account receives at most 3 such mails an hour; further requests are answered the same and mail nothing.',
  })
  passwordResetRequest(
    @Arg('input', { description: 'Who forgot their password.' }) input: PasswordResetRequestInput,
    @Ctx() ctx: Context,
  ): Promise<AccountActionPayload> {
    return payload(async () => {
      await requestPasswordReset(ctx.em, input.login, ctx.ip);
      return done(RESET_REQUEST_ANSWER);
    }, notDone);
  }

  @Mutation(() => AccountPayload, {
    description:
      'Sets a new password with the token of a reset mail and signs this browser in: the link works once and for 30 minutes, every other session of the account ends, and the account’s email is told. ' +
      'With two-step sign-in on, no session starts: `user` is null without userErrors, and `loginSecondStep` finishes the sign-in. ' +
      'Errors: INVALID_INPUT (newPassword breaks its rule; token invalid, expired or used — nothing changes).',
  })
  passwordReset(
    @Arg('input', { description: 'The link’s token and the new password.' }) input: PasswordResetInput,
    @Ctx() ctx: Context,
  ): Promise<AccountPayload> {
    return payload<{ user: User | null }>(
      async () => {
        const user = await resetPassword(ctx.em, input, ctx.config.publicUrl, originOf(ctx));
        // With two-step sign-in on, the new password starts no session: the code step is owed
        // (user null, no userErrors; the web goes to the code step).
        if ((await startSignedInSession(ctx, user, 'password-reset')) === 'second-step')
          return { user: null };
        ctx.user = user;
        return { user };
      },
      { user: null },
    );
  }

  @Mutation(() => AccountActionPayload, {
    description:
      'Changes the signed-in account’s password: every other session ends (this one stays) and the account’s email is told. ' +
      'Errors: INVALID_INPUT (currentPassword wrong; newPassword breaks its rule or equals the current one), TOO_MANY_ATTEMPTS (10 attempts in the last hour).',
  })
  passwordChange(
    @Arg('input', { description: 'The current and the new password.' }) input: PasswordChangeInput,
    @Ctx() ctx: Context,
  ): Promise<AccountActionPayload> {
    return payload(async () => {
      await changePassword(ctx.em, ctx.user!, input, ctx.req.session.id, ctx.config.publicUrl, originOf(ctx));
      // A new session id after a credential change (OWASP ASVS 3.3): the old one is gone.
      await ctx.req.session.start(ctx.user!.id);
      return done('Your password was changed. Your other sessions were signed out.');
    }, notDone);
  }

  @Mutation(() => AccountPayload, {
    description:
      'Changes the signed-in account’s email: the new address is unverified until the link mailed to it is opened, and the old address is told. ' +
      'Proven by the password or by one of my passkeys (`passkeyResponse`, answering `passkeyConfirmationOptions`). ' +
      'Errors: INVALID_INPUT (password wrong or missing; passkeyResponse not one of my passkeys, expired or used; newEmail empty, invalid or the current one), TOO_MANY_ATTEMPTS (10 attempts in the last hour).',
  })
  emailChange(
    @Arg('input', { description: 'The password (or a passkey’s answer) and the new address.' })
    input: EmailChangeInput,
    @Ctx() ctx: Context,
  ): Promise<AccountPayload> {
    return payload<{ user: User | null }>(
      async () => {
        const sessionId = ctx.req.session.id!;
        const user = await changeEmail(
          ctx.em,
          ctx.user!,
          input,
          sessionId,
          ctx.config.publicUrl,
          originOf(ctx),
        );
        ctx.user = user;
        return { user };
      },
      { user: null },
    );
  }

  @Mutation(() => AccountActionPayload, {
    description:
      'Mails the signed-in account a new link to confirm its email ("Send again"); earlier links stop working. ' +
      'Errors: INVALID_INPUT (no email), CONFLICT (already confirmed), TOO_MANY_ATTEMPTS (5 mails in the last hour).',
  })
  emailVerificationSend(@Ctx() ctx: Context): Promise<AccountActionPayload> {
    return payload(async () => {
      await resendEmailVerification(ctx.em, ctx.user!, ctx.config.publicUrl);
      return done('We sent a new confirmation link to your email address.');
    }, notDone);
  }

  @Query(() => [AccountSession], {
    description:
      'My signed-in sessions, this one first, then the most recently used: the browser, system and device each began on, its client address and that address’s approximate place (country), when it began and was last used.',
  })
  mySessions(@Ctx() ctx: Context): Promise<AccountSession[]> {
    return listSessions(ctx.em, ctx.user!.id, ctx.req.session.id);
  }

  @Mutation(() => AccountActionPayload, {
    description:
      'Ends one of my other sessions (that browser is signed out at its next request). Errors: NOT_FOUND (it has already ended), INVALID_INPUT (it is this session: sign out instead).',
  })
  sessionEnd(
    @Arg('id', { description: 'The session’s `id` from `mySessions`.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<AccountActionPayload> {
    return payload(async () => {
      await endSessionByHandle(ctx.em, ctx.user!.id, id, ctx.req.session.id, originOf(ctx));
      return done('The session was signed out.');
    }, notDone);
  }

  @Mutation(() => AccountActionPayload, {
    description:
      'Ends every session of mine but this one (every other browser is signed out), and mails my email when any ended. Never fails.',
  })
  sessionsEndOthers(@Ctx() ctx: Context): Promise<AccountActionPayload> {
    return payload(async () => {
      const ended = await endOtherSessions(
        ctx.em,
        ctx.user!,
        ctx.req.session.id,
        ctx.config.publicUrl,
        originOf(ctx),
      );
      return done(
        ended === 1 ? '1 other session was signed out.' : `${ended} other sessions were signed out.`,
      );
    }, notDone);
  }

  @Query(() => SecurityEventConnection, {
    description:
      'The audit log of accounts’ security: passwords reset or changed, emails changed or verified, sessions signed out — newest first, optionally one account’s or one kind.',
  })
  async adminSecurityEvents(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
    @Arg('userId', () => ID, { nullable: true, description: 'Only this account’s events.' }) userId?: string,
    @Arg('kind', () => SecurityEventKindValue, { nullable: true, description: 'Only events of this kind.' })
    kind?: SecurityEventKindValue,
  ): Promise<SecurityEventConnection> {
    const page = await listSecurityEvents(ctx.em, { first: pageSize(first), after, userId, kind });
    return page as unknown as SecurityEventConnection;
  }

  @Mutation(() => AccountPayload, {
    description:
      'Confirms an email address with the token of the link mailed to it (whoever is signed in, or nobody): the account’s email becomes verified and it receives the DRX courses, resources and store orders bought with that address that nobody holds. ' +
      'Errors: INVALID_INPUT (token invalid, expired or used, or the account’s email changed since), CONFLICT (another account already verified this address).',
  })
  emailVerify(
    @Arg('token', { description: 'The `token` parameter of the mailed link.' }) token: string,
    @Ctx() ctx: Context,
  ): Promise<AccountPayload> {
    return payload<{ user: User | null }>(
      async () => ({ user: await verifyEmail(ctx.em, token, originOf(ctx)) }),
      {
        user: null,
      },
    );
  }
}
