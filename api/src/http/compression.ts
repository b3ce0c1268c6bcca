import compression from 'compression';
import type { RequestHandler, Response } from 'express';

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
