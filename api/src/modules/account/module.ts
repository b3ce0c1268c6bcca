import { defineModule } from '../../lib/define-module';
import { AccountResolver } from './account.resolver';
import { TwoStepResolver } from './two-step/two-step.resolver';
import { accountPermissions } from './account.permissions';
import { twoStepPermissions } from './two-step/two-step.permissions';
import './account.jobs';

/** The account module's contribution to the app (listed in `modules/index.ts`). */
export const accountModule = defineModule({
  name: 'account',
  resolvers: [AccountResolver, TwoStepResolver],
  permissions: [accountPermissions, twoStepPermissions],
});
