import { type ApolloClient, ApolloLink, type DocumentNode } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useEffect } from 'react';
import { tap } from 'rxjs';

/**
 * A stale time for Apollo Client, which has none (spec section 9: the user is stale after 10 s,
 * the cart after 1 s, other queries never): when a component showing a query mounts and the
 * cache's answer is older than the query's stale time, the cache is shown at once and the server
 * asked again in the background — as TanStack Query does with `staleTime`.
 *
 * How old an answer is: when the graph last answered the operation (recorded by
 * {@link answerTimesLink} for every answer, polls included), or, for an answer the client did not
 * fetch itself (the server-rendered page's, restored into the cache), when a component first saw
 * it. A refetch under way counts as fresh, so components mounting together ask once.
 */
export class AnswerTimes {
  private readonly times = new Map<string, number>();

  /** The operation was answered (or asked again) at `at`. */
  record(operationName: string, at: number): void {
    this.times.set(operationName, Math.max(at, this.times.get(operationName) ?? 0));
  }

  /** When the operation was last answered or asked for; undefined when never. */
  at(operationName: string): number | undefined {
    return this.times.get(operationName);
  }

  /** Whether the operation's answer is older than `staleMs` (never answered: not stale, it is unknown). */
  isStale(operationName: string, staleMs: number, now: number): boolean {
    const at = this.times.get(operationName);
    return at !== undefined && now - at > staleMs;
  }
}

/** The name of a document's operation. */
function operationNameOf(query: DocumentNode): string | undefined {
  for (const d of query.definitions) if (d.kind === 'OperationDefinition') return d.name?.value;
  return undefined;
}

/** The app's answer times (one client per page). */
export const answerTimes = new AnswerTimes();

/** Records when each query was answered by the graph (every answer, whatever asked for it). */
export function answerTimesLink(times: AnswerTimes = answerTimes, now: () => number = Date.now): ApolloLink {
  return new ApolloLink((operation, forward) => {
    const name = operation.operationName;
    const isQuery = operation.query.definitions.some(
      (d) => d.kind === 'OperationDefinition' && d.operation === 'query',
    );
    if (!name || !isQuery) return forward(operation);
    return forward(operation).pipe(
      tap((result) => {
        if (!result.errors?.length) times.record(name, now());
      }),
    );
  });
}

/**
 * On a component's mount: asks the server again for `query` when the cache holds an answer older
 * than `staleMs`; the watching components get the new answer through the cache. Resolves to
 * whether it asked. An answer never recorded (the server render's) is dated now.
 */
export async function refreshIfStale(
  client: ApolloClient,
  query: DocumentNode,
  staleMs: number,
  options: { times?: AnswerTimes; now?: number } = {},
): Promise<boolean> {
  const { times = answerTimes, now = Date.now() } = options;
  const name = operationNameOf(query);
  if (!name) return false;
  const cached = client.readQuery({ query });
  if (cached === null) return false; // nothing shown yet: the component's own query asks
  if (times.at(name) === undefined) {
    times.record(name, now);
    return false;
  }
  if (!times.isStale(name, staleMs, now)) return false;
  times.record(name, now);
  await client.query({ query, fetchPolicy: 'network-only' }).catch(() => undefined);
  return true;
}

/** {@link refreshIfStale} when the component mounts (and when `skip` turns false). */
export function useStaleTime(query: DocumentNode, staleMs: number, skip = false): void {
  const client = useApolloClient();
  useEffect(() => {
    if (!skip) void refreshIfStale(client, query, staleMs);
    // The query and stale time are constants of the caller; only mounting (or unskipping) asks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [skip, client]);
}
