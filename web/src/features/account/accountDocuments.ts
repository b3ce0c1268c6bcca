import { graphql } from '../../gql';

/** "Forgot password?": asks for a reset link; the answer is the same whether or not an account matched. */
export const PasswordResetRequestMutationDocument = graphql(`
  mutation PasswordResetRequest($input: PasswordResetRequestInput!) {
    passwordResetRequest(input: $input) {
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

/** Sets a new password with a reset link's token; signs this browser in. */
export const PasswordResetMutationDocument = graphql(`
  mutation PasswordReset($input: PasswordResetInput!) {
    passwordReset(input: $input) {
      user {
        id
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

/** The signed-in account's new password (its other sessions end). */
export const PasswordChangeMutationDocument = graphql(`
  mutation PasswordChange($input: PasswordChangeInput!) {
    passwordChange(input: $input) {
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

/** The signed-in account's new email address (unverified until its mailed link is opened). */
export const EmailChangeMutationDocument = graphql(`
  mutation EmailChange($input: EmailChangeInput!) {
    emailChange(input: $input) {
      user {
        id
        email
        emailVerified
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

/** "Send again": a new confirmation link to the signed-in account's email. */
export const EmailVerificationSendMutationDocument = graphql(`
  mutation EmailVerificationSend {
    emailVerificationSend {
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

/** Confirms an email address with the token of its mailed link (signed in or not). */
export const EmailVerifyMutationDocument = graphql(`
  mutation EmailVerify($token: String!) {
    emailVerify(token: $token) {
      user {
        id
        email
        emailVerified
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);
