/**
 * The identities module's front door (sign-in with an identity provider): what other modules may use
 * of it. No other module calls it yet; the app mounts it through its module.ts.
 */
export { listIdentities, type IdentityRow } from './identities.service';
export { DEFAULT_AFTER_SIGN_IN, safeReturnTo } from './return-to';
