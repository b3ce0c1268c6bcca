// The front door of features/account: what other features and the app's frame use of it. Its
// routed pages are loaded by router.tsx through pages.ts (docs/architecture.md, "Import rules").
export { AccountPageFrame } from './AccountPageFrame';
export { FormProblems } from './FormProblems';
export {
  EmailChangeMutationDocument,
  EmailVerificationSendMutationDocument,
  PasswordChangeMutationDocument,
} from './accountDocuments';
export { ACCOUNT_TEXT, NO_ERRORS, settle, splitUserErrors } from './accountErrors';
export type { AccountOutcome, AccountUserError, FormErrors } from './accountErrors';
export { checkNewPassword, isClear, PASSWORD_TEXT } from './passwordRules';
