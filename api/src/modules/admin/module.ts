import { defineModule } from '../../lib/define-module';
import { AdminResolver } from './admin.resolver';
import { adminPermissions } from './admin.permissions';
import { adminRoutes } from './admin.routes';

/** The admin module's contribution to the app (listed in `modules/index.ts`). */
export const adminModule = defineModule({
  name: 'admin',
  resolvers: [AdminResolver],
  permissions: [adminPermissions],
  graphRoutes: adminRoutes,
});
