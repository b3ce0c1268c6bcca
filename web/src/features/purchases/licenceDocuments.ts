import { graphql } from '../../gql';

/** Licences on /my-purchases: giving a line's licences to colleagues and those given to me. */
graphql(`
  fragment OrderLineLicences on OrderLine {
    id
    licences
    licencesLeft
    licenceHolders {
      username
      displayName
      givenAt
    }
  }
`);

export const LicenceAssignDocument = graphql(`
  mutation LicenceAssign($input: LicenceAssignInput!) {
    licenceAssign(input: $input) {
      orderLine {
        ...OrderLineLicences
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const LicenceRevokeDocument = graphql(`
  mutation LicenceRevoke($input: LicenceRevokeInput!) {
    licenceRevoke(input: $input) {
      orderLine {
        ...OrderLineLicences
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const MyLicencesDocument = graphql(`
  query MyLicences($first: Int, $after: String) {
    myLicences(first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        fromUsername
        fromDisplayName
        givenAt
        downloadUrl
        resource {
          id
          title
          type
        }
      }
    }
  }
`);
