import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { GRAPHQL_STREAM_PATH } from './graphql-stream';

export const SUBSCRIPTIONS_ELSEWHERE_MESSAGE = `Subscriptions are served over Server-Sent Events at POST ${GRAPHQL_STREAM_PATH} (graphql-sse), not here.`;

const listener: GraphQLRequestListener<never> = {
  async didResolveOperation({ operation }) {
    if (operation?.operation !== 'subscription') return;
    throw new GraphQLError(SUBSCRIPTIONS_ELSEWHERE_MESSAGE, {
      extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
    });
  },
};

/**
 * Apollo Server has no subscription transport: it would run a subscription's per-event resolver
 * once, with no event. /graphql answers 400 pointing to /graphql/stream instead.
 */
export function subscriptionsElsewhere<T extends object>(): ApolloServerPlugin<T> {
  return {
    async requestDidStart() {
      return listener as GraphQLRequestListener<T>;
    },
  };
}
