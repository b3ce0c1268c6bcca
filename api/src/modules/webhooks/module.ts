import { defineModule } from '../../lib/define-module';
import { webhooksPermissions } from './webhooks.permissions';
import { webhooksResolvers } from './webhooks.resolver';
import './webhooks.jobs';

/** The webhooks module's contribution to the app (listed in `modules/index.ts`). */
export const webhooksModule = defineModule({
  name: 'webhooks',
  resolvers: webhooksResolvers,
  permissions: [webhooksPermissions],
});
