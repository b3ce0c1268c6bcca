import { graphql } from '../../gql';

/** My passkeys, the newest first. */
export const MyPasskeysQueryDocument = graphql(`
  query MyPasskeys {
    myPasskeys {
      id
      name
      deviceType
      backedUp
      createdAt
      lastUsedAt
    }
  }
`);

/** Step 1 of adding a passkey: the options for the browser (the password when the session is old). */
export const PasskeyRegistrationOptionsMutationDocument = graphql(`
  mutation PasskeyRegistrationOptions($input: PasskeyRegistrationOptionsInput!) {
    passkeyRegistrationOptions(input: $input) {
      options
      userErrors {
        code
        field
        message
      }
    }
  }
`);

/** Step 2 of adding a passkey: the browser's new credential. */
export const PasskeyAddMutationDocument = graphql(`
  mutation PasskeyAdd($input: PasskeyAddInput!) {
    passkeyAdd(input: $input) {
      passkey {
        id
        name
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const PasskeyRenameMutationDocument = graphql(`
  mutation PasskeyRename($input: PasskeyRenameInput!) {
    passkeyRename(input: $input) {
      passkey {
        id
        name
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const PasskeyRemoveMutationDocument = graphql(`
  mutation PasskeyRemove($input: PasskeyRemoveInput!) {
    passkeyRemove(input: $input) {
      removedId
      userErrors {
        code
        field
        message
      }
    }
  }
`);

/** Step 1 of signing in with a passkey. */
export const PasskeySignInOptionsMutationDocument = graphql(`
  mutation PasskeySignInOptions {
    passkeySignInOptions {
      options
      userErrors {
        code
        field
        message
      }
    }
  }
`);

/** Step 2 of signing in with a passkey: starts the session. */
export const PasskeySignInMutationDocument = graphql(`
  mutation PasskeySignIn($input: PasskeySignInInput!) {
    passkeySignIn(input: $input) {
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

/** Confirming it is me with a passkey where my password would do: the options for the browser. */
export const PasskeyConfirmationOptionsMutationDocument = graphql(`
  mutation PasskeyConfirmationOptions {
    passkeyConfirmationOptions {
      options
      userErrors {
        code
        field
        message
      }
    }
  }
`);
