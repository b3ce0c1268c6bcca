import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import type { Pool } from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import '../modules/api-tokens/api-token-request';

/** The table every limit counts in (migration 20261130000400: unlogged, pruned by a job). */
export const RATE_LIMIT_TABLE = 'rate_limits';
/** Every limit here is per minute. */
export const RATE_LIMIT_WINDOW_SECONDS = 60;

/** Where a request stands against one limit, after counting it. */
export interface RateLimitState {
  allowed: boolean;
  /** Requests allowed per window. */
  limit: number;
  /** Requests left in the current window (0 once refused). */
  remaining: number;
  /** Seconds until the window ends and the count starts again (at least 1). */
  resetSeconds: number;
  windowSeconds: number;
}

/**
 * One fixed-window limit shared by every process and machine: rate-limiter-flexible's
 * RateLimiterPostgres counts each key in one row of `rate_limits` with one atomic upsert per
 * request (insert, or add 1 — or start a new window when the old one has ended — returning the
 * count and the window's end). Limits share the table, told apart by their name (`keyPrefix`).
 */
export class SharedRateLimit {
  private readonly limiter: RateLimiterPostgres;

  constructor(
    pool: Pool,
    /** Names the limit in its keys, e.g. `requests` → `requests:ip:203.0.113.7`. */
    readonly name: string,
    readonly limit: number,
    readonly windowSeconds = RATE_LIMIT_WINDOW_SECONDS,
  ) {
    this.limiter = new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: RATE_LIMIT_TABLE,
      // Our migration creates it (unlogged); expired rows are deleted by a job, not by a timer in
      // each process (rate-limit.jobs.ts).
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix: name,
      points: limit,
      duration: windowSeconds,
    });
  }

  /**
   * Counts `points` (default 1: one request) for `key`; store failures throw (the callers let the
   * request pass). A refusal spends nothing: its points are given back.
   */
  async take(key: string, points = 1): Promise<RateLimitState> {
    let result: RateLimiterRes;
    let allowed = true;
    try {
      result = await this.limiter.consume(key, points);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      result = error;
      allowed = false;
      if (points > 1) await this.limiter.reward(key, points);
    }
    return {
      allowed,
      limit: this.limit,
      // A refused take of several points gave them back: what was left before it is left still.
      remaining: allowed
        ? result.remainingPoints
        : Math.max(0, this.limit - (result.consumedPoints - points)),
      resetSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
      windowSeconds: this.windowSeconds,
    };
  }
}

/**
 * A request's client address as a limit key: `req.ip` (the forwarded address behind TRUST_PROXY),
 * IPv6 addresses grouped by their /56 network (one customer's allocation, which a client could
 * otherwise walk through address by address; express-rate-limit's `ipKeyGenerator`).
 */
export function addressKey(req: Request): string {
  return `ip:${ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown')}`;
}

/** Who a request counts for: its API token (`Authorization: Bearer`) when it has one, else its address. */
export function requestKey(req: Request): string {
  return req.apiToken ? `token:${req.apiToken.id}` : addressKey(req);
}

/**
 * The IETF draft's separate fields (draft-ietf-httpapi-ratelimit-headers-06, as GitHub and most
 * APIs send them): `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (seconds) and
 * `RateLimit-Policy` (`600;w=60`). When two limits apply to one request (the ZIP code lookup's own
 * beside the general one), the headers describe the one with fewer requests left.
 */
export function setRateLimitHeaders(res: Response, state: RateLimitState): void {
  const shown = res.getHeader('RateLimit-Remaining');
  if (shown !== undefined && Number(shown) < state.remaining) return;
  res.setHeader('RateLimit-Limit', String(state.limit));
  res.setHeader('RateLimit-Remaining', String(state.remaining));
  res.setHeader('RateLimit-Reset', String(state.resetSeconds));
  res.setHeader('RateLimit-Policy', `${state.limit};w=${state.windowSeconds}`);
}

export type RateLimitRefusal = (req: Request, res: Response, state: RateLimitState) => void;

/**
 * Counts each request against the limit `pick` chooses for it (null: not limited). Within the
 * limit: the RateLimit-* headers, and on. Over it: 429 with `Retry-After` (seconds until the
 * window ends) and the body `refuse` writes. Should the database not answer, the request passes
 * (and the failure is logged): the limit protects the service, it must not take it down.
 */
export function rateLimited(
  pick: (req: Request) => { limit: SharedRateLimit; key: string } | null,
  refuse: RateLimitRefusal,
): RequestHandler {
  return (req, res, next) => {
    const chosen = pick(req);
    if (!chosen) return next();
    chosen.limit
      .take(chosen.key)
      .then((state) => {
        setRateLimitHeaders(res, state);
        if (state.allowed) return next();
        res.setHeader('Retry-After', String(state.resetSeconds));
        res.status(429);
        refuse(req, res, state);
      })
      .catch((error) => {
        console.error(`[rate-limit] counting ${chosen.limit.name} failed; the request passes`, error);
        next();
      });
  };
}

/**
 * The 429 of /graphql and /api/*: GraphQL-shaped on /graphql (`{ errors: [{ message, extensions:
 * { code: 'RATE_LIMITED', retryAfterSeconds } }] }`, as GraphQL clients read errors), `{ message,
 * code: 'RATE_LIMITED', retryAfterSeconds }` on /api.
 */
export const refuseRequest: RateLimitRefusal = (req, res, state) => {
  const message =
    `Too many requests: ${state.limit} a minute are allowed per ` +
    `${req.apiToken ? 'API token' : 'client address'}. Try again in ${state.resetSeconds} s.`;
  if (`${req.baseUrl}${req.path}`.startsWith('/graphql')) {
    res.json({
      errors: [{ message, extensions: { code: 'RATE_LIMITED', retryAfterSeconds: state.resetSeconds } }],
    });
    return;
  }
  res.json({ message, code: 'RATE_LIMITED', retryAfterSeconds: state.resetSeconds });
};

/**
 * The query cost budget per minute (graphql/query-cost-plugin.ts): per API token for bearer
 * requests, else per client address, shared like the request limits; null when `perMinute` is 0.
 */
export function queryCostBudget(pool: Pool, perMinute: number) {
  if (perMinute <= 0) return undefined;
  const budget = new SharedRateLimit(pool, 'query-cost', perMinute);
  return (req: Request) => ({ limit: budget, key: requestKey(req) });
}

export interface RequestLimits {
  /** Requests per minute per client address (without an API token); 0: no limit. */
  perAddress: number;
  /** Requests per minute per API token; 0: no limit. */
  perToken: number;
}

/**
 * The limit on /graphql and /api/*: per API token for bearer requests (mount it after the
 * middleware that reads the token, so `req.apiToken` is set), per client address for everyone
 * else. Webhooks that others' servers sign and send (`/api/webhooks/*`: Stripe, the store) are
 * not counted: a burst of them is not abuse, and refusing one only delays an order.
 */
export function requestRateLimit(pool: Pool, limits: RequestLimits): RequestHandler {
  const perAddress = limits.perAddress > 0 ? new SharedRateLimit(pool, 'requests', limits.perAddress) : null;
  const perToken = limits.perToken > 0 ? new SharedRateLimit(pool, 'token-requests', limits.perToken) : null;
  return rateLimited((req) => {
    if (`${req.baseUrl}${req.path}`.startsWith('/api/webhooks/')) return null;
    const limit = req.apiToken ? perToken : perAddress;
    return limit ? { limit, key: requestKey(req) } : null;
  }, refuseRequest);
}
