import { defineModule } from '../../lib/define-module';
import { User } from './user.entity';
import { usersPermissions } from './users.permissions';
import { UsersResolver } from './users.resolver';
import { usersRoutes } from './users.routes';

/** The users module's contribution to the app (listed in `modules/index.ts`). */
export const usersModule = defineModule({
  name: 'users',
  resolvers: [UsersResolver],
  permissions: [usersPermissions],
  graphRoutes: usersRoutes,
  entities: [User],
});
