import { type Request, type Response, Router } from 'express';
import type { Pool } from 'pg';
import { addressKey, rateLimited, type RateLimitState, SharedRateLimit } from '../../http/rate-limit';
import { lookupZip, normalizeZip } from './zipcodes';

/** Lookups one address may make per minute (`GET /api/zipcode-lookup/{zip}`). */
export const ZIP_LOOKUP_LIMIT_PER_MINUTE = 120;

function refuse(_req: Request, res: Response, _state: RateLimitState): void {
  res.json({
    message: 'Too many ZIP code lookups from your address. Please try again in a minute.',
    code: 'TOO_MANY_ATTEMPTS',
  });
}

/**
 * `GET /api/zipcode-lookup/:zip` — public (guests too): 200 `{ zip, city, state, stateName,
 * latitude, longitude, timeZone }`, 400 `{message}` for a malformed code, 404 `{message}` for one
 * not in the data set, 429 `{message}` past the per-address limit.
 */
export function zipcodeLookupRoute(pool: Pool, limitPerMinute = ZIP_LOOKUP_LIMIT_PER_MINUTE): Router {
  // Per client address (req.ip, so behind TRUST_PROXY the forwarded one), counted in PostgreSQL
  // across processes and machines (http/rate-limit.ts); 429 with Retry-After past the limit.
  const perAddress = new SharedRateLimit(pool, 'zipcode-lookups', limitPerMinute);
  const limiter = rateLimited((req) => ({ limit: perAddress, key: addressKey(req) }), refuse);
  const router = Router();
  router.get('/zipcode-lookup/:zip', limiter, (req, res) => {
    const raw = String(req.params.zip ?? '');
    if (!normalizeZip(raw)) {
      res.status(400).json({
        message: 'A ZIP code is 5 digits (e.g. 10001) or ZIP+4 (e.g. 10001-1234)',
        code: 'BAD_USER_INPUT',
      });
      return;
    }
    const place = lookupZip(raw);
    if (!place) {
      res.status(404).json({ message: `ZIP code ${normalizeZip(raw)} was not found`, code: 'NOT_FOUND' });
      return;
    }
    // The data set only changes with the package: browsers may keep an answer for a day.
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.json(place);
  });
  return router;
}
