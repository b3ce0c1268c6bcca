// The app: adopts a server-rendered page (hydrates it), or renders the page itself.
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { apolloClient } from './apollo/client';
import { App } from './App';
import { MeQueryDocument } from './features/auth';
import { routes } from './router';
import { releaseEarlyInput } from './ssr/earlyInput';
import { takeServerState } from './ssr/serverState';
import { styleCache } from './styleCache';
import { nextTask } from './lib/nextTask';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the app into.');

// A public page comes rendered by the server (entry-server.tsx) with the graph answers it used.
const serverState = takeServerState();
if (serverState) apolloClient.cache.restore(serverState);

/**
 * After the frame around the page has hydrated, how long held input waits for the page to say it is
 * ready (ssr/PageReady.tsx): a route without such a page gets a second; one with it, the time a
 * slow phone may take to hydrate it (a press replayed before it has would be lost), as a safety net.
 */
const RELEASE_FALLBACK_MS = { withoutPage: 1000, withPage: 15_000 };

/**
 * Around the whole app (a wrapper, not a sibling, so the tree's ids stay the server's): held input
 * is never held for good, even if the page never says it is ready.
 */
function WhenReady({ children, hasPage }: { children: ReactNode; hasPage: boolean }) {
  useEffect(() => {
    const wait = hasPage ? RELEASE_FALLBACK_MS.withPage : RELEASE_FALLBACK_MS.withoutPage;
    const timer = setTimeout(releaseEarlyInput, wait);
    return () => clearTimeout(timer);
  }, [hasPage]);
  return children;
}

/**
 * The first query read from the cache runs the graph client's reader for the first time (its code
 * not yet compiled, its caches empty): on a slowed phone that was the longest piece of the page's
 * adoption (≈ 200 ms in one component, which React cannot cut). Done once here, in a task of its
 * own, with the query every page reads first (the header's signed-in user); its result is kept.
 */
function warmUp(client: typeof apolloClient): void {
  client.watchQuery({ query: MeQueryDocument }).getCurrentResult();
}

type Router = ReturnType<typeof createBrowserRouter>;

const app = (router: Router, hasPage: boolean) => (
  <StrictMode>
    <WhenReady hasPage={hasPage}>
      <App client={apolloClient} styleCache={styleCache}>
        <RouterProvider router={router} />
      </App>
    </WhenReady>
  </StrictMode>
);

/** Once the router has loaded the code of the address's page (its route's `lazy`), or failed to. */
function whenInitialized(router: Router): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

const router = createBrowserRouter(routes);
if (serverState) {
  // Adopt the server's HTML once its page's code is here (rendered before, the page would be the
  // route's loading spinner, not the server's HTML); as a transition, React hydrates in slices and
  // keeps the page responsive. A route with a page says when it is ready (ssr/PageReady.tsx).
  const hasPage = (matchRoutes(routes, window.location) ?? []).some((match) => match.route.lazy);
  void whenInitialized(router)
    .then(nextTask)
    .then(() => {
      warmUp(apolloClient);
      return nextTask();
    })
    .then(() =>
      startTransition(() => {
        hydrateRoot(container, app(router, hasPage));
      }),
    );
} else {
  createRoot(container).render(app(router, false));
}
