import { defineModule } from '../../lib/define-module';
import { AdminUsersService } from './admin-users.service';
import { AdminResolver } from './admin.resolver';
import { adminPermissions } from './admin.permissions';
import { adminRoutes } from './admin.routes';

/** The admin module's contribution to the app (listed in `modules/index.ts`). */
export const adminModule = defineModule({
  name: 'admin',
  services: {
    adminUsers: ({ em }) => new AdminUsersService(em),
  },
  resolvers: [AdminResolver],
  permissions: [adminPermissions],
  graphRoutes: adminRoutes,
});

declare module '../../services' {
  interface Services {
    adminUsers: AdminUsersService;
  }
}
