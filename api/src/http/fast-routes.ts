import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import { ServerResponse } from 'node:http';
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
/** The security headers' setter, applied when the head is written (`writeHeadSecured`). */
const SECURE = Symbol('drx.fastRouteSecure');
type Timed = Response & { [BEGAN]: number; [ROUTE]: FastRoute; [SECURE]: (res: Response) => void };

/**
 * The hottest requests — the cart poll, every signed-in header every 3 s — answered in front of
 * Express's own handler (`frontOf`): a GET whose URL is exactly a fast route's path runs that
 * route's handlers in order with every duty of a request, each done once here rather than by a
 * layer of its own — its id and `x-request-id`, its log line (or its count in the summary), its
 * metrics, the security headers (on every answer but a 304), the compression left to the handler —
 * then the route's own (session, rate limit, scope, answer). The same route stays mounted the
 * ordinary way for what this does not take (a query string, HEAD, another case); an error goes on
 * to the app's error handler. It skips what a poll never needed: Express's `app.handle` and router
 * (a final handler's closures, settings lookups, a path match and a `next` per layer), six layers'
 * listeners and wrappers, a timer's closures, a compression wrapper (bench/README.md, "The cart
 * poll's duties made cheaper", "In front of Express's handler").
 */
export class FastRoutes {
  private readonly gets = new Map<string, FastRoute>();

  constructor(private readonly duties: FastRouteDuties) {}

  /** Answers `GET path` (that exact URL) with `handlers`, in order, as Express would. */
  get(path: string, ...handlers: RequestHandler[]): void {
    this.gets.set(path, { label: path, handlers, record: routeRecorder(this.duties.metrics, 'GET', path) });
  }

  /**
   * Answers the fast routes in front of `app`'s own handler: Express's `app.handle` (its final
   * handler, settings lookups and router, whose first layer was this) is run only for the other
   * requests, or for a fast route's request handed on (an error, to the app's error handler). The
   * request and response get what `app.handle` gives them before any route: the circular
   * references, Express's prototypes (req.path, res.status, …) and `res.locals`.
   */
  frontOf(app: Express): void {
    const expressHandle = (app as ExpressWithHandle).handle.bind(app);
    (app as ExpressWithHandle).handle = (req, res, callback) => {
      const route = req.method === 'GET' ? this.gets.get(req.url) : undefined;
      if (!route) return expressHandle(req, res, callback);
      req.res = res;
      res.req = req;
      Object.setPrototypeOf(req, app.request);
      Object.setPrototypeOf(res, app.response);
      res.locals ??= Object.create(null) as Response['locals'];
      req.originalUrl = req.url;
      req.baseUrl = '';
      this.answer(route, req, res, (error?: unknown) => {
        (req as HandedOn)[HANDED_ON] = error ?? null;
        expressHandle(req, res, callback);
      });
    };
  }

  /**
   * The app's first middleware: a fast route's request handed on goes on from here, to the app's
   * error handler with its error (or, had its handlers all called `next`, to the rest of the app).
   */
  readonly handedOn: RequestHandler = (req, _res, next) => {
    const handed = (req as HandedOn)[HANDED_ON];
    if (handed) return next(handed);
    next();
  };

  private answer(route: FastRoute, req: Request, res: Response, next: NextFunction): void {
    const requestId = identifyRequest(req, res);
    const timed = res as Timed;
    timed[BEGAN] = performance.now();
    timed[ROUTE] = route;
    res.on('close', ended);
    timed[SECURE] = this.duties.securityHeaders;
    res.writeHead = writeHeadSecured as Response['writeHead'];
    compressesOwn(res);
    withLogScope(new LogScope({ requestId }), () => runInOrder(route.handlers, req, res, next));
  }
}

/** Express's application with its request handler (not in its type declarations). */
type ExpressWithHandle = Express & {
  handle(req: Request, res: Response, callback?: NextFunction): void;
};

/** A fast route's request handed on to the app: its error, or null. */
const HANDED_ON = Symbol('drx.fastRouteHandedOn');
type HandedOn = Request & { [HANDED_ON]?: unknown };

/**
 * A fast route's `writeHead` (also what `end()` calls for an implicit head): the security headers
 * on every answer but a 304. A 304 Not Modified carries the caching fields (ETag, Cache-Control,
 * Date) and SHOULD NOT carry other metadata (RFC 9110, 15.4.5): the client keeps the 200 it holds,
 * headers and all. The cart poll is nearly always a 304, and its 13 security headers were about 700
 * of its 1,015 bytes — written into a buffer and onto the socket every 3 s by every signed-in
 * header (bench/README.md, "A 304 without the security headers").
 */
function writeHeadSecured(this: Timed, statusCode: number, ...rest: unknown[]): ServerResponse {
  if (statusCode !== 304) this[SECURE](this);
  return (ServerResponse.prototype.writeHead as (...args: unknown[]) => ServerResponse).call(
    this,
    statusCode,
    ...rest,
  );
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
