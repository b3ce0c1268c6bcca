import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import type { Request, Response } from 'express';
import { GraphQLError } from 'graphql';
import type { SharedRateLimit } from '../http/rate-limit';
import { log } from '../observability/logger';
import { costRefusal, MAX_COST, measureCostCached } from './query-cost';

/** What is left of a caller's cost budget (the names Shopify's Admin API uses where they fit). */
export interface ThrottleStatus {
  /** The budget per window. */
  maximumAvailable: number;
  /** What is left of it after this operation. */
  currentlyAvailable: number;
  /** The window's length in seconds (the budget is whole again at its end). */
  windowSeconds: number;
  /** Seconds until the current window ends. */
  resetSeconds: number;
}

/** `extensions.cost` of a response. */
export interface CostReport {
  /** What the operation costs in the measure of graphql/query-cost.ts, before it runs. */
  requestedQueryCost: number;
  /** The most one operation may cost: more is refused before anything runs. */
  maximumAvailable: number;
  /** The caller's budget per minute and what is left of it, when a budget applies. */
  throttleStatus?: ThrottleStatus;
}

/** The budget an operation spends from: per API token, else per client address; null: none. */
export type CostBudget = (req: Request) => { limit: SharedRateLimit; key: string } | null;

/**
 * Query cost at the graph's edge: measured after validation with the request's variables (a
 * connection costs by its page size, `first: $n` included), refused over the limit before any
 * resolver runs (400, graphql/query-cost.ts), then spent from the caller's budget per minute
 * (`budget`: shared across processes in PostgreSQL, http/rate-limit.ts) — over it, 429
 * RATE_LIMITED with Retry-After, and nothing spent. Reported in every response that got that far as
 * `extensions.cost`, with what is left of the budget. The REST adapter's operations pass here too
 * (every row fits at its largest page: limits.spec.ts); their routes ignore `extensions`.
 */
export function queryCostPlugin<T extends { req?: Request; res?: Response }>(
  budget?: CostBudget,
): ApolloServerPlugin<T> {
  return {
    async requestDidStart() {
      let report: CostReport | undefined;
      const listener: GraphQLRequestListener<T> = {
        async didResolveOperation({ schema, document, request, operationName, contextValue }) {
          const measure = measureCostCached(schema, document, request.variables, operationName);
          if (measure.kind === 'measured') {
            report = { requestedQueryCost: measure.cost, maximumAvailable: MAX_COST };
          }
          const refusal = costRefusal(measure);
          if (refusal) throw refusal;
          const chosen = report && contextValue.req && budget?.(contextValue.req);
          if (!report || !chosen) return;
          let state;
          try {
            state = await chosen.limit.take(chosen.key, Math.max(1, Math.ceil(report.requestedQueryCost)));
          } catch (error) {
            // The budget protects the service; it must not take it down when the database falters.
            log().error({ err: error }, 'counting the query cost budget failed; the operation runs');
            return;
          }
          report.throttleStatus = {
            maximumAvailable: state.limit,
            currentlyAvailable: state.remaining,
            windowSeconds: state.windowSeconds,
            resetSeconds: state.resetSeconds,
          };
          if (state.allowed) return;
          contextValue.res?.setHeader('Retry-After', String(state.resetSeconds));
          throw new GraphQLError(
            `Query cost budget spent: this operation costs ${report.requestedQueryCost} and ${state.remaining} of ` +
              `${state.limit} a minute are left. Try again in ${state.resetSeconds} s, or ask for fewer fields or smaller pages.`,
            {
              extensions: {
                code: 'RATE_LIMITED',
                retryAfterSeconds: state.resetSeconds,
                http: { status: 429 },
              },
            },
          );
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
