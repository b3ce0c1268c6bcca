import { defineModule } from '../../lib/define-module';
import { privacyPermissions } from './privacy.permissions';
import { PrivacyResolver } from './privacy.resolver';

/** The privacy module's contribution to the app (listed in `modules/index.ts`). */
export const privacyModule = defineModule({
  name: 'privacy',
  resolvers: [PrivacyResolver],
  permissions: [privacyPermissions],
});
