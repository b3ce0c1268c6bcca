import { defineModule } from '../../lib/define-module';
import { identitiesPermissions } from './identities.permissions';
import { IdentitiesResolver } from './identities.resolver';

/** The identities module's contribution to the app (listed in `modules/index.ts`). */
export const identitiesModule = defineModule({
  name: 'identities',
  resolvers: [IdentitiesResolver],
  permissions: [identitiesPermissions],
});
