import type { RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { ServerResponse } from 'node:http';
import path from 'node:path';

/** Vite's hashed output (`build.assetsDir`): a file there never changes under its name. */
const HASHED_ASSETS_DIR = 'assets';
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** The other built files (web/public: images, icons) keep their names across releases. */
export const SHORT_CACHE = 'public, max-age=3600';

/**
 * The built web app's files (not index.html: the page handler in web-app.ts sends it). A file with a
 * prebuilt `.br` / `.gz` beside it (web/vite.config.ts writes them) goes out in the best encoding the
 * client accepts — brotli, else gzip, else as it is — with `Vary: Accept-Encoding`
 * (express-static-gzip on serve-static; it lists the prebuilt files when the server starts, so a
 * build made while the server runs is served uncompressed until it restarts). Hashed files under
 * /assets/ are cached for a year, the rest for an hour.
 */
export function staticAssets(webDist: string): RequestHandler {
  const hashedDir = path.join(webDist, HASHED_ASSETS_DIR) + path.sep;
  const serve = expressStaticGzip(webDist, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      cacheControl: false,
      setHeaders: (res: ServerResponse, file: string) => {
        res.setHeader('Cache-Control', file.startsWith(hashedDir) ? IMMUTABLE_CACHE : SHORT_CACHE);
      },
    },
  }) as RequestHandler;
  return (req, res, next) => {
    // index.html is a template (its nonce placeholder): only the page handler sends it.
    if (req.path === '/index.html') return next();
    serve(req, res, (error?: unknown) => {
      // Not a file (a client route, or a prebuilt file gone since startup): the encoding chosen
      // for the file must not stick to whatever answers instead.
      if (!res.headersSent) {
        res.removeHeader('Content-Encoding');
        res.removeHeader('Content-Type');
      }
      next(error);
    });
  };
}
