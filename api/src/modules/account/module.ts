import { defineModule } from '../../lib/define-module';
import { AccountResolver } from './account.resolver';
import { TwoStepResolver } from './two-step/two-step.resolver';
import { accountPermissions } from './account.permissions';
import { twoStepPermissions } from './two-step/two-step.permissions';
import { registerAccountHooks } from '../auth';
import { sendEmailVerification } from './email-verification';
import {
  beginSecondStep,
  clearSecondStepCookie,
  finishSecondStep,
  pendingSecondStep,
  SECOND_STEP_COOKIE,
  SECOND_STEP_EXPIRED,
} from './two-step/second-step';
import { checkSecondStepCode, secondStepOwed } from './two-step/two-step';
import './account.jobs';

// Sign-in and registration (the auth module) send the verification mail and ask for the second step
// through these.
registerAccountHooks({
  sendEmailVerification,
  secondStep: {
    cookie: SECOND_STEP_COOKIE,
    expiredMessage: SECOND_STEP_EXPIRED,
    owed: secondStepOwed,
    begin: beginSecondStep,
    pending: pendingSecondStep,
    checkCode: checkSecondStepCode,
    finish: finishSecondStep,
    clearCookie: clearSecondStepCookie,
  },
});

/** The account module's contribution to the app (listed in `modules/index.ts`). */
export const accountModule = defineModule({
  name: 'account',
  resolvers: [AccountResolver, TwoStepResolver],
  permissions: [accountPermissions, twoStepPermissions],
});
