import { graphql } from '../../gql';

graphql(`
  fragment ApiTokenRow on ApiToken {
    id
    name
    tokenPrefix
    scopes
    status
    expiresAt
    lastUsedAt
    createdAt
    revokedAt
    ownerUsername
  }
`);

/** The developer section of /profile: my roles (who may pick `admin`), the scopes and my tokens. */
export const DeveloperSettingsQueryDocument = graphql(`
  query DeveloperSettings {
    me {
      id
      role
      roles
    }
    apiTokenScopes {
      name
      description
    }
    apiTokens {
      ...ApiTokenRow
    }
  }
`);

export const ApiTokenCreateMutationDocument = graphql(`
  mutation ApiTokenCreate($input: ApiTokenCreateInput!) {
    apiTokenCreate(input: $input) {
      token
      apiToken {
        ...ApiTokenRow
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const ApiTokenRevokeMutationDocument = graphql(`
  mutation ApiTokenRevoke($input: ApiTokenRevokeInput!) {
    apiTokenRevoke(input: $input) {
      apiToken {
        ...ApiTokenRow
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

/** /admin/api-tokens: everyone's tokens, newest first. */
export const AdminApiTokensQueryDocument = graphql(`
  query AdminApiTokens($first: Int, $after: String, $search: String, $status: ApiTokenStatus) {
    adminApiTokens(first: $first, after: $after, search: $search, status: $status) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...ApiTokenRow
      }
    }
  }
`);

export const AdminApiTokenRevokeMutationDocument = graphql(`
  mutation AdminApiTokenRevoke($input: ApiTokenRevokeInput!) {
    adminApiTokenRevoke(input: $input) {
      apiToken {
        ...ApiTokenRow
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);
