import express, { type Router } from 'express';
import fs from 'node:fs';
import path from 'node:path';
import { type PageLookup, type PageMetaSource, withPageMeta } from '../modules/seo';
import {
  type HeaderSettings,
  NONCE_PLACEHOLDER,
  scriptFileSecurityHeaders,
  webAppSecurityHeaders,
} from './security-headers';
import { staticAssets } from './static-assets';
import { log } from '../observability/logger';
import type { PageRenderer, RenderedPage } from './server-render';
import { scriptJson } from './script-json';
import { allowStyleAttributes } from './style-attributes';
import { loadPageRules } from './page-rules';
import { routePreloads } from './route-preload';
import { renderSignedInPage } from './signed-in-render';
import { certainlyGuest, type SharedPageResponses } from './shared-page-responses';

const EMPTY_ROOT = '<div id="root"></div>';
/** web/src/ssr/serverState.ts reads the render's graph answers from this element. */
const SERVER_STATE_ID = 'drx-server-state';

/** index.html with the server-rendered app in its root and the graph answers beside it. */
function withRenderedApp(html: string, page: RenderedPage): string {
  // A shared guest page comes with its state already written (http/guest-page-cache.ts).
  const json = page.stateJson ?? scriptJson(page.state);
  const state = `<script type="application/json" id="${SERVER_STATE_ID}">${json}</script>`;
  return (
    html
      .replace(EMPTY_ROOT, () => `<div id="root">${page.html}</div>${state}`)
      // The entry runs as soon as it arrives, before the long page is parsed, so what the visitor
      // does from the first moment is kept for the app (web/src/ssr/earlyInput.ts); a signed-in
      // user's browser starts the app at once, a visitor's at their first use (ssr/appStart.ts).
      .replace(
        /<script type="module"(?=[^>]*\ssrc=)/,
        `<script type="module" async data-server-rendered${page.signedIn ? ' data-start="now"' : ''}`,
      )
  );
}

/** The canonical path of a described page: only that one is rendered (an alias redirects in the browser). */
function isCanonical(url: string, pathname: string): boolean {
  try {
    return new URL(url).pathname === pathname;
  } catch {
    return false;
  }
}

/**
 * The page's metadata (modules/seo/page-meta.ts): a course, resource, store or instructor page costs
 * one query, other pages none. When the database cannot answer, the page is sent as it is (the web
 * app then shows its own error) rather than failing.
 */
async function describePage(pages: PageMetaSource | undefined, pathname: string): Promise<PageLookup> {
  if (!pages) return { status: 200, meta: null };
  try {
    return await pages.lookup(pathname);
  } catch (error) {
    log().error({ err: error }, '[seo] page metadata failed');
    return { status: 200, meta: null };
  }
}

/**
 * The built web app: its files, and index.html for every client route with the page's CSP nonce
 * written where Vite left the placeholder (`html.cspNonce`). With `pages`, a public page's HTML
 * carries its own title, description, canonical URL, Open Graph and Twitter tags and JSON-LD, so
 * crawlers and link previews see them without running the app; an unknown or hidden course,
 * resource, store or instructor answers 404 (the web app shows its not-found page). With
 * `renderPage`, such a page's content is in the HTML too.
 */
export function webApp(
  webDist: string,
  settings: HeaderSettings,
  pages?: PageMetaSource,
  renderPage?: PageRenderer | null,
  sharedPages?: SharedPageResponses,
): Router {
  const router = express.Router();
  const indexHtml = path.join(webDist, 'index.html');
  const memberRules = renderPage ? loadPageRules(webDist) : Promise.resolve(null);
  const preloads = routePreloads(webDist);
  // Its files, prebuilt-compressed and cached (index.html excepted: only the page handler sends it).
  // Script files: a policy a worker started from one can run under (security-headers.ts).
  router.use(scriptFileSecurityHeaders());
  router.use(staticAssets(webDist));
  router.get(/.*/, webAppSecurityHeaders(settings), async (req, res, next) => {
    const nonce = res.locals.cspNonce as string;
    // A guest's public page as every guest gets it, kept whole (http/shared-page-responses.ts).
    const shared = sharedPages && certainlyGuest(req) ? sharedPages : null;
    if (shared) {
      const kept = await shared.lookup(req.originalUrl);
      if (kept) return shared.send(req, res, kept, nonce);
    }
    let html: string;
    try {
      html = await fs.promises.readFile(indexHtml, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return next(error);
      res.status(503).type('text').send('The web app is not built yet: run `npm run build`.');
      return;
    }
    // The nonce first: a title or description that happens to hold the placeholder stays text.
    html = html.replaceAll(NONCE_PLACEHOLDER, nonce);
    const page = await describePage(pages, req.path);
    if (page.meta) html = withPageMeta(html, page.meta, nonce);
    // Public pages are rendered by the server (http/server-render.ts): seen before any script runs.
    let memberPage = false;
    if (renderPage && page.meta && page.status === 200 && isCanonical(page.meta.url, req.path)) {
      const rendered = await renderPage(req, res, nonce);
      if (rendered) {
        html = withRenderedApp(html, rendered);
        const policy = res.getHeader('Content-Security-Policy');
        if (typeof policy === 'string') {
          const allowed = allowStyleAttributes(policy, rendered.styleAttributes ?? rendered.html);
          res.setHeader('Content-Security-Policy', allowed);
          const kept =
            shared && rendered.sharedVersion !== undefined
              ? shared.keep(req.originalUrl, rendered.sharedVersion, html, allowed, nonce)
              : null;
          if (shared && kept) return shared.send(req, res, kept, nonce);
        }
      }
    } else if (renderPage && !page.meta) {
      // So are a signed-in member's own pages (http/signed-in-render.ts), never kept by a cache.
      const rendered = await renderSignedInPage(await memberRules, renderPage, preloads, req, res, nonce);
      if (rendered) {
        html = withRenderedApp(html, rendered).replace('</body>', () => `${rendered.preloads}</body>`);
        const policy = res.getHeader('Content-Security-Policy');
        if (typeof policy === 'string') {
          res.setHeader('Content-Security-Policy', allowStyleAttributes(policy, rendered.html));
        }
        memberPage = true;
      }
    }
    res.status(page.status);
    res.setHeader('Cache-Control', memberPage ? 'private, no-store' : 'no-cache');
    res.type('html').send(html);
  });
  return router;
}
