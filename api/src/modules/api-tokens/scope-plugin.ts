import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';
import type { Context } from '../../graphql/context';
import { scopeRefusal, scopeRefusalMessage } from './scope-check';

/**
 * Refuses, before anything runs, an operation of a bearer request (req.apiToken) that uses a field
 * beyond its token's scopes: HTTP 403, `extensions { code: FORBIDDEN, field, requiredScope }`.
 * Cookie sessions and guests are not concerned. The REST adapter runs its operations through the
 * same server, so its graph-backed endpoints are checked here too.
 */
export function apiTokenScopes(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart({ contextValue }) {
      const token = contextValue.req?.apiToken;
      if (!token) return;
      return {
        async didResolveOperation({ document, schema }) {
          const refusal = scopeRefusal(schema, document, token.scopes);
          if (!refusal) return;
          throw new GraphQLError(scopeRefusalMessage(refusal), {
            extensions: {
              code: 'FORBIDDEN',
              field: refusal.field,
              requiredScope: refusal.needs,
              http: { status: 403 },
            },
          });
        },
      };
    },
  };
}
