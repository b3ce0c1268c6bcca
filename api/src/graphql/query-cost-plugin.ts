import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import { costRefusal, MAX_COST, measureCost } from './query-cost';

/** `extensions.cost` of a response (the names Shopify's Admin API uses). */
export interface CostReport {
  /** What the operation costs in the measure of graphql/query-cost.ts, before it runs. */
  requestedQueryCost: number;
  /** The most one operation may cost: more is refused before anything runs. */
  maximumAvailable: number;
}

/**
 * Query cost at the graph's edge: measured after validation with the request's variables (a
 * connection costs by its page size, `first: $n` included), refused over the limit before any
 * resolver runs (400, graphql/query-cost.ts), and reported in every response that got that far as
 * `extensions.cost` — the refusal included, so a client sees by how much it was over. The REST
 * adapter's operations pass here too (every row fits at its largest page: limits.spec.ts); their
 * routes ignore `extensions`.
 */
export function queryCostPlugin<T extends object>(): ApolloServerPlugin<T> {
  return {
    async requestDidStart() {
      let report: CostReport | undefined;
      const listener: GraphQLRequestListener<T> = {
        async didResolveOperation({ schema, document, request, operationName }) {
          const measure = measureCost(schema, document, request.variables, operationName);
          if (measure.kind === 'measured') {
            report = { requestedQueryCost: measure.cost, maximumAvailable: MAX_COST };
          }
          const refusal = costRefusal(measure);
          if (refusal) throw refusal;
        },
        async willSendResponse({ response }) {
          if (!report || response.body.kind !== 'single') return;
          const result = response.body.singleResult;
          result.extensions = { ...result.extensions, cost: report };
        },
      };
      return listener;
    },
  };
}
