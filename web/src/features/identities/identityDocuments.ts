import { graphql } from '../../gql';

/** The identity providers one may sign in or register with (empty when none is set up). */
export const SignInProvidersQueryDocument = graphql(`
  query SignInProviders {
    signInProviders {
      id
      name
      startUrl
    }
  }
`);

/** The identity provider sign-ins linked to my account. */
export const MyIdentitiesQueryDocument = graphql(`
  query MyIdentities {
    myIdentities {
      id
      providerName
      email
      createdAt
      lastUsedAt
    }
  }
`);

/** Unlinks one of my identity provider sign-ins. */
export const IdentityUnlinkMutationDocument = graphql(`
  mutation IdentityUnlink($id: ID!) {
    identityUnlink(id: $id) {
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
