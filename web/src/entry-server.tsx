import { ApolloClient, ApolloLink, Observable } from '@apollo/client';
import { prerenderStatic } from '@apollo/client/react/ssr';
import createCache from '@emotion/cache';
import type { DocumentNode, FormattedExecutionResult } from 'graphql';
import { type ReactNode, StrictMode, useState } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { APP_CLIENT_DEFAULTS, createAppCache } from './apollo/cache';
import { guestCatalogLink } from './apollo/guestCatalog';
import { App } from './App';
import { routes } from './router';

/** One graph operation of a render, run by the server in the page request's own session. */
export interface GraphRequest {
  query: DocumentNode;
  variables: Record<string, unknown>;
  operationName: string | undefined;
}

export interface RenderOptions {
  /** The page's path and query, e.g. `/courses?style=jazz`. */
  url: string;
  /** The page's CSP nonce, for the style elements. */
  nonce: string;
  /** Runs a query of the page against the graph. */
  execute: (request: GraphRequest) => Promise<FormattedExecutionResult>;
  /** Stops the render (the server then sends the page unrendered). */
  signal?: AbortSignal;
}

export interface RenderResult {
  /** The app's HTML, for inside `<div id="root">`. */
  html: string;
  /** The graph cache the render filled, for the browser's client (ssr/serverState.ts). */
  state: Record<string, unknown>;
  /**
   * How many of its queries the graph answered with errors. Errors are not kept in the graph cache,
   * so the browser's first render of such a page is not the server's (a page showing "not enrolled"
   * would show its spinner): a member's page with them is sent for the browser to render
   * (api/src/http/signed-in-render.ts).
   */
  graphErrors: number;
}

/**
 * The app with a style cache of its own for each render pass: the cache writes each style rule
 * once, beside the first element using it, and prerenderStatic renders the tree until every query
 * is answered — a cache kept across passes would leave the last pass, the one sent, without them.
 */
function RenderPass({
  nonce,
  client,
  children,
}: {
  nonce: string;
  client: ApolloClient;
  children: ReactNode;
}) {
  const [styleCache] = useState(() => createCache({ key: 'css', nonce }));
  return (
    <App client={client} styleCache={styleCache}>
      {children}
    </App>
  );
}

/** A link answering each operation with `execute` (no HTTP: the server runs it in-process). */
function executeLink(execute: RenderOptions['execute']): ApolloLink {
  return new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        execute({
          query: operation.query,
          variables: operation.variables,
          operationName: operation.operationName,
        }).then(
          (result) => {
            observer.next(result as ApolloLink.Result);
            observer.complete();
          },
          (error: unknown) => observer.error(error),
        );
      }),
  );
}

/**
 * Renders a page of the web app to HTML, with every graph query it makes answered first (Apollo's
 * prerenderStatic renders until no query is pending; React waits for the lazily loaded pages).
 * Null for a path the app redirects (the browser follows it itself).
 */
export async function render(options: RenderOptions): Promise<RenderResult | null> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(options.url, 'http://drx.local')), {
    requestContext: undefined,
  });
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  let graphErrors = 0;
  const execute: RenderOptions['execute'] = async (request) => {
    const result = await options.execute(request);
    if (result.errors?.length) graphErrors += 1;
    return result;
  };
  const client = new ApolloClient({
    link: guestCatalogLink.concat(executeLink(execute)),
    cache: createAppCache(),
    ssrMode: true,
    defaultOptions: APP_CLIENT_DEFAULTS,
  });
  const tree = (
    <StrictMode>
      <RenderPass nonce={options.nonce} client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </RenderPass>
    </StrictMode>
  );
  const { result } = await prerenderStatic({
    tree,
    signal: options.signal,
    // One piece of HTML in document order: no boundary is sent apart to be swapped in by a script.
    renderFunction: (node) =>
      prerenderToNodeStream(node, { signal: options.signal, progressiveChunkSize: Number.POSITIVE_INFINITY }),
  });
  return { html: result, state: client.extract() as Record<string, unknown>, graphErrors };
}

/**
 * For the server before it sends a page (api/src/http/page-access.ts): the guard in front of a
 * path and whether a member's page is rendered, and where a guard sends a viewer it refuses — the
 * browser's own route tree and guard rule, so both always agree.
 */
export { routeAccess, type RouteAccess } from './router';
export { guardRedirect, type RouteGuard } from './layouts/guardRule';
