import type { ApolloServer } from '@apollo/server';
import type { Router } from 'express';
import type { Pool } from 'pg';
import type { Context, ContextFactory } from '../graphql/context';
import type { GraphRoute } from '../rest/graph-route';
import type { ServiceFactories } from '../services';

/** What a module's hand-written REST handlers are mounted with (`rest/router.ts`, under /api). */
export interface RestMount {
  readonly router: Router;
  /** The app's Apollo server, for handlers that run a graph operation themselves. */
  readonly server: ApolloServer<Context>;
  readonly createContext: ContextFactory;
  /** The app's plain pool (counters kept in PostgreSQL, http/rate-limit.ts). */
  readonly pool: Pool;
}

/** A class the app hands to a library that reads its decorators (type-graphql, MikroORM). */
type DecoratedClass = abstract new (...args: never[]) => object;

/**
 * What one API module (`api/src/modules/<name>`) adds to the app, in its `module.ts`; the list in
 * `modules/index.ts` composes them, and the app's central files read that list:
 * `graphql/schema.ts` the resolvers, `graphql/permissions.ts` the permission maps,
 * `graphql/request-context.ts` the services, `rest/router.ts`
 * the REST rows and handlers, `db/entities.ts` the entities, `jobs/handlers.ts` the jobs.
 *
 * Jobs have no field: `defineJob` and `defineSchedule` run when a `*.jobs.ts` file is imported, so
 * the module's `module.ts` imports its jobs files for their side effect.
 */
export interface ModuleDefinition {
  /** The module's folder name under `api/src/modules`. */
  readonly name: string;
  /** type-graphql resolver classes (queries, mutations, subscriptions, field resolvers). */
  readonly resolvers?: readonly DecoratedClass[];
  /**
   * graphql-shield rule maps (`<x>.permissions.ts`); a module may have several. All maps of all
   * modules are merged, and a field claimed twice stops the app (`mergeRules`).
   */
  readonly permissions?: readonly Readonly<Record<string, unknown>>[];
  /**
   * REST rows that run a graph operation (`<x>.routes.ts`), mounted after the hand-written REST
   * handlers of `rest/router.ts`, in the order of the module list, then of this array.
   */
  readonly graphRoutes?: readonly GraphRoute[];
  /**
   * Hand-written REST handlers (files, streams, redirects), mounted by `rest/router.ts` after the
   * CSRF check, the JSON body parser and the input check, before every module's `graphRoutes`;
   * modules in the list's order, each's handlers in the order it mounts them.
   */
  readonly restHandlers?: (mount: RestMount) => void;
  /**
   * Handlers mounted before the CSRF check and the JSON parser: for callers that sign the raw body
   * or post from their own servers (Stripe's and the store's webhooks, one-click unsubscribe). Each
   * brings its own body parser.
   */
  readonly restHandlersBeforeGuards?: (mount: RestMount) => void;
  /**
   * The module's request services (`ctx.services.<name>`), each made on first use (`services.ts`);
   * the module also adds their types to the `Services` interface (`declare module '../../services'`).
   */
  readonly services?: ServiceFactories;
  /** MikroORM entity classes (`*.entity.ts`). */
  readonly entities?: readonly DecoratedClass[];
}

/** Declares a module's contribution to the app (see `ModuleDefinition`); returns it unchanged. */
export function defineModule<const T extends ModuleDefinition>(definition: T): T {
  return definition;
}
