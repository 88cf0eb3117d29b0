import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { startOnServerRenderedPage } from './lib/motion';
import { PAGE_STATE_ID, type PageState } from './lib/page-state';
import { loadAfterFirstLoad } from './lib/pwa/idle';
import { queryClient } from './lib/query-client';
import { AppRoutes, preloadRoute } from './router';
import './styles/index.css';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>
);

// A public list, a profile or Browse may come rendered by the server, with the responses it was
// rendered from (src/client/entry-server.tsx, decision 025): the app takes that HTML over with the
// same responses and the page's screen already loaded, so its first render is the server's, unchanged.
const pageState = document.getElementById(PAGE_STATE_ID)?.textContent;
if (pageState) {
  // Fresh as of this load (not the server's clock, which may be behind this one's): the first
  // render shows no refetch that the server's HTML does not. (A visitor's page may have been rendered
  // up to 10 s before, decision 029; its responses are then that much older than they look.)
  for (const [queryKey, data] of JSON.parse(pageState) as PageState) queryClient.setQueryData(queryKey, data);
  // Already on screen: it does not fade in as a page the app moves to does.
  startOnServerRenderedPage(window.location.pathname);
  // Hydrated even if a screen failed to load: it then suspends, and React keeps the server's HTML meanwhile.
  void preloadRoute(window.location.pathname).finally(() => hydrateRoot(container, app));
} else {
  // The shell: the route's screens (and the guards around them) are fetched beside the entry's own
  // chunks and rendered without suspending. Found lazily, one after another, each would show the
  // loading state and React would hold each reveal at least 300 ms after it (its fallback
  // throttle), waiting for nothing.
  // At most a second: on a line that slow, the frame and the loading state are better than nothing.
  const screens = Promise.race([
    preloadRoute(window.location.pathname),
    new Promise((resolve) => setTimeout(resolve, 1_000)),
  ]);
  void screens.finally(() => createRoot(container).render(app));
}

// The service worker (the installed app, lists kept for use offline) is registered once the page's
// first load is over (lib/pwa/idle.ts): none of its code or requests, its precache of the app's files
// among them, join the first load. Not in development, where Vite serves the modules and no worker
// is built.
if (import.meta.env.PROD) {
  void loadAfterFirstLoad(() => import('./lib/pwa/start')).then(
    ({ startServiceWorker }) => startServiceWorker(),
    (error: unknown) => console.warn('The service worker was not started', error),
  );
}
