import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { payload } from '../../graphql/payload';
import { deleteAccount, removeUploadedAvatar } from './account-deletion';
import { buildDataExport } from './data-export';
import { admitExport } from './export-throttle';
import { AccountDeleteInput } from './privacy.inputs';
import { AccountDeletePayload } from './privacy.payloads';
import { relyingPartyOf } from '../passkeys';

export const ACCOUNT_DELETED_MESSAGE =
  'Your account was deleted and you were signed out everywhere. We sent a last mail to your address.';

/** Download my data and delete my account (issue 31; docs/architecture.md "Personal data"). */
@Resolver()
export class PrivacyResolver {
  @Query(() => String, {
    description:
      'Everything DRX keeps about me, as one JSON document (the same as GET /api/account/export): profile, orders, memberships, store orders, enrolments and progress, certificates, bookings, messages I sent, reviews, sessions and security events. ' +
      'At most 5 an hour (TOO_MANY_ATTEMPTS after). A person’s session only: API tokens are refused.',
  })
  async myDataExport(@Ctx() ctx: Context): Promise<string> {
    await admitExport(ctx.em, ctx.user!.id);
    return JSON.stringify(await buildDataExport(ctx.em, ctx.user!.id, ctx.req.session.id ?? null));
  }

  @Mutation(() => AccountDeletePayload, {
    description:
      'Deletes my account for good: personal data erased (orders, payments and messages kept without it, shown as "Deleted user"), my upcoming bookings cancelled, every session signed out, a last mail sent. ' +
      'Proven by the password or by one of my passkeys (`passkeyResponse`, answering `passkeyConfirmationOptions`). ' +
      'Errors: INVALID_INPUT (password wrong or missing; passkeyResponse not one of my passkeys, expired or used), CONFLICT (the last admin; upcoming lessons as an instructor; a store balance not yet paid out; a membership that still renews — the message says which), TOO_MANY_ATTEMPTS (5 attempts in the last hour).',
  })
  accountDelete(
    @Arg('input', { description: 'The current password, or a passkey’s answer.' }) input: AccountDeleteInput,
    @Ctx() ctx: Context,
  ): Promise<AccountDeletePayload> {
    return payload<{ success: boolean; message: string | null }>(
      async () => {
        const avatar = ctx.user!.profileImageUrl ?? null;
        const proof = { ...input, sessionId: ctx.req.session.id!, rp: relyingPartyOf(ctx.config.publicUrl) };
        await deleteAccount(ctx.em, ctx.services.bookings, ctx.user!, proof, ctx.config.publicUrl);
        await ctx.req.session.end();
        ctx.user = null;
        await removeUploadedAvatar(ctx.storage.public, avatar);
        return { success: true, message: ACCOUNT_DELETED_MESSAGE };
      },
      { success: false, message: null },
    );
  }
}
