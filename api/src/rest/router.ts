import type { ApolloServer } from '@apollo/server';
import { type RequestHandler, Router } from 'express';
import type { Pool } from 'pg';
import type { Context, ContextFactory } from '../graphql/context';
import { JSON_BODY_LIMIT_BYTES, jsonBody } from '../http/json-body';
import { validInput } from '../http/valid-input';
import { appModules } from '../modules';
import { type GraphRoute, runGraphRoute } from './graph-route';

/** Every GraphQL-backed REST row: each module's table, in the module list's order (`modules/index.ts`). */
export const graphRoutes: GraphRoute[] = appModules.flatMap((mod) => mod.graphRoutes ?? []);

/**
 * The /api/* adapter: the spec's endpoints with its status codes and `{ message }` bodies.
 * `sameOriginOnly` (http/same-origin.ts) is the CSRF guard next to SameSite=Lax cookies: it refuses
 * cross-site state-changing calls by their Sec-Fetch-Site, Origin or Referer; calls with neither a
 * body nor an extra header (the spec's logout and cart deletes, integrators' scripts) pass.
 */
export function createRestRouter(
  server: ApolloServer<Context>,
  createContext: ContextFactory,
  sameOriginOnly: RequestHandler,
  /** The app's plain pool: the ZIP code lookup's limit counts in PostgreSQL (http/rate-limit.ts). */
  pool: Pool,
): Router {
  const router = Router();
  const mount = { router, server, createContext, pool };

  // Callers that sign the raw body or post from their own servers (webhooks, one-click
  // unsubscribe): before the CSRF check and the JSON parser, each with its own body parser.
  for (const mod of appModules) mod.restHandlersBeforeGuards?.(mount);

  router.use(sameOriginOnly);
  router.use(jsonBody(JSON_BODY_LIMIT_BYTES));
  // NUL and other control characters, lone surrogates and over-long strings in the path, the query
  // string or a JSON body: 400 before any route runs (the graph's own guard is graphql/input-guard.ts).
  router.use(validInput());

  // The modules' hand-written handlers (files, streams, redirects), then their graph-backed rows.
  for (const mod of appModules) mod.restHandlers?.(mount);

  for (const route of graphRoutes) {
    router[route.method](route.path, async (req, res, next) => {
      try {
        await runGraphRoute(server, route, req, res, await createContext(req, res));
      } catch (error) {
        next(error);
      }
    });
  }

  router.use((_req, res) => {
    res.status(404).json({ message: 'Not found' });
  });
  return router;
}
