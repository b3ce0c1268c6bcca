import type { Request, RequestHandler, Response } from 'express';
import { LogScope, rootLogger, withLogScope } from './logger';
import { REQUEST_ID_HEADER, requestIdFrom } from './request-id';
import { loggedPath, routeLabel } from './route-label';

declare module 'express-serve-static-core' {
  interface Request {
    /** The request's id, also sent back in the `x-request-id` header. */
    requestId: string;
  }
}

declare module 'http' {
  interface ServerResponse {
    /** An error that made this response a 500: written on the request's finished line. */
    err?: Error;
  }
}

/** Probes and scrapes every few seconds: answered, but not one log line each. */
const UNLOGGED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** The GraphQL operation a request ran, for its log line (set by observability/graphql-metrics.ts). */
export const GRAPHQL_OPERATION_LOCAL = 'graphqlOperation';

/**
 * Gives every request an id — the incoming `x-request-id` when it is a sane token (a load
 * balancer's), else a new UUID — returned in the `x-request-id` response header, and a child logger
 * bound to it: `log()` anywhere in the code the request runs (observability/logger.ts, made on first use),
 * so every line about the request carries `requestId`. One line when the response is done: method,
 * route pattern, path (no query string), status, time, client address, GraphQL operation; error
 * level for a 5xx, with the error. Headers, cookies and bodies are never logged.
 *
 * Why not pino-http: it cost about 50 µs a request on this machine (two child loggers, one of them
 * serialising every header, per-request arrays and three listeners), this about 20 µs — against
 * about 1 ms of CPU for a whole cart poll (bench/README.md).
 */
export function requestLogging(): RequestHandler {
  return (req, res, next) => {
    const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    const scope = new LogScope({ requestId });
    req.requestId = requestId;
    if (!UNLOGGED_PATHS.has(req.path)) {
      const start = process.hrtime.bigint();
      // 'close' comes after 'finish', and also when the client went away before the answer.
      res.once('close', () => finished(req, res, requestId, Number(process.hrtime.bigint() - start) / 1e6));
    }
    withLogScope(scope, next);
  };
}

/**
 * The finished line is written by the process's logger with `requestId` as its first field, which
 * gives the same line as the request's child logger would, without making one per request.
 */
function finished(req: Request, res: Response, requestId: string, ms: number): void {
  const error = res.err;
  const failed = !!error || res.statusCode >= 500;
  const log = rootLogger();
  const fields = {
    requestId,
    method: req.method,
    route: routeLabel(req, res.statusCode),
    path: loggedPath(req),
    status: res.statusCode,
    responseTime: Math.round(ms * 10) / 10,
    ip: req.ip,
    operation: res.locals?.[GRAPHQL_OPERATION_LOCAL] as string | undefined,
    aborted: res.writableFinished ? undefined : true,
    err: error,
  };
  if (failed) log.error(fields, 'request failed');
  else log.info(fields, 'request finished');
}
