/**
 * The auth module's front door: what other modules may use of it. The account module depends on it
 * (passwords, validation, sessions, `startSignedInSession`); auth asks the account module for the
 * verification mail and the second step only through the hooks it registers (account-hooks.ts).
 */
export { type AccountHooks, registerAccountHooks } from './account-hooks';
export { AUTH_HOUSEKEEPING_CRON } from './auth-housekeeping.jobs';
export { AuthPayload } from './auth.payloads';
export { validateEmail, validateName, validateNewPassword } from './auth.validation';
export { isKnownFor, type KnownDevice, readKnownDevice } from './known-device';
export { LoginThrottle, THROTTLE_MESSAGE } from './login-throttle';
export { hashPassword, verifyPassword } from './password';
export { SESSION_MAX_AGE_MS } from './session';
export { cookieValue, type RequestSession } from './session-middleware';
export { type SessionUserJoin } from './session-store';
export { loadSessionUserRow, type Viewer } from './session-user';
export { startSignedInSession } from './sign-in';
export { eraseAuthData } from './personal-data';
export { SESSION_COOKIE } from './session';
export { type SessionRowsReader, sessionMiddleware, sessionWithRows } from './session-middleware';
export { SessionStore } from './session-store';
export { type SessionUserRow, managedUser, sessionUserJoin, viewerOf } from './session-user';
export {
  type AccountSessionRow,
  deleteAccountSession,
  deleteAccountSessions,
  liveSessionsOf,
  sessionStartedAt,
} from './session-rows';
