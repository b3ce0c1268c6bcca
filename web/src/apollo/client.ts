import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';

/**
 * The one Apollo Client of the web app. It talks to the graph on the same origin and sends the
 * session cookie. Queries are served from the cache once loaded (the spec's "never stale"); there is
 * no retry link, so a failed call fails once and is reported.
 */
export const apolloClient = new ApolloClient({
  link: new HttpLink({ uri: '/graphql', credentials: 'same-origin' }),
  cache: new InMemoryCache({
    // The cart has no id: the header's polled query and the checkout's summary share one object.
    typePolicies: { Cart: { merge: true } },
  }),
  defaultOptions: {
    watchQuery: { fetchPolicy: 'cache-first' },
    query: { fetchPolicy: 'cache-first' },
  },
});
