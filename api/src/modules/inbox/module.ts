import { defineModule } from '../../lib/define-module';
import { inboxPermissions } from './inbox.permissions';
import { InboxResolver } from './inbox.resolver';
import { inboxRoutes } from './inbox.routes';

/** The inbox module's contribution to the app (listed in `modules/index.ts`). */
export const inboxModule = defineModule({
  name: 'inbox',
  resolvers: [InboxResolver],
  permissions: [inboxPermissions],
  graphRoutes: inboxRoutes,
});
