import type { Request, RequestHandler, Response } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import { rootLogger, withLogger } from './logger';
import { REQUEST_ID_HEADER, requestIdFrom } from './request-id';
import { loggedPath, routeLabel } from './route-label';

/** Probes and scrapes every few seconds: answered, but not one log line each. */
const UNLOGGED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** The GraphQL operation a request ran, for its log line (set by observability/graphql-metrics.ts). */
export const GRAPHQL_OPERATION_LOCAL = 'graphqlOperation';

/**
 * Gives every request an id — the incoming `x-request-id` when it is a sane token (a load
 * balancer's), else a new UUID — returned in the `x-request-id` response header, and a child logger
 * bound to it: `req.log`, and `log()` anywhere in the code the request runs (observability/logger.ts),
 * so every line about the request carries `requestId`. One line per finished request: method, route
 * pattern, path (no query string), status, time, GraphQL operation; error level for 5xx with the
 * error. Headers, cookies and bodies are never logged.
 */
export function requestLogging(): RequestHandler {
  const middleware = pinoHttp({
    logger: rootLogger(),
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const id = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    customAttributeKeys: { reqId: 'requestId' },
    // `req.log` binds the id only; the finished-request line has the rest.
    quietReqLogger: true,
    quietResLogger: true,
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    autoLogging: { ignore: (req) => UNLOGGED_PATHS.has((req as Request).path) },
    customSuccessMessage: () => 'request finished',
    customErrorMessage: () => 'request failed',
    // pino-http's own fields are the response object and the time; ours replace the object.
    customSuccessObject: (req, res, value: { responseTime: number }) => ({
      ...requestFields(req as Request, res as Response),
      responseTime: value.responseTime,
    }),
    customErrorObject: (req, res, error, value: { responseTime: number }) => ({
      ...requestFields(req as Request, res as Response),
      responseTime: value.responseTime,
      err: error,
    }),
  });
  return (req, res, next) => middleware(req, res, () => withLogger(req.log, next));
}

function requestFields(req: Request, res: Response) {
  return {
    method: req.method,
    route: routeLabel(req, res.statusCode),
    path: loggedPath(req),
    status: res.statusCode,
    ip: req.ip,
    operation: res.locals?.[GRAPHQL_OPERATION_LOCAL],
  };
}
