import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { DomainError } from '../../graphql/errors';
import { payload } from '../../graphql/payload';
import { claimPendingStoreGrants } from './store-entitlements';
import { verifyStoreInviteToken } from './store-invite';
import { StoreClaimInvitePayload } from './store-invite.types';

export const INVITE_FOR_ANOTHER_EMAIL = 'This invitation is for another email address.';

/** A signed-in member claims the store purchases an invitation mailed to their email (store-invite.ts). */
@Resolver(() => StoreClaimInvitePayload)
export class StoreInviteResolver {
  @Mutation(() => StoreClaimInvitePayload, {
    description:
      'Claims for the signed-in member the DRX courses and resources bought in the store with their email that still wait for an account, with their store orders (and the email’s store orders nobody holds yet), given the token of the invitation mailed to that email (the `storeInvite` parameter of its link). Claiming again answers `claimed: 0`. userErrors: INVALID_INPUT (token: the token was not issued for my account’s email, or my account has no email).',
  })
  storeClaimInvite(
    @Arg('token', { description: 'The `storeInvite` parameter of the invitation’s link.' }) token: string,
    @Ctx() ctx: Context,
  ): Promise<StoreClaimInvitePayload> {
    return payload(
      async () => {
        const user = ctx.user!;
        const secret = ctx.config.sessionSecret;
        if (!verifyStoreInviteToken(secret, user.email, token)) {
          throw new DomainError('INVALID_INPUT', INVITE_FOR_ANOTHER_EMAIL, 'token');
        }
        const claimed = await ctx.em.transactional((tem) =>
          claimPendingStoreGrants(tem, { id: user.id, email: user.email }, { token, secret }),
        );
        return { claimed };
      },
      { claimed: 0 },
    );
  }
}
