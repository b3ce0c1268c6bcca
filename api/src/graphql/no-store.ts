import type { ApolloServerPlugin } from '@apollo/server';

const CACHEABLE = /^max-age=(\d+), (public|private)$/;

/**
 * Stands in for Apollo's default cache-control plugin, which the server disables
 * (`ApolloServerPluginCacheControlDisabled`): that plugin hooks every field resolution of every
 * request to compute cache hints, yet the graph declares none and its default max-age is 0, so the
 * only thing it ever did was answer `cache-control: no-store`. This plugin sends the same header
 * under the same conditions, without the per-field work.
 */
export function noStoreCacheControl(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          const existing = response.http.headers.get('cache-control');
          if (existing && existing !== 'no-store' && !CACHEABLE.test(existing)) return; // unparsable: left as is
          response.http.headers.set('cache-control', 'no-store');
        },
      };
    },
  };
}
