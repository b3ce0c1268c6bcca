// The identities module's front door: what other modules may use of it.
export { eraseIdentitiesData } from './personal-data';
