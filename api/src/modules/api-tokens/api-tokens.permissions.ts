import { allow } from 'graphql-shield';
import { isAdmin, isAuthenticated } from '../../graphql/rules';

/**
 * Members manage their own tokens (the resolvers take the signed-in user's); admins see and revoke
 * everyone's. The scope list is public. Which of these a token may call: api-token-scopes.ts
 * (creating and revoking need a person's session).
 */
export const apiTokensPermissions = {
  Query: { apiTokenScopes: allow, apiTokens: isAuthenticated, adminApiTokens: isAdmin },
  Mutation: {
    apiTokenCreate: isAuthenticated,
    apiTokenRevoke: isAuthenticated,
    adminApiTokenRevoke: isAdmin,
  },
  ApiToken: isAuthenticated,
  ApiTokenScopeInfo: allow,
  ApiTokenConnection: isAdmin,
  ApiTokenEdge: isAdmin,
  ApiTokenCreatePayload: isAuthenticated,
  ApiTokenRevokePayload: isAuthenticated,
};
