import { defineModule } from '../../lib/define-module';
import { referencePermissions } from './reference.permissions';
import { ReferenceResolver } from './reference.resolver';

/** The reference module's contribution to the app (listed in `modules/index.ts`). */
export const referenceModule = defineModule({
  name: 'reference',
  resolvers: [ReferenceResolver],
  permissions: [referencePermissions],
});
