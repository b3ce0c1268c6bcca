import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { payload } from '../../graphql/payload';
import { AuthPayload } from '../auth';
import { readKnownDevice } from '../auth';
import { startSignedInSession } from '../auth';
import type { User } from '../users';
import { passkeyConfirmationOptions } from './passkey-confirmation';
import {
  listPasskeys,
  passkeyAdd,
  passkeyRegistrationOptions,
  passkeyRemove,
  passkeyRename,
  passkeySignIn,
  passkeySignInOptions,
  relyingPartyOf,
  type PasskeyRow,
} from './passkeys.service';
import {
  Passkey,
  PasskeyAddInput,
  PasskeyOptionsPayload,
  PasskeyPayload,
  PasskeyRegistrationOptionsInput,
  PasskeyRemoveInput,
  PasskeyRemovePayload,
  PasskeyRenameInput,
  PasskeySignInInput,
} from './passkeys.types';

/** The request a change came from, for the audit log. */
const originOf = (ctx: Context) => ({ ip: ctx.ip, userAgent: ctx.req.headers['user-agent'] ?? null });

/** Passkeys: add, name and remove them on /profile; sign in with one on /auth (docs/architecture.md "Passkeys"). */
@Resolver()
export class PasskeysResolver {
  @Query(() => [Passkey], { description: 'My passkeys, the newest first.' })
  myPasskeys(@Ctx() ctx: Context): Promise<PasskeyRow[]> {
    return listPasskeys(ctx.em, ctx.user!.id);
  }

  @Mutation(() => PasskeyOptionsPayload, {
    description:
      'Step 1 of adding a passkey: the options for the browser (a challenge kept 5 minutes for this account and session, answered once). ' +
      'Needs a session begun in the last 10 minutes, or my password. ' +
      'Errors: UNAUTHORIZED (field currentPassword: the session is older than 10 minutes and no password was given), INVALID_INPUT (currentPassword wrong), ' +
      'TOO_MANY_ATTEMPTS (10 password attempts in the last hour), CONFLICT (the account holds 20 passkeys).',
  })
  passkeyRegistrationOptions(
    @Arg('input', { description: 'My password, when needed.' }) input: PasskeyRegistrationOptionsInput,
    @Ctx() ctx: Context,
  ): Promise<PasskeyOptionsPayload> {
    return payload<{ options: string | null }>(
      async () => {
        const options = await passkeyRegistrationOptions(
          ctx.em,
          ctx.user!,
          ctx.req.session.id!,
          input.currentPassword,
          relyingPartyOf(ctx.config.publicUrl),
        );
        return { options: JSON.stringify(options) };
      },
      { options: null },
    );
  }

  @Mutation(() => PasskeyOptionsPayload, {
    description:
      'Confirming it is me with a passkey where my password would do (changing my email): the options for the browser naming my passkeys, with a challenge for this account and session kept 5 minutes and answered once. ' +
      'The browser’s answer goes with the change itself (e.g. `emailChange(input: { passkeyResponse })`). ' +
      'Errors: NOT_FOUND (the account has no passkey).',
  })
  passkeyConfirmationOptions(@Ctx() ctx: Context): Promise<PasskeyOptionsPayload> {
    return payload<{ options: string | null }>(
      async () => {
        const who = { userId: ctx.user!.id, sessionId: ctx.req.session.id! };
        const options = await passkeyConfirmationOptions(ctx.em, who, relyingPartyOf(ctx.config.publicUrl));
        return { options: JSON.stringify(options) };
      },
      { options: null },
    );
  }

