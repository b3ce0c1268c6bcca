import { defineModule } from '../../lib/define-module';
import { UsersService } from './users.service';
import { User } from './user.entity';
import { usersPermissions } from './users.permissions';
import { UsersResolver } from './users.resolver';
import { usersRoutes } from './users.routes';
import { requireScope } from '../api-tokens';
import { profileImageRoute } from './profile-image.route';

/** The users module's contribution to the app (listed in `modules/index.ts`). */
export const usersModule = defineModule({
  name: 'users',
  services: {
    users: ({ em, storage }) => new UsersService(em, storage.public),
  },
  resolvers: [UsersResolver],
  permissions: [usersPermissions],
  graphRoutes: usersRoutes,
  entities: [User],
  restHandlers: ({ router, createContext }) => {
    router.post('/profile/image', requireScope('account:write'), profileImageRoute(createContext));
  },
});

declare module '../../services' {
  interface Services {
    users: UsersService;
  }
}
