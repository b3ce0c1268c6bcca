import type { Request, RequestHandler, Response } from 'express';
import type { Context } from '../graphql/context';
import { staffLacksSecondFactor } from '../modules/account';
import type { GuardViewer, PageRules, RouteGuard } from './page-rules';

/**
 * Reads the request's session and answers who is signed in (null for a visitor), with what the
 * page's guard reads of them.
 */
export type ViewerReader = (req: Request, res: Response, guard: RouteGuard) => Promise<GuardViewer | null>;

/**
 * An old address of a page (/pricing, /resources/7, …) is answered with a 301 to where it moved.
 * A request for a guarded page the viewer may not open is answered with a redirect before any
 * HTML: 302 to where the browser's guard would send them (/auth for a visitor, / for a signed-in
 * user outside the admin area, the second factor's set-up for staff without one in the admin area),
 * so they never see a page they may not open, nor wait for the app to tell them. The route tree and the rule are the web app's own (page-rules.ts); the browser's
 * guards stay as they are (an app already running navigates without asking the server). Other
 * paths cost nothing: the session is read only for a guarded page.
 */
export function guardedPages(rules: Promise<PageRules | null>, readViewer: ViewerReader): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    rules
      .then(async (loaded) => {
        const access = loaded?.routeAccess(req.path);
        if (access?.redirectTo) {
          // An old address: moved for good, with its query (a visitor waits for no app code).
          const query = req.originalUrl.indexOf('?');
          return res.redirect(301, access.redirectTo + (query >= 0 ? req.originalUrl.slice(query) : ''));
        }
        const guard = access?.guard;
        if (!loaded || !guard) return next();
        const away = loaded.guardRedirect(guard, await readViewer(req, res, guard), req.originalUrl);
        if (!away) return next();
        // Who may open it depends on the session: never kept by a cache.
        res.setHeader('Cache-Control', 'no-store');
        res.setHeader('Vary', 'Cookie');
        res.redirect(302, away);
      })
      .catch(next);
  };
}

/**
 * The viewer of the request's session (cookie or API token), as the graph sees them. For the admin
 * area, also whether they are staff without the second factor their staff operations are refused
 * without (two-step.rules.ts: the same question, the requirement off in tests alike) — asked of
 * staff only, and of no other page.
 */
export function sessionViewer(
  sessions: RequestHandler,
  createContext: (req: Request, res: Response) => Promise<Pick<Context, 'viewer' | 'em' | 'config'>>,
): ViewerReader {
  return async (req, res, guard) => {
    await new Promise<void>((resolve, reject) =>
      sessions(req, res, (error?: unknown) => (error ? reject(error) : resolve())),
    );
    const ctx = await createContext(req, res);
    if (!ctx.viewer) return null;
    const { role, roles } = ctx.viewer;
    if (guard !== 'admin') return { role, roles };
    return { role, roles, needsSecondFactor: await staffLacksSecondFactor(ctx) };
  };
}
