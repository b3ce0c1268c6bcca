import { type ApolloClient, InMemoryCache } from '@apollo/client';

/** The graph cache of the browser's client and of each server render (their shapes must match). */
export function createAppCache(): InMemoryCache {
  return new InMemoryCache({
    // The cart has no id: the header's polled query and the checkout's summary share one object.
    typePolicies: { Cart: { merge: true } },
  });
}

/** Queries are served from the cache once loaded (the spec's "never stale"). */
export const APP_CLIENT_DEFAULTS: ApolloClient.DefaultOptions = {
  watchQuery: { fetchPolicy: 'cache-first' },
  query: { fetchPolicy: 'cache-first' },
};
