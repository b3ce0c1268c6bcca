import { graphql } from '../../gql';

/** The security audit log, newest first; optionally one account's events or one kind. */
export const AdminSecurityEventsQueryDocument = graphql(`
  query AdminSecurityEvents($first: Int, $after: String, $userId: ID, $kind: SecurityEventKind) {
    adminSecurityEvents(first: $first, after: $after, userId: $userId, kind: $kind) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        userId
        username
        kind
        ip
        userAgent
        detail
        createdAt
      }
    }
  }
`);
