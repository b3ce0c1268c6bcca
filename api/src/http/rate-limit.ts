import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { LRUCache } from 'lru-cache';
import type { Pool } from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { log } from '../observability/logger';
// The API token a request carries (`Request.apiToken`, declared by the api-tokens module).
import '../modules/api-tokens';

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
 * Below this limit every take is counted in the database before it is answered (exact across
 * processes); from it on, takes far from the limit are gathered (see `SharedRateLimit`).
 */
export const GATHER_FROM_LIMIT = 100;
/** Gathered takes are sent to the database at least this often per key. */
export const GATHER_FLUSH_MS = 200;
/** A key is counted at once again when this share of its limit is used (or would be). */
const EXACT_FROM_SHARE = 0.5;
/** Keys whose local count this process keeps (per limit; the least recently used are dropped). */
const KEYS_KEPT = 50_000;

/** What this process knows of one key's window, and what it has counted but not sent yet. */
interface KeyCount {
  /** Points the database had counted in the window at its last answer. */
  counted: number;
  /** When the window ends (ms since the epoch), from the database's answer. */
  windowEndsAt: number;
  /** Points taken here since, not sent yet. */
  gathered: number;
  /** A send of the gathered points is scheduled or under way (at most one per key). */
  sending: boolean;
}

/**
 * One fixed-window limit shared by every process and machine: rate-limiter-flexible's
 * RateLimiterPostgres counts each key in one row of `rate_limits` with one atomic upsert (insert,
 * or add — or start a new window when the old one has ended — returning the count and the window's
 * end). Limits share the table, told apart by their name (`keyPrefix`).
 *
 * One upsert per request on one row per address was most of what a cart poll cost beyond its
 * resolver (bench/README.md, issue 30), and every request of one address queued on that row's lock.
 * So a limit of at least GATHER_FROM_LIMIT counts a take far from the limit here and answers at
 * once, sending what it gathered to the database at most every GATHER_FLUSH_MS per key (one upsert
 * for all of them); once half the limit is used (by what the database last said plus what is
 * gathered here), or for a key this process has no count of, each take is counted in the database
 * before it is answered, as every take of a smaller limit is. What a refusal depends on is thus
 * always counted exactly; other processes may each add up to GATHER_FLUSH_MS of their own
 * gathered requests on top, and RateLimit-Remaining far from the limit is what this process knows.
 */
export class SharedRateLimit {
  private readonly limiter: RateLimiterPostgres;
  private readonly counts = new LRUCache<string, KeyCount>({ max: KEYS_KEPT });
  private readonly gathers: boolean;

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
    this.gathers = limit >= GATHER_FROM_LIMIT;
  }

  /**
   * Counts `points` (default 1: one request) for `key`; store failures throw (the callers let the
   * request pass). A refusal spends nothing: its points are given back.
   */
  async take(key: string, points = 1): Promise<RateLimitState> {
    return this.takeGathered(key, points) ?? this.takeCounted(key, points);
  }

  /**
   * The take when it is far from the limit and gathered here (see the class), answered without a
   * promise: null when it must be counted in the database first (`take` does both).
   */
  takeGathered(key: string, points = 1): RateLimitState | null {
    if (!this.gathers) return null;
    const now = Date.now();
    let count = this.counts.get(key);
    if (count && count.windowEndsAt <= now && !count.sending) {
      this.counts.delete(key);
      count = undefined;
    }
    if (
      !count ||
      count.windowEndsAt <= now ||
      count.counted + count.gathered + points >= this.limit * EXACT_FROM_SHARE
    ) {
      return null;
    }
    count.gathered += points;
    if (!count.sending) this.scheduleSend(key, count);
    return {
      allowed: true,
      limit: this.limit,
      remaining: this.limit - count.counted - count.gathered,
      resetSeconds: Math.max(1, Math.ceil((count.windowEndsAt - now) / 1000)),
      windowSeconds: this.windowSeconds,
    };
  }

  /**
   * Counts the take in the database now, with whatever was gathered for the key and not sent yet
   * (for a take `takeGathered` did not answer).
   */
  async takeCounted(key: string, points = 1): Promise<RateLimitState> {
    const now = Date.now();
    let count = this.counts.get(key);
    if (count && count.windowEndsAt <= now && !count.sending) {
      this.counts.delete(key);
      count = undefined;
    }
    // A scheduled send then finds nothing left to send.
    const gathered = count?.gathered ?? 0;
    if (count) count.gathered = 0;
    let result: RateLimiterRes;
    let allowed = true;
    try {
      result = await this.limiter.consume(key, points + gathered);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) {
        if (count) count.gathered += gathered; // not counted: sent with a later take
        throw error;
      }
      // Over the limit: the gathered points were allowed before and stay counted; this take's are
      // given back when it is more than one (a query's cost), as a refusal spends nothing.
      result = error;
      allowed = false;
      if (points > 1) await this.limiter.reward(key, points);
    }
    this.remember(key, result, allowed ? 0 : points);
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

  /**
   * Keeps the database's answer for the key (less `givenBack`, the refused points returned).
   * Answers can come back out of order: a gathered send and a counted take of the key are in flight
   * together, and the send's answer, counted before the take's, may arrive after it. Within a window
   * the count only grows, so the larger is kept: taking the late, smaller one made this process
   * believe the key far from the limit again and answer takes near it (the refusal included) without
   * the database — a lookup over the limit was let through on a loaded machine. An answer of a later
   * window starts the count again; one of a window already over is ignored.
   */
  private remember(key: string, result: RateLimiterRes, givenBack = 0): void {
    if (!this.gathers) return;
    const windowEndsAt = Date.now() + result.msBeforeNext;
    const count = this.counts.get(key);
    const counted = givenBack > 1 ? result.consumedPoints - givenBack : result.consumedPoints;
    if (!count) {
      this.counts.set(key, { counted, windowEndsAt, gathered: 0, sending: false });
      return;
    }
    // Two answers of one window tell its end apart by their round trips only; windows are a
    // window's length apart.
    const sameWindow = Math.abs(windowEndsAt - count.windowEndsAt) < (this.windowSeconds * 1000) / 2;
    if (sameWindow) {
      count.counted = Math.max(count.counted, counted);
    } else if (windowEndsAt > count.windowEndsAt) {
      count.counted = counted;
      count.windowEndsAt = windowEndsAt;
    }
  }

  /** Sends the key's gathered points in one upsert, GATHER_FLUSH_MS from now. */
  private scheduleSend(key: string, count: KeyCount): void {
    count.sending = true;
    setTimeout(() => {
      const points = count.gathered;
      count.gathered = 0;
      const sent =
        points > 0
          ? this.limiter.consume(key, points).catch((error: unknown) => {
              if (error instanceof RateLimiterRes) return error; // over the limit: counted all the same
              count.gathered += points; // the database did not answer: sent with the next take
              throw error;
            })
          : Promise.resolve(null);
      sent
        .then((result) => {
          if (result) this.remember(key, result);
        })
        .catch((error: unknown) => log().error({ err: error }, `[rate-limit] counting ${this.name} failed`))
        .finally(() => {
          count.sending = false;
        });
    }, GATHER_FLUSH_MS).unref();
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
    // Far from the limit (every poll of a member's header): answered without a promise.
    const gathered = chosen.limit.takeGathered(chosen.key);
    if (gathered) {
      setRateLimitHeaders(res, gathered);
      return next();
    }
    chosen.limit
      .takeCounted(chosen.key)
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
