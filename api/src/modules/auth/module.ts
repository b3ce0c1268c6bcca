import { defineModule } from '../../lib/define-module';
import { AuthService } from './auth.service';
import { AuthResolver } from './auth.resolver';
import { authPermissions } from './auth.permissions';
import { authRoutes } from './auth.routes';
import { LoginAttempt } from './login-attempt.entity';
import { requireScope } from '../api-tokens';
import { authStateRoute } from './auth-state.route';
import { signupChallengeRoute } from './signup-challenge.route';
import './auth-housekeeping.jobs';

/** The auth module's contribution to the app (listed in `modules/index.ts`). */
export const authModule = defineModule({
  name: 'auth',
  services: {
    auth: ({ em }) => new AuthService(em),
  },
  resolvers: [AuthResolver],
  permissions: [authPermissions],
  graphRoutes: authRoutes,
  entities: [LoginAttempt],
  restHandlers: ({ router, server, createContext }) => {
    router.get('/auth', requireScope('account:read'), authStateRoute(server, createContext));
    router.get('/altcha/challenge', signupChallengeRoute(createContext));
  },
});

declare module '../../services' {
  interface Services {
    auth: AuthService;
  }
}
