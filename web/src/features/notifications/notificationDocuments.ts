import { graphql } from '../../gql';

/** Every kind of email with whether I get it (NotificationSettings). */
export const NotificationPreferencesQueryDocument = graphql(`
  query NotificationPreferences {
    notificationPreferences {
      kind
      label
      description
      enabled
    }
  }
`);

export const NotificationPreferencesUpdateMutationDocument = graphql(`
  mutation NotificationPreferencesUpdate($input: NotificationPreferencesUpdateInput!) {
    notificationPreferencesUpdate(input: $input) {
      preferences {
        kind
        label
        description
        enabled
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

/** The one-click unsubscribe of a mail's link (public: the token is the proof). */
export const NotificationUnsubscribeMutationDocument = graphql(`
  mutation NotificationUnsubscribe($input: NotificationUnsubscribeInput!) {
    notificationUnsubscribe(input: $input) {
      kind
      userErrors {
        code
        field
        message
      }
    }
  }
`);
