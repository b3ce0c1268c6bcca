// The api-tokens module's front door: what other modules may use of it.
export { requireScope } from './route-scope';
export { eraseApiTokensData, exportApiTokensData } from './personal-data';
export { ApiTokenStore } from './api-token-store';
export { bearerOrSession, hasBearer } from './bearer-auth';
export { addTokenScopes } from './describe-scopes';
export { scopeRefusal, scopeRefusalMessage } from './scope-check';
export { apiTokenScopes } from './scope-plugin';
export { type RequestApiToken } from './api-token-request';
