import type { Request } from 'express';

/**
 * A request's route as a bounded label for metrics and logs — the Express route pattern that
 * answered (`/api/courses/:id`, `/graphql`), never the URL with its ids:
 * - a route with a string pattern: the mount path and the pattern;
 * - a route with a regular expression: `page` (the web app's page handler);
 * - no route, inside a mounted router or middleware: its mount path (`/uploads`, `/graphql` for the
 *   playground's GET, `/api` for an unknown REST path), lower-cased since matching ignores case;
 * - no route at all: `static` (the web app's files, the playground's assets) or `unmatched` (404).
 */
export function routeLabel(req: Request, status: number): string {
  // No baseUrl when nothing mounted answered (a POST to a path no route or router handles).
  const mount = (req.baseUrl ?? '').toLowerCase();
  const route = req.route as { path?: unknown } | undefined;
  if (route) {
    const pattern = Array.isArray(route.path) ? route.path[0] : route.path;
    return typeof pattern === 'string' ? `${mount}${pattern}` : 'page';
  }
  if (mount) return mount;
  return status === 404 ? 'unmatched' : 'static';
}

/**
 * The request's path for a log line: no query string (it may carry a token, e.g. an unsubscribe
 * link's), and route parameters named like a secret (the calendar feed's `:token`) masked.
 */
export function loggedPath(req: Request): string {
  const url = req.originalUrl ?? req.url;
  const query = url.indexOf('?');
  let path = query === -1 ? url : url.slice(0, query);
  for (const [name, value] of Object.entries(req.params ?? {})) {
    if (typeof value === 'string' && value && /token|secret|key/i.test(name))
      path = path.replace(value, '[redacted]');
  }
  return path;
}
