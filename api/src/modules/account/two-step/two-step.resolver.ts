import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../../graphql/context';
import { payload } from '../../../graphql/payload';
import { AccountActionPayload } from '../account.payloads';
import {
  confirmTwoStepSetup,
  disableTwoStep,
  hasSecondFactor,
  regenerateRecoveryCodes,
  startTwoStepSetup,
  twoStepRequirementOf,
  twoStepState,
} from './two-step';
import {
  TwoStepCodeInput,
  TwoStepRecoveryCodesPayload,
  TwoStepSetupPayload,
  TwoStepStatus,
} from './two-step.types';

const changeContext = (ctx: Context) => ({
  sessionSecret: ctx.config.sessionSecret,
  publicUrl: ctx.config.publicUrl,
  origin: { ip: ctx.ip, userAgent: ctx.req.headers['user-agent'] ?? null },
});

/** Two-step sign-in with an authenticator app (issue 31; docs/architecture.md "Two-step sign-in"). */
@Resolver()
export class TwoStepResolver {
  @Query(() => TwoStepStatus, {
    description:
      'My two-step sign-in: on or off, recovery codes left, and whether my roles require a second factor.',
  })
  async myTwoStep(@Ctx() ctx: Context): Promise<TwoStepStatus> {
    const viewer = ctx.viewer!;
    const state = await twoStepState(ctx.em, viewer.id);
    return {
      ...state,
      // What the API refuses without one (none while the requirement is off: tests): the browser's
      // staff gate then agrees with the server's answer for an admin page (web/src/layouts/guardRule.ts).
      requiredFor: ctx.config.twoStepRequired ? twoStepRequirementOf(viewer) : null,
      hasSecondFactor: state.enabled || (await hasSecondFactor(ctx.em, viewer.id)),
    };
  }

  @Mutation(() => TwoStepSetupPayload, {
    description:
      'Begins setting up two-step sign-in: a new secret for my authenticator app, as a QR code and as text (shown only now). Nothing changes for my sign-ins until `twoStepSetupConfirm`; starting again replaces an unconfirmed secret. ' +
      'Errors: CONFLICT (two-step sign-in is already on).',
  })
  twoStepSetupStart(@Ctx() ctx: Context): Promise<TwoStepSetupPayload> {
    return payload<{ key: string | null; uri: string | null; qrSize: number | null; qrPath: string | null }>(
      async () => {
        const setup = await startTwoStepSetup(ctx.em, ctx.user!, ctx.config.sessionSecret);
        return { key: setup.key, uri: setup.uri, qrSize: setup.qr.size, qrPath: setup.qr.path };
      },
      { key: null, uri: null, qrSize: null, qrPath: null },
    );
  }

  @Mutation(() => TwoStepRecoveryCodesPayload, {
    description:
      'Turns two-step sign-in on with a current code of the app being set up, and returns 10 one-time recovery codes (shown only now). Recorded in the security log and mailed. ' +
      'Errors: INVALID_INPUT (code wrong or already used; no set-up begun), CONFLICT (already on), TOO_MANY_ATTEMPTS (10 wrong codes in the last hour).',
  })
  twoStepSetupConfirm(
    @Arg('input', { description: 'A current code of the app.' }) input: TwoStepCodeInput,
    @Ctx() ctx: Context,
  ): Promise<TwoStepRecoveryCodesPayload> {
    return payload(
      async () => ({
        recoveryCodes: await confirmTwoStepSetup(ctx.em, ctx.user!, input.code, changeContext(ctx)),
      }),
      { recoveryCodes: [] },
    );
  }

  @Mutation(() => AccountActionPayload, {
    description:
      'Turns two-step sign-in off: needs a current code of the app now (or an unused recovery code). The recovery codes are deleted; recorded in the security log and mailed. Admins and curriculum officers then cannot use staff pages until it is on again. ' +
      'Errors: INVALID_INPUT (code wrong or already used), CONFLICT (already off), TOO_MANY_ATTEMPTS (10 wrong codes in the last hour).',
  })
  twoStepDisable(
    @Arg('input', { description: 'A current code of the app, or a recovery code.' }) input: TwoStepCodeInput,
    @Ctx() ctx: Context,
  ): Promise<AccountActionPayload> {
    return payload<{ success: boolean; message: string | null }>(
      async () => {
        await disableTwoStep(ctx.em, ctx.user!, input.code, changeContext(ctx));
        return { success: true, message: 'Two-step sign-in is off.' };
      },
      { success: false, message: null },
    );
  }

  @Mutation(() => TwoStepRecoveryCodesPayload, {
    description:
      'Makes 10 new recovery codes (shown only now); the earlier ones stop working. Needs a current code of the app. Recorded in the security log and mailed. ' +
      'Errors: INVALID_INPUT (code wrong or already used; two-step sign-in is off), TOO_MANY_ATTEMPTS (10 wrong codes in the last hour).',
  })
  twoStepRecoveryCodesRegenerate(
    @Arg('input', { description: 'A current code of the app.' }) input: TwoStepCodeInput,
    @Ctx() ctx: Context,
  ): Promise<TwoStepRecoveryCodesPayload> {
    return payload(
      async () => ({
        recoveryCodes: await regenerateRecoveryCodes(ctx.em, ctx.user!, input.code, changeContext(ctx)),
      }),
      { recoveryCodes: [] },
    );
  }
}
