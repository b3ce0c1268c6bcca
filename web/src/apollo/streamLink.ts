import { ApolloLink } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { print } from '@apollo/client/utilities';
import type { GraphQLFormattedError } from 'graphql';
import type { Client } from 'graphql-sse';
import { Observable } from 'rxjs';

/** Where the API serves subscriptions (GraphQL over Server-Sent Events, graphql-sse). */
export const STREAM_PATH = '/graphql/stream';

/**
 * Put on an operation's context (`useSubscription(…, { context: { onStreamConnected } })`): called
 * each time its event stream is open, with `reconnected` true after a lost stream came back (the
 * events in between are lost: refetch).
 */
export interface StreamContext {
  onStreamConnected?: (reconnected: boolean) => void;
}

/**
 * The terminating link for subscriptions: each one is its own event stream (a POST to
 * /graphql/stream; graphql-sse's "distinct connections" mode), retried by the graphql-sse client
 * with backoff when the network fails. GraphQL errors in results pass through as results; a stream
 * that cannot be opened ends the subscription with an error.
 */
export class StreamLink extends ApolloLink {
  constructor(private readonly client: Client) {
    super();
  }

  override request(operation: ApolloLink.Operation): Observable<ApolloLink.Result> {
    const { onStreamConnected } = operation.getContext() as StreamContext;
    return new Observable<ApolloLink.Result>((observer) =>
      this.client.subscribe(
        {
          query: print(operation.query),
          variables: operation.variables,
          operationName: operation.operationName,
          extensions: operation.extensions,
        },
        {
          next: (result) => observer.next(result as ApolloLink.Result),
          complete: () => observer.complete(),
          error: (error) => {
            if (error instanceof Error) return observer.error(error);
            // The server refused the operation: a list of GraphQL errors.
            const errors = (Array.isArray(error) ? error : [error]) as GraphQLFormattedError[];
            observer.error(new CombinedGraphQLErrors({ errors }));
          },
        },
        { connected: (reconnected) => onStreamConnected?.(reconnected) },
      ),
    );
  }
}
