import { graphql } from '../../gql';

export const ContactSendMutationDocument = graphql(`
  mutation ContactSend($input: ContactSendInput!) {
    contactSend(input: $input) {
      received
      userErrors {
        code
        field
        message
      }
    }
  }
`);
