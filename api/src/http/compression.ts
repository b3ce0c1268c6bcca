import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/** Responses smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * The media types compressed on the fly: pages, JSON (the graph's and REST answers) and XML (the
 * sitemap). Everything else passes untouched — the built web files carry their own prebuilt .br/.gz
 * (http/static-assets.ts); PDFs, images and other downloads keep their Content-Length and Range
 * support; and a `text/event-stream` (the live messages at /graphql/stream) must never be
 * compressed, since a compressor holds events back until its buffer fills.
 */
const COMPRESSIBLE =
  /^(?:text\/html|application\/(?:[\w.-]+\+)?json|application\/(?:[\w.-]+\+)?xml|text\/xml)\s*(?:;|$)/i;

function compressible(res: Response): boolean {
  const type = res.getHeader('Content-Type');
  return typeof type === 'string' && COMPRESSIBLE.test(type);
}

/**
 * Compresses HTML, JSON and XML responses above {@link COMPRESSION_THRESHOLD_BYTES}: brotli when the
 * client accepts it, else gzip (expressjs/compression; it adds `Vary: Accept-Encoding` and leaves
 * anything already encoded, or sent with `Cache-Control: no-transform`, alone).
 */
export function compressResponses(): RequestHandler {
  return compression({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    filter: (_req, res) => compressible(res),
  });
}

/** Marks a response whose compression its handler decides (see `compressedUnless`). */
const DEFERRED = Symbol('drx.compressionDeferred');
type Deferrable = Response & { [DEFERRED]?: true };

/**
 * Leaves the compression of `res` to its handler (`endMaybeCompressed`): what `compressedUnless`
 * does for the requests it picks, for a route answered before it (http/fast-routes.ts).
 */
export function compressesOwn(res: Response): void {
  (res as Deferrable)[DEFERRED] = true;
}

/**
 * `compressResponses()` for every request but those `decidesOwn` picks, which pass untouched: their
 * handler ends them with `endMaybeCompressed`. The graph's POSTs take this path: most of its answers
 * (the cart polled every 3 s) are far below the threshold, and wrapping every response's
 * `write`/`end`/`writeHead` to find that out was ≈ 8% of a cart poll's CPU (bench/README.md).
 */
export function compressedUnless(decidesOwn: (req: Request) => boolean): RequestHandler {
  const compress = compressResponses();
  return (req, res, next) => {
    if (!decidesOwn(req)) return compress(req, res, next);
    compressesOwn(res);
    next();
  };
}

const compressLarge = compressResponses();

/**
 * Ends `res` with `body`: through the compression middleware when the response skipped it
 * (`compressedUnless`) and the body reaches the threshold — the same negotiation, encodings and
 * headers as every other response — else as it is.
 */
export function endMaybeCompressed(req: Request, res: Response, body: string): void {
  res.setHeader('content-length', Buffer.byteLength(body));
  if ((res as Deferrable)[DEFERRED] && body.length >= COMPRESSION_THRESHOLD_BYTES) {
    compressLarge(req, res, () => res.end(body));
    return;
  }
  res.end(body);
}
