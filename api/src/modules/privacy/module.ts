import { defineModule } from '../../lib/define-module';
import { privacyPermissions } from './privacy.permissions';
import { PrivacyResolver } from './privacy.resolver';
import { dataExportRoute } from './data-export.route';

/** The privacy module's contribution to the app (listed in `modules/index.ts`). */
export const privacyModule = defineModule({
  name: 'privacy',
  resolvers: [PrivacyResolver],
  permissions: [privacyPermissions],
  restHandlers: ({ router, createContext }) => {
    router.get('/account/export', dataExportRoute(createContext));
  },
});
