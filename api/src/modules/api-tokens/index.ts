// The api-tokens module's front door: what other modules may use of it.
export { requireScope } from './route-scope';
export { eraseApiTokensData, exportApiTokensData } from './personal-data';
