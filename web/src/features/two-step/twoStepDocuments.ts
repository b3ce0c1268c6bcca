import { graphql } from '../../gql';

/** Two-step sign-in (issue 31): its state, set-up, turning off, recovery codes, the sign-in's code step. */
export const MyTwoStepDocument = graphql(`
  query MyTwoStep {
    myTwoStep {
      enabled
      recoveryCodesLeft
      requiredFor
      hasSecondFactor
    }
  }
`);

export const TwoStepSetupStartDocument = graphql(`
  mutation TwoStepSetupStart {
    twoStepSetupStart {
      key
      uri
      qrSize
      qrPath
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const TwoStepSetupConfirmDocument = graphql(`
  mutation TwoStepSetupConfirm($input: TwoStepCodeInput!) {
    twoStepSetupConfirm(input: $input) {
      recoveryCodes
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const TwoStepDisableDocument = graphql(`
  mutation TwoStepDisable($input: TwoStepCodeInput!) {
    twoStepDisable(input: $input) {
      success
      message
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const TwoStepRecoveryCodesRegenerateDocument = graphql(`
  mutation TwoStepRecoveryCodesRegenerate($input: TwoStepCodeInput!) {
    twoStepRecoveryCodesRegenerate(input: $input) {
      recoveryCodes
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const LoginSecondStepDocument = graphql(`
  mutation LoginSecondStep($input: LoginSecondStepInput!) {
    loginSecondStep(input: $input) {
      user {
        ...SessionUser
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);
