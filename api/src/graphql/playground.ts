import type { RequestHandler } from 'express';
import { ruruHTML } from 'ruru/server';
import { serveStatic } from 'ruru/static';

export const RURU_STATIC_PATH = '/ruru-static/';

const DEFAULT_QUERY = `# Welcome to the DRX graph. Queries run with your
# browser's session cookie: sign in on the site first
# to see your own data.
#
# The docs pane (the book, top left) describes every
# type, field and argument; each query and mutation
# says who may call it. Examples for each role are in
# the repository's docs/examples/. The SDL for code
# generators: /graphql/schema.graphql
query Me {
  me {
    id
    username
    displayName
    roles
  }
}
`;

/** Ruru's own static files (bundled in the npm package; nothing comes from a CDN). Mount at the root. */
export const playgroundAssets = serveStatic(RURU_STATIC_PATH) as unknown as RequestHandler;

export const playgroundHtml = ruruHTML({
  endpoint: '/graphql',
  staticPath: RURU_STATIC_PATH,
  clientConfig: { initialQuery: DEFAULT_QUERY },
});

/**
 * GET /graphql from a browser (no query, accepts HTML) shows the offline GraphiQL playground, with
 * the page's own security headers (`securityHeaders`, see http/security-headers.ts).
 */
export function playgroundPage(securityHeaders: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const wantsHtml = req.accepts(['application/json', 'text/html']) === 'text/html';
    if (req.method !== 'GET' || !wantsHtml || req.query.query) return next();
    securityHeaders(req, res, (error?: unknown) => {
      if (error) return next(error);
      res.type('html').send(playgroundHtml);
    });
  };
}
