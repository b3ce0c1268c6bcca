import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { apolloClient } from './apollo/client';
import { App } from './App';
import { preloadRoutePages, routes } from './router';
import { takeServerState } from './ssr/serverState';
import { styleCache } from './styleCache';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the app into.');

// A public page comes rendered by the server (entry-server.tsx) with the graph answers it used.
const serverState = takeServerState();
if (serverState) apolloClient.cache.restore(serverState);

const app = (
  <StrictMode>
    <App client={apolloClient} styleCache={styleCache}>
      <RouterProvider router={createBrowserRouter(routes)} />
    </App>
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
