import { AsyncLocalStorage } from 'node:async_hooks';
import { QueryClient, QueryClientProvider, skipToken, type Query } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { sendApiRequestsWith } from './lib/api';
import { PAGE_STATE_ID, type PageState } from './lib/page-state';
import { queryDefaults } from './lib/query-client';
import { profileQuery } from './api/profiles';
import { AppRoutes, preloadRoute } from './router';

// The server's half of the public pages' first load (decision 025): the HTML of a public list, a
// profile, Browse and the legal pages already holds what the app would render there, and the data
// it was rendered from, for the app to take over (main.tsx). Built into dist/server/render.js apart from
// the server, which loads it at start-up (src/server/public-face/page-body.ts).

/** Responds to one of our API's requests in-process, as the app's own `fetch` would get it. */
export type FetchApi = (path: string, init: RequestInit) => Promise<Response>;

/**
 * What goes into index.html's `<div id="root">`, the data script that follows it, and the source
 * of the page's screen, whose chunk the page asks the browser for at once (page-body.ts).
 */
export type PageBody = { root: string; data: string; screen: string };

/**
 * The pages rendered on the server, with their screen's module as router.tsx loads it (Vite's
 * manifest names its chunk by it); every other page is the app's shell, rendered in the browser.
 */
const SERVER_RENDERED = [
  { path: /^\/$/, screen: 'src/client/features/marketing/landing-page.tsx' },
  { path: /^\/checklist\/[^/]+$/, screen: 'src/client/pages/checklist-detail-page.tsx' },
  { path: /^\/user\/[^/]+$/, screen: 'src/client/pages/profile-page.tsx' },
  { path: /^\/browse$/, screen: 'src/client/features/checklists/browse-page.tsx' },
  { path: /^\/(terms|privacy)$/, screen: 'src/client/features/legal/legal-pages.tsx' },
];

/** A page whose queries depend on other responses takes more than one round; three is plenty. */
const MAX_ROUNDS = 3;

// The queries ask our API through lib/api.ts, as in the browser; while a page renders here, each
// request goes to the app of the request being responded to.
const apiOfThisRender = new AsyncLocalStorage<FetchApi>();
sendApiRequestsWith((path, init) => {
  const fetchApi = apiOfThisRender.getStore();
  if (!fetchApi) return Promise.reject(new Error(`No API to ask for ${path} outside a page render`));
  return fetchApi(path, init);
});

const isEnabled = (query: Query) => {
  const { enabled } = query.options as { enabled?: unknown };
  return enabled !== false && query.options.queryFn !== skipToken;
};

/** Queries a render asked for and that have neither data nor an error yet. */
const pendingQueries = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && isEnabled(query));

/**
 * A private profile responds with a success (decision 008), but its page is a missing one's, as its head is
 * (public-face/page-head.ts): nothing on the server's page tells the two apart.
 */
function isPrivateProfile(url: URL, queryClient: QueryClient): boolean {
  const username = /^\/user\/([^/]+)$/.exec(url.pathname)?.[1];
  if (username === undefined) return false;
  const key = profileQuery(decodeURIComponent(username)).queryKey;
  return queryClient.getQueryData(key)?.isPrivateView !== false;
}

/**
 * JSON for a `<script type="application/json">`: `<`, `>` and `&` as JSON escapes, so user text
 * cannot close the element (`</script>`) or open a comment; U+2028/2029 escaped as well.
 */
export function serializePageState(state: unknown): string {
  return JSON.stringify(state).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * The body of the page at `url` as a visitor sees it, or null where the page is not rendered on
 * the server: another route, or a response that was not a success (a missing or private list, a private
 * profile, a database that is away: each is then the same shell, byte for byte).
 *
 * It renders the app's own route table with the app's own queries: a render lists the queries the
 * page asks for, they are responded to in-process (`fetchApi`), and the page renders again with them,
 * until nothing is missing.
 */
export async function renderPageBody(url: URL, fetchApi: FetchApi): Promise<PageBody | null> {
  const page = SERVER_RENDERED.find((route) => route.path.test(url.pathname));
  if (!page) return null;
  await preloadRoute(url.pathname);
  const queryClient = new QueryClient({ defaultOptions: { queries: { ...queryDefaults, retry: false } } });
  const render = () =>
    renderToString(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <StaticRouter location={`${url.pathname}${url.search}`}>
            <AppRoutes />
          </StaticRouter>
        </QueryClientProvider>
      </StrictMode>,
    );

  let root = render();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const waiting = pendingQueries(queryClient);
    if (waiting.length === 0) break;
    await apiOfThisRender.run(fetchApi, () => Promise.allSettled(waiting.map((query) => query.fetch())));
    const isFailed = queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status === 'error');
    if (isFailed) return null;
    root = render();
  }
  // Still waiting for something, or a part that suspended (React marks it to be rendered in the
  // browser, which would then report it): the shell rather than a page that would change at once.
  if (pendingQueries(queryClient).length > 0 || root.includes('<!--$!-->')) return null;
  if (isPrivateProfile(url, queryClient)) return null;

  const responses: PageState = queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.status === 'success' })
    .map((query) => [query.queryKey, query.state.data]);
  const state = serializePageState(responses);
  return {
    root,
    data: `<script type="application/json" id="${PAGE_STATE_ID}">${state}</script>`,
    screen: page.screen,
  };
}
