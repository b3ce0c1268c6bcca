import { isAuthenticated } from '../../../graphql/rules';

/** One's own two-step sign-in: a signed-in session's (API tokens are refused: SESSION_ONLY scopes). */
export const twoStepPermissions = {
  Query: { myTwoStep: isAuthenticated },
  Mutation: {
    twoStepSetupStart: isAuthenticated,
    twoStepSetupConfirm: isAuthenticated,
    twoStepDisable: isAuthenticated,
    twoStepRecoveryCodesRegenerate: isAuthenticated,
  },
  TwoStepStatus: isAuthenticated,
  TwoStepSetupPayload: isAuthenticated,
  TwoStepRecoveryCodesPayload: isAuthenticated,
};
