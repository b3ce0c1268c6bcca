import { defineModule } from '../../lib/define-module';
import { notificationsPermissions } from './notifications.permissions';
import { NotificationsResolver } from './notifications.resolver';

/** The notifications module's contribution to the app (listed in `modules/index.ts`). */
export const notificationsModule = defineModule({
  name: 'notifications',
  resolvers: [NotificationsResolver],
  permissions: [notificationsPermissions],
});
