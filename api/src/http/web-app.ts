import express, { type Router } from 'express';
import fs from 'node:fs';
import path from 'node:path';
import { type HeaderSettings, NONCE_PLACEHOLDER, webAppSecurityHeaders } from './security-headers';

/**
 * The built web app: its files, and index.html for every client route with the page's CSP nonce
 * written where Vite left the placeholder (`html.cspNonce`).
 */
export function webApp(webDist: string, settings: HeaderSettings): Router {
  const router = express.Router();
  const indexHtml = path.join(webDist, 'index.html');
  const files = express.static(webDist, { index: false, maxAge: '1h' });
  // index.html is a template (its nonce placeholder): only the page handler below sends it.
  router.use((req, res, next) => (req.path === '/index.html' ? next() : files(req, res, next)));
  router.get(/.*/, webAppSecurityHeaders(settings), async (_req, res, next) => {
    let html: string;
    try {
      html = await fs.promises.readFile(indexHtml, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return next(error);
      res.status(503).type('text').send('The web app is not built yet: run `npm run build`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(html.replaceAll(NONCE_PLACEHOLDER, res.locals.cspNonce as string));
  });
  return router;
}
