import { allow } from 'graphql-shield';
import { isAuthenticated } from '../../graphql/rules';

/**
 * My data and my account's deletion: the signed-in person only (and a person's session only: an API
 * token is refused both, api-tokens/api-token-scopes.ts SESSION_ONLY).
 */
export const privacyPermissions = {
  Query: { myDataExport: isAuthenticated },
  Mutation: { accountDelete: isAuthenticated },
  AccountDeletePayload: allow,
};
