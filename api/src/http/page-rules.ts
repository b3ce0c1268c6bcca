import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { log } from '../observability/logger';
import { serverEntryPath } from './server-render';

/** The guards of the web app's route tree (web/src/layouts/guardRule.ts). */
export type RouteGuard = 'member' | 'admin';

/** What the web app's router says of a path (web/src/router.tsx, `routeAccess`). */
export interface RouteAccess {
  guard: RouteGuard | null;
  /** Its page is rendered by the server for a signed-in member too. */
  signedInRender: boolean;
  /** Then its page's source module (the build manifest's key), else null. */
  pageModule: string | null;
  /** An old address of a page (spec section 2's redirects): where it moved, else null. */
  redirectTo?: string | null;
}

/** What a guard reads of the viewer (web/src/layouts/guardRule.ts `GuardViewer`). */
export interface GuardViewer {
  role: string;
  roles: string[];
  /** Staff without the second factor their role requires; read by the admin guard only. */
  needsSecondFactor?: boolean;
}

/**
 * The web app's own rules for its pages, exported by the server render's bundle
 * (web/src/entry-server.tsx): the route tree and guard rule the browser uses, so the server
 * refuses exactly what the browser's guards would.
 */
export interface PageRules {
  routeAccess(pathname: string): RouteAccess;
  /** Where the guard sends the viewer, or null when it lets them in. */
  guardRedirect(guard: RouteGuard, viewer: GuardViewer | null, from?: string): string | null;
}

/** Paths whose access is kept: beyond them the memo starts again (ids make paths many). */
const MEMO_PATHS = 5000;

/**
 * react-router's `matchRoutes` flattens and ranks the whole route tree on every call (≈ 1.7 ms, and
 * it runs for every request reaching the web app): each path's answer is kept.
 */
function memoized(routeAccess: PageRules['routeAccess']): PageRules['routeAccess'] {
  const known = new Map<string, RouteAccess>();
  return (pathname) => {
    let access = known.get(pathname);
    if (!access) {
      if (known.size >= MEMO_PATHS) known.clear();
      access = routeAccess(pathname);
      known.set(pathname, access);
    }
    return access;
  };
}

/**
 * Loads the rules from the built bundle beside `webDist` (the same module the page renderer
 * imports: Node loads it once). Resolves to null when it is not built (`npm run dev`) or lacks
 * them: the browser's guards are then the only ones.
 */
export function loadPageRules(webDist: string): Promise<PageRules | null> {
  const entryPath = serverEntryPath(webDist);
  if (!fs.existsSync(entryPath)) return Promise.resolve(null);
  return (import(pathToFileURL(entryPath).href) as Promise<Partial<PageRules>>).then(
    (entry) => {
      if (typeof entry.routeAccess !== 'function' || typeof entry.guardRedirect !== 'function') {
        log().error({ entryPath }, '[pages] the server bundle has no page rules; the browser guards alone');
        return null;
      }
      return { routeAccess: memoized(entry.routeAccess), guardRedirect: entry.guardRedirect };
    },
    (error: unknown) => {
      log().error({ err: error, entryPath }, '[pages] the page rules could not be loaded');
      return null;
    },
  );
}
