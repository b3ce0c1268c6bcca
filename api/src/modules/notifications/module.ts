import express from 'express';
import { defineModule } from '../../lib/define-module';
import { InAppNotificationsResolver } from './in-app-notifications';
import { notificationsPermissions } from './notifications.permissions';
import { NotificationsResolver } from './notifications.resolver';
import { unsubscribePageRedirect, unsubscribeRoute } from './unsubscribe.route';

/** The notifications module's contribution to the app (listed in `modules/index.ts`). */
export const notificationsModule = defineModule({
  name: 'notifications',
  resolvers: [NotificationsResolver, InAppNotificationsResolver],
  permissions: [notificationsPermissions],
  restHandlersBeforeGuards: ({ router, createContext }) => {
    // RFC 8058 one-click unsubscribe: mail providers post from their servers; the signed token is the proof.
    router.post(
      '/notifications/unsubscribe',
      express.urlencoded({ extended: false, limit: '1kb' }),
      unsubscribeRoute(createContext),
    );
    router.get('/notifications/unsubscribe', unsubscribePageRedirect());
  },
});
