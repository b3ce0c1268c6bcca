import { defineModule } from '../../lib/define-module';
import { identitiesPermissions } from './identities.permissions';
import { IdentitiesResolver } from './identities.resolver';
import { oidcRouter } from './oidc.routes';
import { registerLinkedSignInSql } from '../passkeys';
import { hasIdentitySql } from './identity-sql';

// A passkey's removal keeps the account a way in: a linked sign-in counts (passkeys/ways-in-sql.ts).
registerLinkedSignInSql(hasIdentitySql);

/** The identities module's contribution to the app (listed in `modules/index.ts`). */
export const identitiesModule = defineModule({
  name: 'identities',
  resolvers: [IdentitiesResolver],
  permissions: [identitiesPermissions],
  restHandlers: ({ router, createContext }) => {
    // Sign in with the identity provider (browser navigations and the link page; no API tokens).
    router.use('/auth/oidc', oidcRouter(createContext));
  },
});
