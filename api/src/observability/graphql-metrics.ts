import type { ApolloServerPlugin } from '@apollo/server';
import type { Context } from '../graphql/context';
import type { AppMetrics } from './metrics';
import { GRAPHQL_OPERATION_LOCAL } from './request-logging';

/** Distinct operation names one process labels; later new names are counted as `other`. */
const MAX_OPERATION_NAMES = 500;
const OPERATION_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,99}$/;

/**
 * Times every GraphQL operation (from the request's start to its response), labelled by operation
 * name and type. Names come from clients, so the label is bounded: no name or one that did not
 * resolve to an operation is `anonymous`, and past the first 500 distinct names `other` (the web
 * app has about 260 operations). The operation's name also goes into the request's log line.
 */
export function graphqlMetrics(metrics: AppMetrics): ApolloServerPlugin<Context> {
  const known = new Set<string>();
  const label = (name: string | null | undefined): string => {
    if (!name || !OPERATION_NAME.test(name)) return 'anonymous';
    if (known.has(name)) return name;
    if (known.size >= MAX_OPERATION_NAMES) return 'other';
    known.add(name);
    return name;
  };
  return {
    async requestDidStart() {
      const end = metrics.graphqlDuration.startTimer();
      return {
        async willSendResponse({ operation, operationName, contextValue }) {
          const name = operation ? label(operationName) : 'anonymous';
          end({ operation: name, type: operation?.operation ?? 'unknown' });
          const res = contextValue?.res;
          if (res?.locals && operationName && name !== 'anonymous')
            res.locals[GRAPHQL_OPERATION_LOCAL] = name;
        },
      };
    },
  };
}
