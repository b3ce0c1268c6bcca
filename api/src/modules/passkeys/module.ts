import { defineModule } from '../../lib/define-module';
import { passkeysPermissions } from './passkeys.permissions';
import { PasskeysResolver } from './passkeys.resolver';

/**
 * The passkeys module's contribution to the app (listed in `modules/index.ts`). Other modules use
 * `index.ts`, which does not re-export this: it would load the resolver into their imports (cycles).
 */
export const passkeysModule = defineModule({
  name: 'passkeys',
  resolvers: [PasskeysResolver],
  permissions: [passkeysPermissions],
});
