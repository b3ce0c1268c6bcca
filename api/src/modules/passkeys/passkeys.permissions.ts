import { allow } from 'graphql-shield';
import { isAuthenticated } from '../../graphql/rules';

/** Signing in with a passkey is for anyone; a passkey of mine is my session's business alone. */
export const passkeysPermissions = {
  Query: { myPasskeys: isAuthenticated },
  Mutation: {
    passkeyRegistrationOptions: isAuthenticated,
    passkeyConfirmationOptions: isAuthenticated,
    passkeyAdd: isAuthenticated,
    passkeyRename: isAuthenticated,
    passkeyRemove: isAuthenticated,
    passkeySignInOptions: allow,
    passkeySignIn: allow,
  },
  Passkey: isAuthenticated,
  PasskeyOptionsPayload: allow,
  PasskeyPayload: allow,
  PasskeyRemovePayload: allow,
};
