import { allow } from 'graphql-shield';
import { isAuthenticated } from '../../graphql/rules';

/** Anyone may see which providers are offered; linked sign-ins are the account's own. */
export const identitiesPermissions = {
  Query: { signInProviders: allow, myIdentities: isAuthenticated },
  Mutation: { identityUnlink: isAuthenticated },
  SignInProvider: allow,
  LinkedIdentity: isAuthenticated,
};
