import type { ApolloServer } from '@apollo/server';
import type { Request, RequestHandler, Response } from 'express';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DocumentNode, FormattedExecutionResult } from 'graphql';
import type { Context } from '../graphql/context';
import { matchPage } from '../modules/seo';
import { log } from '../observability/logger';
import type { ContentVersion } from './content-version';
import { GuestPageCache, type GuestRender } from './guest-page-cache';

/** What web/src/entry-server.tsx exports (built into web/dist-ssr/entry-server.js). */
interface WebServerEntry {
  render(options: {
    url: string;
    nonce: string;
    execute: (request: {
      query: DocumentNode;
      variables: Record<string, unknown>;
      operationName: string | undefined;
    }) => Promise<FormattedExecutionResult>;
    signal?: AbortSignal;
  }): Promise<{ html: string; state: Record<string, unknown> } | null>;
}

/** A page rendered by the server: the app's HTML and the graph answers it used. */
export interface RenderedPage {
  html: string;
  state: Record<string, unknown>;
  /** Rendered for a signed-in user: their browser starts the app at once (web/src/ssr/appStart.ts). */
  signedIn: boolean;
  /** `state` as script-safe JSON, when already written (a shared guest page: guest-page-cache.ts). */
  stateJson?: string;
  /** The `style` attribute values of `html` (style-attributes.ts), when already read. */
  styleAttributes?: readonly string[];
  /** A guest's shared page: the content version its render read (guest-page-cache.ts). */
  sharedVersion?: string;
}

/** Renders the page of a request with its session; null when it cannot (the browser renders it then). */
export type PageRenderer = (req: Request, res: Response, nonce: string) => Promise<RenderedPage | null>;

/** A render taking longer is given up and the page sent for the browser to render. */
const RENDER_TIMEOUT_MS = 3000;
/**
 * Renders at once per process (each is about 50–100 ms of this process's CPU): beyond them, a
 * page is sent for the browser to render, so a burst of page views (a crawler) cannot starve the
 * graph and the REST adapter.
 */
const MAX_CONCURRENT_RENDERS = 4;

/** The server render's bundle beside the built web app (`web/dist` → `web/dist-ssr`). */
export function serverEntryPath(webDist: string): string {
  return path.join(path.dirname(webDist), 'dist-ssr', 'entry-server.js');
}

/**
 * The server render of the web app's public pages (web/src/entry-server.tsx): each page's graph
 * queries run in-process with the request's session (the same permissions as /graphql), and the
 * HTML goes out with the answers, so the browser shows the page before its JavaScript has run
 * and adopts it (hydrates) without asking the graph again. A guest's public page is the same for
 * every guest: rendered once and shared until the catalogue changes (http/guest-page-cache.ts),
 * so a crowd of visitors costs one render per page, not one each. Null when the bundle is not
 * built (`npm run dev`): the browser renders every page then.
 */
export function loadPageRenderer(
  webDist: string,
  apollo: ApolloServer<Context>,
  sessions: RequestHandler,
  createContext: (req: Request, res: Response) => Promise<Context>,
  versions: ContentVersion,
): PageRenderer | null {
  const entryPath = serverEntryPath(webDist);
  if (!fs.existsSync(entryPath)) return null;
  // Loaded in the background (≈ 1 MB of JavaScript): the server starts listening meanwhile, and the
  // first page waits for it.
  const loading = (import(pathToFileURL(entryPath).href) as Promise<WebServerEntry>).catch(
    (error: unknown) => {
      log().error(
        { err: error, entryPath },
        '[ssr] the server render could not be loaded; the browser renders every page',
      );
      return null;
    },
  );
  const readSession = (req: Request, res: Response) =>
    new Promise<void>((resolve, reject) =>
      sessions(req, res, (error?: unknown) => (error ? reject(error) : resolve())),
    );

  // Guests' pages are shared (http/guest-page-cache.ts): rendered once per content version.
  const guestPages = new GuestPageCache(versions);

  let rendering = 0;
  /** One render of the request's page with its context; null when the renderer is busy or fails. */
  const renderWith = async (
    entry: WebServerEntry,
    req: Request,
    contextValue: Context,
    nonce: string,
  ): Promise<GuestRender | null> => {
    if (rendering >= MAX_CONCURRENT_RENDERS) return null;
    rendering += 1;
    try {
      const signal = AbortSignal.timeout(RENDER_TIMEOUT_MS);
      // Given up at the deadline even if a query never answers (the signal stops React, not them).
      const deadline = new Promise<never>((_, reject) =>
        signal.addEventListener('abort', () => reject(new Error(`no render within ${RENDER_TIMEOUT_MS} ms`))),
      );
      return await Promise.race([
        deadline,
        entry.render({
          url: req.originalUrl,
          nonce,
          signal,
          execute: async ({ query, variables, operationName }) => {
            const response = await apollo.executeOperation(
              { query, variables, operationName },
              { contextValue },
            );
            if (response.body.kind !== 'single') throw new Error('Incremental delivery is not used by pages');
            return response.body.singleResult;
          },
        }),
      ]);
    } catch (error) {
      log().error(
        { err: error, path: req.path },
        '[ssr] the page could not be rendered; sent for the browser to render',
      );
      return null;
    } finally {
      rendering -= 1;
    }
  };

  return async (req, res, nonce) => {
    try {
      const entry = await loading;
      if (!entry) return null;
      await readSession(req, res);
      const contextValue = await createContext(req, res);
      // A member's page is their own: rendered for them, never kept. A guest (no session, or one
      // that no longer stands) gets the public page (modules/seo/page-routes.ts) every guest gets.
      const signedIn = contextValue.viewer !== null;
      if (signedIn || !matchPage(req.path)) {
        const rendered = await renderWith(entry, req, contextValue, nonce);
        return rendered && { ...rendered, signedIn };
      }
      const shared = await guestPages.page(req.originalUrl, contextValue.em, nonce, (slot) =>
        renderWith(entry, req, contextValue, slot),
      );
      return shared && { ...shared, signedIn: false };
    } catch (error) {
      log().error(
        { err: error, path: req.path },
        '[ssr] the page could not be rendered; sent for the browser to render',
      );
      return null;
    }
  };
}
