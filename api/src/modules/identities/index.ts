/**
 * The identities module's front door (sign-in with an identity provider): what other modules may use
 * of it. The privacy module erases a member's links; the app mounts the rest through its module.ts.
 */
export { listIdentities, type IdentityRow } from './identities.service';
export { eraseIdentitiesData } from './personal-data';
export { DEFAULT_AFTER_SIGN_IN, safeReturnTo } from './return-to';
