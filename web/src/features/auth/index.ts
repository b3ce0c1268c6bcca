// The front door of features/auth: what other features and the app's frame use of it. Its
// routed pages are loaded by router.tsx through pages.ts (docs/architecture.md, "Import rules").
export { SignInLink } from './SignInLink';
export { AUTH_TEXT, failureFromError } from './authMessages';
export { displayNameOf } from './displayName';
export {
  afterAuthPath,
  authPathFor,
  DEFAULT_AFTER_AUTH_PATH,
  RETURN_TO_PARAM,
  safeReturnTo,
} from './returnTo';
export { canEnterAdminArea, hasRole, rolesOf } from './roles';
export type { RoleBearer } from './roles';
export { MeQueryDocument, SessionEvents, useCurrentUser } from './useCurrentUser';
export type { CurrentUser } from './useCurrentUser';
export { useLogout } from './useLogout';
