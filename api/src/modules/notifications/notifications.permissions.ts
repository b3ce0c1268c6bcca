import { allow } from 'graphql-shield';
import { isAuthenticated } from '../../graphql/rules';

/**
 * A user reads and changes only their own preferences (the resolver takes the signed-in user's);
 * unsubscribing is public: the signed token names the user and the kind.
 */
export const notificationsPermissions = {
  Query: {
    notificationPreferences: isAuthenticated,
    myNotifications: isAuthenticated,
    unreadNotificationCount: isAuthenticated,
  },
  Mutation: {
    notificationPreferencesUpdate: isAuthenticated,
    notificationUnsubscribe: allow,
    markNotificationsRead: isAuthenticated,
  },
  InAppNotification: isAuthenticated,
  MarkNotificationsReadPayload: isAuthenticated,
  NotificationPreference: isAuthenticated,
  NotificationPreferencesPayload: isAuthenticated,
  NotificationUnsubscribePayload: allow,
};
