import { graphql } from '../../gql';

/** How many of my in-app notifications are unread: the header bell's badge (in the main chunk). */
export const UnreadNotificationCountQueryDocument = graphql(`
  query UnreadNotificationCount {
    unreadNotificationCount
  }
`);
