import type { Request, RequestHandler } from 'express';
import { hasBearer } from '../modules/api-tokens';

/** The answer's message to a refused request. */
export const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What the decision reads of a request. */
export interface RequestOrigin {
  method: string;
  /** `Sec-Fetch-Site`, as sent. */
  secFetchSite?: string;
  origin?: string;
  referer?: string;
  /** The origins that count as ours (the request's own, the configured public one). */
  ownOrigins: readonly string[];
}

/** `scheme://host[:port]` of a URL (default ports dropped, host lower-cased), or null. */
export function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    // Opaque origins (data:, file:, …) serialise as "null": never ours.
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Whether a request is a cross-site one to refuse (CSRF), next to the SameSite=Lax session cookie.
 * Safe methods always pass. A browser's `Sec-Fetch-Site` (a page cannot set it) decides first:
 * `cross-site` is refused, `same-origin` and `none` (typed by the user) pass. Otherwise (`same-site`,
 * or a browser without Fetch Metadata) `Origin` decides: `null` or another origin than ours is
 * refused; without an Origin, a `Referer` of another origin is refused. A request with none of these
 * headers is not a browser's (curl, an integrator's server) and passes.
 */
export function isCrossSite(request: RequestOrigin): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const site = request.secFetchSite?.trim().toLowerCase();
  if (site === 'cross-site') return true;
  if (site === 'same-origin' || site === 'none') return false;
  const foreign = (url: string) => {
    const origin = originOf(url);
    return origin === null || !request.ownOrigins.includes(origin);
  };
  if (request.origin !== undefined) return foreign(request.origin.trim());
  if (request.referer !== undefined) return foreign(request.referer.trim());
  return false;
}

/**
 * Refuses cross-site state-changing requests with 403 `{ message }` (the app's answer to every
 * HTTP-level error, on /graphql too). Ours is the request's own origin (`req.protocol` and
 * `req.host`, both honouring `trust proxy`) and the configured public URL's.
 */
export function sameOrigin(publicUrl: string): RequestHandler {
  const publicOrigin = originOf(publicUrl);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    // A bearer request proves itself with its token, not an ambient cookie: no CSRF to guard against
    // (a page cannot add an Authorization header cross-site without a CORS preflight, never granted).
    // Its token is checked next (bearerOrSession): a bad one is 401, never a fallback to the cookie.
    if (hasBearer(req)) return next();
    const own = ownOrigin(req);
    const ownOrigins = [own, publicOrigin].filter((origin): origin is string => origin !== null);
    const refused = isCrossSite({
      method: req.method,
      secFetchSite: req.get('sec-fetch-site'),
      origin: req.get('origin'),
      referer: req.get('referer'),
      ownOrigins,
    });
    if (!refused) return next();
    res.status(403).json({ message: CROSS_SITE_MESSAGE });
  };
}

function ownOrigin(req: Request): string | null {
  const host = req.host;
  return host ? originOf(`${req.protocol}://${host}`) : null;
}
