/**
 * The account module's front door: what other modules may use of it (its security events, hourly
 * throttle, mails, password proof, sessions and the two-step rules). It depends on auth (auth asks it
 * for the verification mail and the second step through `auth/account-hooks.ts`); the passkeys module
 * depends on it, and the account asks passkeys only through the hooks they register
 * (`passkey-hooks.ts`).
 */
export { mailIdentityLinked, mailIdentityUnlinked, mailPasskeyChanged } from './account-mail';
export { provenByPassword, WRONG_CURRENT_PASSWORD } from './account-passwords';
export { AccountActionPayload } from './account.payloads';
export { sendEmailVerification } from './email-verification';
export { admitHourly } from './hourly-throttle';
export { type PasskeyHooks, registerPasskeyHooks } from './passkey-hooks';
export { type EventOrigin, recordSecurityEvent, type SecurityEventKind } from './security-events';
export { listSessions } from './sessions';
export { eraseAccountData, exportAccountData } from './personal-data';
export { TWO_STEP_REQUIRED_MESSAGE, USE_YOUR_PASSKEY } from './two-step/two-step';
export { plainSecret } from './two-step/two-step-crypto';
export {
  hasSecondFactorForPayouts,
  staffLacksSecondFactor,
  staffSecondFactorRefusal,
} from './two-step/two-step.rules';
