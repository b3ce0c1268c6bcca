import { allow } from 'graphql-shield';
import { isAdmin, isAuthenticated } from '../../graphql/rules';

/** Reset and verification links work for whoever holds them; changes need the account's session. */
export const accountPermissions = {
  Query: { mySessions: isAuthenticated, adminSecurityEvents: isAdmin },
  Mutation: {
    sessionEnd: isAuthenticated,
    sessionsEndOthers: isAuthenticated,
    passwordResetRequest: allow,
    passwordReset: allow,
    emailVerify: allow,
    passwordChange: isAuthenticated,
    emailChange: isAuthenticated,
    emailVerificationSend: isAuthenticated,
  },
  AccountActionPayload: allow,
  AccountPayload: allow,
  AccountSession: isAuthenticated,
  SecurityEvent: isAdmin,
  SecurityEventConnection: isAdmin,
  SecurityEventEdge: isAdmin,
};