  @Mutation(() => PasskeyPayload, {
    description:
      'Step 2 of adding a passkey: verifies the browser’s new credential (the challenge of step 1, this site’s origin and host name, user verification) and keeps it; the account’s email is told. ' +
      'Errors: INVALID_INPUT (response unreadable, not verified, or its challenge expired, used or not this session’s; name longer than 60 characters), CONFLICT (this credential is already registered; 20 passkeys already).',
  })
  passkeyAdd(
    @Arg('input', { description: 'The browser’s answer and an optional name.' }) input: PasskeyAddInput,
    @Ctx() ctx: Context,
  ): Promise<PasskeyPayload> {
    return payload<{ passkey: PasskeyRow | null }>(
      async () => ({
        passkey: await passkeyAdd(
          ctx.em,
          ctx.user!,
          ctx.req.session.id!,
          input,
          relyingPartyOf(ctx.config.publicUrl),
          originOf(ctx),
          ctx.config.publicUrl,
        ),
      }),
      { passkey: null },
    );
  }

  @Mutation(() => PasskeyPayload, {
    description:
      'Renames one of my passkeys. Errors: INVALID_INPUT (name empty or longer than 60 characters), NOT_FOUND (no such passkey of mine).',
  })
  passkeyRename(
    @Arg('input', { description: 'Which passkey, and its new name.' }) input: PasskeyRenameInput,
    @Ctx() ctx: Context,
  ): Promise<PasskeyPayload> {
    return payload<{ passkey: PasskeyRow | null }>(
      async () => ({ passkey: await passkeyRename(ctx.em, ctx.user!.id, input) }),
      { passkey: null },
    );
  }

  @Mutation(() => PasskeyRemovePayload, {
    description:
      'Removes one of my passkeys: it can no longer sign in; the account’s email is told. Errors: NOT_FOUND (no such passkey of mine), INVALID_INPUT (it is the account’s only way to sign in: no password, no other passkey, no linked provider).',
  })
  passkeyRemove(
    @Arg('input', { description: 'Which passkey.' }) input: PasskeyRemoveInput,
    @Ctx() ctx: Context,
  ): Promise<PasskeyRemovePayload> {
    return payload<{ removedId: string | null }>(
      async () => ({
        removedId: await passkeyRemove(ctx.em, ctx.user!, input.id, originOf(ctx), ctx.config.publicUrl),
      }),
      { removedId: null },
    );
  }

  @Mutation(() => PasskeyOptionsPayload, {
    description:
      'Step 1 of signing in with a passkey: the options for the browser (no account named: the browser offers this site’s passkeys, also as autofill), with a challenge kept 5 minutes and answered once. Never fails.',
  })
  passkeySignInOptions(@Ctx() ctx: Context): Promise<PasskeyOptionsPayload> {
    return payload<{ options: string | null }>(
      async () => ({
        options: JSON.stringify(await passkeySignInOptions(ctx.em, relyingPartyOf(ctx.config.publicUrl))),
      }),
      { options: null },
    );
  }

  @Mutation(() => AuthPayload, {
    description:
      'Step 2 of signing in with a passkey: verifies the browser’s assertion (the challenge of step 1, once; this site’s origin and host name; the stored key; a growing signature counter) and starts a new session, a strong sign-in. ' +
      'Errors: INVALID_INPUT (response unreadable, or its challenge expired or already used: a replayed assertion), UNAUTHORIZED (passkey not registered, or not verified), ' +
      'TOO_MANY_ATTEMPTS (failed sign-ins, passkey or password, counted as for `login`).',
  })
  passkeySignIn(
    @Arg('input', { description: 'The browser’s answer.' }) input: PasskeySignInInput,
    @Ctx() ctx: Context,
  ): Promise<AuthPayload> {
    return payload<{ user: User | null; secondStepRequired: boolean }>(
      async () => {
        const user = await passkeySignIn(
          ctx.em,
          input.response,
          relyingPartyOf(ctx.config.publicUrl),
          ctx.ip,
          readKnownDevice(ctx.req, ctx.config.sessionSecret),
        );
        // A passkey is a strong sign-in: it never owes a second step (auth/sign-in.ts).
        const outcome = await startSignedInSession(ctx, user, 'passkey');
        if (outcome === 'signed-in') ctx.user = user;
        return { user: outcome === 'signed-in' ? user : null, secondStepRequired: outcome === 'second-step' };
      },
      { user: null, secondStepRequired: false },
    );
  }
}
