import { ApolloClient, ApolloLink, HttpLink } from '@apollo/client';
import { APP_CLIENT_DEFAULTS, createAppCache } from './cache';
import { isSubscriptionOperation } from '@apollo/client/utilities';
import { createClient } from 'graphql-sse';
import { guestCatalogLink } from './guestCatalog';
import { answerTimesLink } from './staleTime';
import { STREAM_PATH, StreamLink } from './streamLink';
import { streamStatusListeners } from './streamStatus';

/**
 * The one Apollo Client of the web app. It talks to the graph on the same origin and sends the
 * session cookie. Queries are served from the cache once loaded (the spec's "never stale"); there is
 * no retry link, so a failed call fails once and is reported. Subscriptions go to /graphql/stream
 * over Server-Sent Events (graphql-sse, which retries a failed stream 5 times with backoff; pages
 * poll meanwhile and after that: useLiveSubscription; the client reports whether its streams are
 * open to every live page: streamStatus); everything else to /graphql. When each query was last
 * answered is recorded, for the spec's stale times (staleTime.ts). A refusal of the public catalogue
 * to a visitor reads as empty data (guestCatalog.ts, spec section 6).
 */
export const apolloClient = new ApolloClient({
  link: answerTimesLink().concat(
    ApolloLink.split(
      (operation) => isSubscriptionOperation(operation.query),
      new StreamLink(
        createClient({
          url: STREAM_PATH,
          credentials: 'same-origin',
          retryAttempts: 5,
          on: streamStatusListeners(),
        }),
      ),
      guestCatalogLink.concat(new HttpLink({ uri: '/graphql', credentials: 'same-origin' })),
    ),
  ),
  cache: createAppCache(),
  defaultOptions: APP_CLIENT_DEFAULTS,
});
