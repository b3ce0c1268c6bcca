import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { routeRecorder } from '../observability/http-metrics';
import { LogScope, withLogScope } from '../observability/logger';
import type { AppMetrics } from '../observability/metrics';
import { finished, identifyRequest } from '../observability/request-logging';
import { compressesOwn } from './compression';

/** What every request gets before its route, done here for the fast routes themselves. */
export interface FastRouteDuties {
  metrics: AppMetrics;
  /** Sets the security headers every API answer carries (http/security-headers.ts). */
  securityHeaders: (res: Response) => void;
}

interface FastRoute {
  /** The route's label in metrics and log lines (its path). */
  label: string;
  handlers: RequestHandler[];
  record: (status: number, seconds: number) => void;
}

/** When the request began (performance.now()), and its route, for the one listener of its end. */
const BEGAN = Symbol('drx.fastRouteBegan');
const ROUTE = Symbol('drx.fastRoute');
type Timed = Response & { [BEGAN]: number; [ROUTE]: FastRoute };

/**
 * The hottest requests — the cart poll, every signed-in header every 3 s — answered by the app's
 * first middleware, before Express's stack: a GET whose URL is exactly a fast route's path runs
 * that route's handlers in order with every duty of a request, each done once here rather than by
 * a layer of its own — its id and `x-request-id`, its log line (or its count in the summary), its
 * metrics, the security headers, the compression left to the handler — then the route's own
 * (session, rate limit, scope, answer). The same route stays mounted the ordinary way for what
 * this does not take (a query string, HEAD, another case); an error goes on to the app's error
 * handler. It skips what a poll never needed: six router layers (each a path match, a `next` and a
 * listener or wrapper of its own), a timer's closures, a compression wrapper (bench/README.md,
 * "The cart poll's duties made cheaper").
 */
export class FastRoutes {
  private readonly gets = new Map<string, FastRoute>();

  constructor(private readonly duties: FastRouteDuties) {}

  /** Answers `GET path` (that exact URL) with `handlers`, in order, as Express would. */
  get(path: string, ...handlers: RequestHandler[]): void {
    this.gets.set(path, { label: path, handlers, record: routeRecorder(this.duties.metrics, 'GET', path) });
  }

  /** The middleware to mount first. */
  readonly middleware: RequestHandler = (req, res, next) => {
    const route = req.method === 'GET' ? this.gets.get(req.url) : undefined;
    if (!route) return next();
    const requestId = identifyRequest(req, res);
    const timed = res as Timed;
    timed[BEGAN] = performance.now();
    timed[ROUTE] = route;
    res.on('close', ended);
    this.duties.securityHeaders(res);
    compressesOwn(res);
    withLogScope(new LogScope({ requestId }), () => runInOrder(route.handlers, req, res, next));
  };
}

/** 'close' of a fast route's response (after 'finish', or when the client went away): metrics and log line. */
function ended(this: Response): void {
  const res = this as Timed;
  const ms = performance.now() - res[BEGAN];
  if (res.writableFinished) res[ROUTE].record(res.statusCode, ms / 1000);
  finished(res.req, res, res.req.requestId, ms, res[ROUTE].label);
}

/** Runs `handlers` as Express runs a route's: each calls `next` to go on; an error goes to `done`. */
function runInOrder(handlers: RequestHandler[], req: Request, res: Response, done: NextFunction): void {
  let at = 0;
  const step = (error?: unknown): void => {
    if (error) return done(error);
    const handler = handlers[at++];
    if (!handler) return done();
    try {
      const result: unknown = handler(req, res, step);
      if (result instanceof Promise)
        result.then(undefined, (rejected: unknown) => done(rejected ?? new Error()));
    } catch (thrown) {
      done(thrown);
    }
  };
  step();
}
