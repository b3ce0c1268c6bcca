import { graphql } from '../../gql';

export const AdminMailOutboxQueryDocument = graphql(`
  query AdminMailOutbox($first: Int, $after: String, $search: String) {
    adminMailOutbox(first: $first, after: $after, search: $search) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        to
        subject
        attachmentNames
        createdAt
        sentAt
        error
      }
    }
  }
`);

export const AdminMailOutboxMessageQueryDocument = graphql(`
  query AdminMailOutboxMessage($id: ID!) {
    adminMailOutboxMessage(id: $id) {
      id
      from
      to
      subject
      text
      html
      createdAt
      sentAt
      error
      attachments {
        index
        filename
        contentType
        size
        url
      }
    }
  }
`);
