import { defineModule } from '../../lib/define-module';
import { messagingPermissions } from './messaging.permissions';
import { messagingResolvers } from './messaging.resolver';
import { messagingRoutes } from './messaging.routes';

/** The messaging module's contribution to the app (listed in `modules/index.ts`). */
export const messagingModule = defineModule({
  name: 'messaging',
  resolvers: messagingResolvers,
  permissions: [messagingPermissions],
  graphRoutes: messagingRoutes,
});
