import { ApolloClient, InMemoryCache, gql } from '@apollo/client';
import { execute, GraphQLInt, GraphQLObjectType, GraphQLSchema, subscribe, validate } from 'graphql';
import { createClient } from 'graphql-sse';
import { createHandler } from 'graphql-sse/lib/use/fetch';
import { describe, expect, it } from 'vitest';
import { StreamLink } from './streamLink';
import { createStreamStatus, type StreamStatusEvent, streamStatusListeners } from './streamStatus';

describe('createStreamStatus', () => {
  it('tells every listener, and no longer one that was removed', () => {
    const status = createStreamStatus();
    const header: StreamStatusEvent[] = [];
    const inbox: StreamStatusEvent[] = [];
    status.listen((e) => header.push(e));
    const stopInbox = status.listen((e) => inbox.push(e));
    status.report({ kind: 'connected', reconnected: false });
    stopInbox();
    status.report({ kind: 'lost' });
    expect(header).toEqual([{ kind: 'connected', reconnected: false }, { kind: 'lost' }]);
    expect(inbox).toEqual([{ kind: 'connected', reconnected: false }]);
    expect(status.size).toBe(1);
  });

  it('lets a listener remove itself while it is told', () => {
    const status = createStreamStatus();
    const heard: string[] = [];
    const stop = status.listen(() => {
      heard.push('first');
      stop();
    });
    status.listen(() => heard.push('second'));
    status.report({ kind: 'lost' });
    status.report({ kind: 'lost' });
    expect(heard).toEqual(['first', 'second', 'second']);
  });
});

// A real graphql-sse server (its fetch handler) with a subscription that sends one tick.
const schema = new GraphQLSchema({
  query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLInt, resolve: () => 1 } } }),
  subscription: new GraphQLObjectType({
    name: 'Subscription',
    fields: {
      tick: {
        type: GraphQLInt,
        subscribe: async function* () {
          await new Promise((resolve) => setTimeout(resolve, 20));
          yield { tick: 1 };
        },
      },
    },
  }),
});
// graphql's own functions: the handler's import of graphql may be another copy of the module.
const handler = createHandler({ schema, validate, execute, subscribe });
const TICK = gql`
  subscription Tick {
    tick
  }
`;

/** The graphql-sse client against the handler; the first `failures` requests fail (503). */
function serve(failures: number) {
  let requests = 0;
  const status = createStreamStatus();
  const events: StreamStatusEvent[] = [];
  status.listen((e) => events.push(e));
  const client = createClient({
    url: 'http://stream.test/graphql/stream',
    retryAttempts: 5,
    retry: async () => undefined,
    on: streamStatusListeners(status),
    fetchFn: async (url: string, init: RequestInit) => {
      requests += 1;
      if (requests <= failures) return new Response('down', { status: 503 });
      return handler(new Request(url, init));
    },
  });
  return { client, events, requests: () => requests };
}

describe('streamStatusListeners (a real graphql-sse client and server)', () => {
  it('reports the stream opened, and a broken one lost and then back', async () => {
    const { client, events } = serve(1);
    const ticks: unknown[] = [];
    await new Promise<void>((resolve, reject) => {
      client.subscribe(
        { query: 'subscription { tick }' },
        { next: (r) => ticks.push(r.data), complete: resolve, error: reject },
      );
    });
    expect(ticks).toEqual([{ tick: 1 }]);
    expect(events).toEqual([{ kind: 'lost' }, { kind: 'connected', reconnected: true }]);
  });

  it('is heard by every subscriber of a stream Apollo shares between identical subscriptions', async () => {
    const { client, events, requests } = serve(0);
    const apollo = new ApolloClient({ link: new StreamLink(client), cache: new InMemoryCache() });
    const received = await Promise.all(
      [1, 2].map(
        () =>
          new Promise<unknown[]>((resolve, reject) => {
            const data: unknown[] = [];
            apollo.subscribe({ query: TICK }).subscribe({
              next: (r) => data.push(r.data),
              complete: () => resolve(data),
              error: reject,
            });
          }),
      ),
    );
    expect(received).toEqual([[{ tick: 1 }], [{ tick: 1 }]]);
    // One stream (deduplicated), opened once: one status event for the whole client.
    expect(requests()).toBe(1);
    expect(events).toEqual([{ kind: 'connected', reconnected: false }]);
  });
});
