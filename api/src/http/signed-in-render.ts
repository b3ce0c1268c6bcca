import type { Request, Response } from 'express';
import { SESSION_COOKIE, cookieValue } from '../modules/auth';
import type { PageRules } from './page-rules';
import type { PageRenderer, RenderedPage } from './server-render';

/**
 * Whether the server renders this request's page as a signed-in member's page: the route is
 * marked for it (web/src/router.tsx: /my-courses, /cart, /my-purchases, /messages, a lesson) and
 * the request carries a session (cookie or API token). Signed-in pages that reach here have
 * passed the guard (page-access.ts). The HTML is the member's own: sent with `no-store`, never
 * kept or shared (web-app.ts), and kept only when the render did find them signed in.
 */
export function rendersSignedInPage(rules: PageRules | null, req: Request): boolean {
  if (!rules?.routeAccess(req.path).signedInRender) return false;
  return req.headers.authorization !== undefined || cookieValue(req.headers.cookie, SESSION_COOKIE) !== null;
}

/**
 * A member's rendered page, and the tags fetching its code in one go, for the end of the `<body>`:
 * asked for once the page's HTML is in (a phone's link carries its content first), not a round
 * trip at a time.
 */
export interface SignedInPage extends RenderedPage {
  preloads: string;
}

/**
 * The member's page rendered with their session, or null when it is not one the server renders
 * for them (rendersSignedInPage), cannot be rendered, the session turned out to have ended, or a
 * query of it was answered with errors (the browser renders it then). `graphErrors` comes from the
 * bundle's render result (web/src/entry-server.tsx), passed on by http/server-render.ts. `preloads` has the app's and the page's code
 * preloaded (route-preload.ts): their browser starts the app at once.
 */
export async function renderSignedInPage(
  rules: PageRules | null,
  renderPage: PageRenderer,
  preloads: (pageModule: string, nonce: string) => string,
  req: Request,
  res: Response,
  nonce: string,
): Promise<SignedInPage | null> {
  if (!rules || !rendersSignedInPage(rules, req)) return null;
  const rendered: (RenderedPage & { graphErrors?: number }) | null = await renderPage(req, res, nonce);
  if (!rendered?.signedIn) return null;
  // A query answered with errors (a lesson of a course they are not enrolled in): errors are not
  // in the graph cache the browser starts from, so its first render would not be the server's.
  if (rendered.graphErrors) return null;
  const { pageModule } = rules.routeAccess(req.path);
  return { ...rendered, preloads: pageModule ? preloads(pageModule, nonce) : '' };
}
