import { graphql } from '../../gql';

export const AccountDeleteMutationDocument = graphql(`
  mutation AccountDelete($input: AccountDeleteInput!) {
    accountDelete(input: $input) {
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
