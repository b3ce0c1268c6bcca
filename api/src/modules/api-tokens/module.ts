import { defineModule } from '../../lib/define-module';
import { ApiTokensResolver } from './api-tokens.resolver';
import { apiTokensPermissions } from './api-tokens.permissions';

/** The API tokens module's contribution to the app (listed in `modules/index.ts`). */
export const apiTokensModule = defineModule({
  name: 'api-tokens',
  resolvers: [ApiTokensResolver],
  permissions: [apiTokensPermissions],
});
