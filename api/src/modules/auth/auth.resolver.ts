import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { payload } from '../../graphql/payload';
import { User } from '../users';
import { LoginInput, RegisterInput } from './auth.inputs';
import { readKnownDevice } from './known-device';
import { LoginSecondStepInput } from './auth.inputs';
import { completeSecondStep, startSignedInSession } from './sign-in';
import { AuthPayload, LogoutPayload } from './auth.payloads';

@Resolver()
export class AuthResolver {
  @Query(() => User, {
    nullable: true,
    description: 'The account of this request’s session (its private fields included); null for a guest.',
  })
  me(@Ctx() ctx: Context): User | null {
    return ctx.user;
  }

  @Mutation(() => AuthPayload, {
    description:
      'Signs in with username and password: starts a new session (an HttpOnly session cookie replaces any earlier one) and marks this browser as known for the account. ' +
      'Errors: INVALID_INPUT (username or password empty), UNAUTHORIZED (wrong username or password), ' +
      'TOO_MANY_ATTEMPTS (after 5 failed attempts within 15 minutes, counted per account from browsers it never signed in on and per client address; even the right password is refused until the window passes). ' +
      'For an account with two-step sign-in on, a right password starts no session: `secondStepRequired` is true, `user` null, and `loginSecondStep` finishes the sign-in.',
  })
  login(
    @Arg('input', { description: 'The credentials.' }) input: LoginInput,
    @Ctx() ctx: Context,
  ): Promise<AuthPayload> {
    return payload<{ user: User | null; secondStepRequired: boolean }>(
      async () => {
        const device = readKnownDevice(ctx.req, ctx.config.sessionSecret);
        const user = await ctx.services.auth.login(input.username, input.password, ctx.ip, device);
        if ((await startSignedInSession(ctx, user, 'password')) === 'second-step') {
          ctx.user = null;
          return { user: null, secondStepRequired: true };
        }
        ctx.user = user;
        return { user, secondStepRequired: false };
      },
      { user: null, secondStepRequired: false },
    );
  }

  @Mutation(() => AuthPayload, {
    description:
      'The second step of a sign-in that owes one (`login` answered `secondStepRequired`): a current 6-digit code of the authenticator app, or one unused recovery code; then the session starts. ' +
      'Errors: INVALID_INPUT (`field` code: the code is wrong, was already used, or is empty; no field: no second step is owed from this browser, or it expired after 10 minutes — sign in again), ' +
      'TOO_MANY_ATTEMPTS (10 wrong codes for the account in the last hour).',
  })
  loginSecondStep(
    @Arg('input', { description: 'The code.' }) input: LoginSecondStepInput,
    @Ctx() ctx: Context,
  ): Promise<AuthPayload> {
    return payload<{ user: User | null; secondStepRequired: boolean }>(
      async () => {
        const user = await completeSecondStep(ctx, input.code);
        ctx.user = user;
        return { user, secondStepRequired: false };
      },
      { user: null, secondStepRequired: false },
    );
  }

  @Mutation(() => AuthPayload, {
    description:
      'Creates a member account (role `user`) and signs it in with a new session. ' +
      'Errors: INVALID_INPUT (a field breaks its rule; `field` names it), ' +
      'CHALLENGE_REQUIRED (this client address has registered a few accounts in the last hour — 3 unless the server’s REGISTRATION_CHALLENGE_AFTER says otherwise — so each further one needs `altcha`: a solved challenge from GET /api/altcha/challenge), ' +
      'CHALLENGE_FAILED (`altcha` is not a valid solution, its challenge expired, or it was used before), ' +
      'TOO_MANY_ATTEMPTS (this client address has registered the hard ceiling of accounts in the last hour: 200 unless the server’s REGISTRATION_LIMIT says otherwise), ' +
      'USERNAME_TAKEN (the username exists in any letter case). ' +
      'With `storeInvite` issued for the email, the DRX purchases waiting in the store for that email are claimed too.',
  })
  register(
    @Arg('input', { description: 'The new account.' }) input: RegisterInput,
    @Ctx() ctx: Context,
  ): Promise<AuthPayload> {
    return payload<{ user: User | null; secondStepRequired: boolean }>(
      async () => {
        const user = await ctx.services.auth.register(
          input,
          {
            ip: ctx.ip,
            allowance: {
              challengeAfter: ctx.config.registrationChallengeAfter,
              ceiling: ctx.config.registrationLimit,
            },
            altcha: input.altcha,
            secret: ctx.config.sessionSecret,
          },
          { token: input.storeInvite, secret: ctx.config.sessionSecret },
          ctx.config.publicUrl,
        );
        await startSignedInSession(ctx, user, 'registration');
        ctx.user = user;
        return { user, secondStepRequired: false };
      },
      { user: null, secondStepRequired: false },
    );
  }

  @Mutation(() => LogoutPayload, {
    description:
      'Signs out: deletes this request’s session on the server and clears its cookie. Succeeds for a guest too; never returns userErrors.',
  })
  async logout(@Ctx() ctx: Context): Promise<LogoutPayload> {
    await ctx.req.session.end();
    ctx.user = null;
    return { success: true, userErrors: [] };
  }
}
