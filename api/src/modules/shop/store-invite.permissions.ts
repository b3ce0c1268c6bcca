import { isAuthenticated } from '../../graphql/rules';

/**
 * Any signed-in member may offer an invitation token; it claims only for the viewer's own email
 * (StoreInviteResolver checks the token against it).
 */
export const storeInvitePermissions = {
  Mutation: { storeClaimInvite: isAuthenticated },
  StoreClaimInvitePayload: isAuthenticated,
};
