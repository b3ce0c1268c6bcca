import { allow, rule } from 'graphql-shield';
import { withAudience } from '../../graphql/audience';
import type { Context } from '../../graphql/context';
import { forbidden, unauthenticated } from '../../graphql/errors';
import { isAuthenticated } from '../../graphql/rules';
import { hasAnyRole, STAFF_ROLES } from '../users';

/** Sellers and staff (admins, curriculum officers). */
export const isSellerOrStaff = withAudience(
  rule({ cache: 'contextual' })((_parent, _args, ctx: Context) => {
    if (!ctx.user) return unauthenticated();
    return hasAnyRole(ctx.user, ['seller', ...STAFF_ROLES]) ? true : forbidden();
  }),
  'sellers and staff (admins, curriculum officers)',
);

/** Ownership (owner or staff) and suspension are checked by ResourceAuthoringService. */
export const resourceAuthoringPermissions = {
  Query: {
    sellerResources: isAuthenticated,
    sellerResourceCounts: isAuthenticated,
    resourceForEdit: isAuthenticated,
  },
  Mutation: {
    resourceCreate: isSellerOrStaff,
    resourceUpdate: isSellerOrStaff,
    resourcePublish: isSellerOrStaff,
    resourceUnpublish: isSellerOrStaff,
    resourceFileRemove: isSellerOrStaff,
  },
  ResourceAuthoringPayload: allow,
  ResourceFileRemovePayload: allow,
  SellerResourceCounts: allow,
};
