import { graphql } from '../../gql';

/** My newest in-app notifications (the bell's panel: 10; /notifications: 100). */
export const MyNotificationsQueryDocument = graphql(`
  query MyNotifications($limit: Int) {
    myNotifications(limit: $limit) {
      id
      title
      body
      link
      readAt
      createdAt
    }
  }
`);

/** Marks the named notifications read, or all of mine without ids; answers what is left unread. */
export const MarkNotificationsReadMutationDocument = graphql(`
  mutation MarkNotificationsRead($ids: [ID!]) {
    markNotificationsRead(ids: $ids) {
      marked
      unreadCount
      userErrors {
        code
        field
        message
      }
    }
  }
`);
