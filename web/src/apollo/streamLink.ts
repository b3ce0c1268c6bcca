import { ApolloLink } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { print } from '@apollo/client/utilities';
import type { GraphQLFormattedError } from 'graphql';
import type { Client } from 'graphql-sse';
import { Observable } from 'rxjs';

/** Where the API serves subscriptions (GraphQL over Server-Sent Events, graphql-sse). */
export const STREAM_PATH = '/graphql/stream';

/**
 * The terminating link for subscriptions: each one is its own event stream (a POST to
 * /graphql/stream; graphql-sse's "distinct connections" mode), retried by the graphql-sse client
 * with backoff when the network fails. GraphQL errors in results pass through as results; a stream
 * that cannot be opened ends the subscription with an error. Whether streams are open is reported
 * by the client itself (streamStatus), not per operation: Apollo shares one stream between
 * identical subscriptions.
 */
export class StreamLink extends ApolloLink {
  constructor(private readonly client: Client) {
    super();
  }

  override request(operation: ApolloLink.Operation): Observable<ApolloLink.Result> {
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
      ),
    );
  }
}
