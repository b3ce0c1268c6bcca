// The app: adopts a server-rendered page (hydrates it), or renders the page itself.
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { apolloClient } from './apollo/client';
import { App } from './App';
import { preloadRoutePages, routes } from './router';
import { releaseEarlyInput } from './ssr/earlyInput';
import { takeServerState } from './ssr/serverState';
import { styleCache } from './styleCache';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the app into.');

// A public page comes rendered by the server (entry-server.tsx) with the graph answers it used.
const serverState = takeServerState();
if (serverState) apolloClient.cache.restore(serverState);

/** After the frame around a page has hydrated, a page without PageReady (router.tsx) gets a second. */
const RELEASE_FALLBACK_MS = 1000;

/**
 * Around the whole app (a wrapper, not a sibling, so the tree's ids stay the server's): held input
 * is never held for good, even on a page that does not say it is ready (ssr/PageReady.tsx).
 */
function WhenReady({ children }: { children: ReactNode }) {
  useEffect(() => {
    const timer = setTimeout(releaseEarlyInput, RELEASE_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, []);
  return children;
}

const app = (
  <StrictMode>
    <WhenReady>
      <App client={apolloClient} styleCache={styleCache}>
        <RouterProvider router={createBrowserRouter(routes)} />
      </App>
    </WhenReady>
  </StrictMode>
);

if (serverState) {
  // Adopt the server's HTML once its page's code is here; as a transition, React hydrates in
  // slices and keeps the page responsive.
  void preloadRoutePages(window.location.pathname)
    .catch(() => undefined)
    .then(() =>
      startTransition(() => {
        hydrateRoot(container, app);
      }),
    );
} else {
  createRoot(container).render(app);
}
