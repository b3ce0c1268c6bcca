import { allow, and, rule } from 'graphql-shield';
import { withAudience } from '../../graphql/audience';
import type { Context } from '../../graphql/context';
import { forbidden, unauthenticated } from '../../graphql/errors';
import { isAdmin, isStaff } from '../../graphql/rules';
import { hasSecondFactorForPayouts } from '../account';
import { canBePaid, canHaveStore } from './seller-access';

/** Sellers, and staff for their own store (members cannot). */
export const isStoreOwner = withAudience(
  rule({ cache: 'contextual' })((_parent, _args, ctx: Context) => {
    if (!ctx.user) return unauthenticated();
    return canHaveStore(ctx.user) ? true : forbidden();
  }),
  'sellers, and staff for their own store',
);

/** Whom DRX pays: store owners and instructors (their Stripe account and payouts). */
export const isPayee = withAudience(
  rule({ cache: 'contextual' })((_parent, _args, ctx: Context) => {
    if (!ctx.user) return unauthenticated();
    return canBePaid(ctx.user) ? true : forbidden();
  }),
  'sellers, instructors, and staff for their own store',
);

export const sellersPermissions = {
  Query: {
    sellerDashboard: isStoreOwner,
    sellerEarnings: isStoreOwner,
    myStore: isStoreOwner,
    stripeConnectStatus: isPayee,
    adminSellers: isStaff,
    platformSettings: isStaff,
  },
  Mutation: {
    storeProfileUpdate: isStoreOwner,
    // Payout details (the Stripe account money is paid to) need a second factor (issue 31).
    stripeConnectStart: withAudience(
      and(isPayee, hasSecondFactorForPayouts),
      'sellers, instructors and staff for their own store, with two-step sign-in or a passkey (FORBIDDEN, reason TWO_STEP_REQUIRED, without one)',
    ),
    sellerSuspend: isStaff,
    sellerReinstate: isStaff,
    platformSettingsUpdate: isAdmin,
  },
  // Reached only through the root fields above.
  SellerDashboard: allow,
  SalesPoint: allow,
  ResourceStatusCounts: allow,
  ResourceSales: allow,
  SellerEarning: allow,
  SellerEarningConnection: allow,
  SellerEarningEdge: allow,
  StripeConnectStatus: allow,
  StripeConnectStartPayload: allow,
  StoreProfilePayload: allow,
  AdminSeller: allow,
  AdminSellerConnection: allow,
  AdminSellerEdge: allow,
  AdminSellerPayload: allow,
  PlatformSettings: allow,
  PlatformSettingsPayload: allow,
};
