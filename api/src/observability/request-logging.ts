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

/**
 * Requests answered so often and so alike that one line each is noise: the cart poll's `304 Not
 * Modified` (every signed-in header, every 3 s: about 170 lines a second for 500 members, and ≈ 6%
 * of a poll's CPU, bench/README.md). Each is still counted in /metrics (route and status); the log
 * gets one summary line a minute per process (`requests summarised`, with the count per route),
 * and any such request that fails or is slow still gets its own line.
 */
const SUMMARISED: ReadonlyMap<string, number> = new Map([['GET /api/cart', 304]]);
/** A summarised request slower than this is logged on its own line. */
const SUMMARISED_SLOW_MS = 250;
const SUMMARY_INTERVAL_MS = 60_000;
const summarised = new Map<string, number>();
let summaryTimer: NodeJS.Timeout | undefined;

/** Writes the summary line of the requests counted since the last one (also when the app closes). */
export function flushRequestSummary(): void {
  if (summarised.size === 0) return;
  const counts = Object.fromEntries(summarised);
  summarised.clear();
  rootLogger().info({ counts }, 'requests summarised');
}

function summarise(key: string): void {
  summarised.set(key, (summarised.get(key) ?? 0) + 1);
  summaryTimer ??= setInterval(flushRequestSummary, SUMMARY_INTERVAL_MS).unref();
}

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
    const requestId = identifyRequest(req, res);
    if (!UNLOGGED_PATHS.has(req.path)) {
      const start = process.hrtime.bigint();
      // 'close' comes after 'finish', and also when the client went away before the answer.
      res.once('close', () => finished(req, res, requestId, Number(process.hrtime.bigint() - start) / 1e6));
    }
    withLogScope(new LogScope({ requestId }), next);
  };
}

/** Gives the request its id (`req.requestId`, the `x-request-id` response header) and returns it. */
export function identifyRequest(req: Request, res: Response): string {
  const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
  res.setHeader(REQUEST_ID_HEADER, requestId);
  req.requestId = requestId;
  return requestId;
}

/**
 * The request's finished line (or its count in the summary), as `requestLogging` writes it when the
 * response closes after `ms` milliseconds; `route`: its label when no Express route answered it
 * (http/fast-routes.ts).
 *
 * The finished line is written by the process's logger with `requestId` as its first field, which
 * gives the same line as the request's child logger would, without making one per request.
 */
export function finished(req: Request, res: Response, requestId: string, ms: number, route?: string): void {
  const error = res.err;
  const failed = !!error || res.statusCode >= 500;
  if (!failed && ms < SUMMARISED_SLOW_MS && res.writableFinished) {
    const key = `${req.method} ${req.path}`;
    if (SUMMARISED.get(key) === res.statusCode) return summarise(`${key} ${res.statusCode}`);
  }
  const log = rootLogger();
  const fields = {
    requestId,
    method: req.method,
    route: route ?? routeLabel(req, res.statusCode),
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
