/// <reference lib="webworker" />
// The service worker (built by vite-plugin-pwa from this file, Workbox's modules only). It keeps
// the app shell, so any app address opens without a connection, and the lists a person uses, so
// they can be read and ticked offline. Nothing else of the API is cached: no account, session or
// write response ever lands on the device.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { OFFLINE_COPY_DAYS } from '../domain/offline';
import { OFFLINE_LISTS_CACHE, isListDetailPath } from './lib/pwa/list-cache';
import { stampedForCache } from './lib/pwa/cached-at';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** The precached shell: the built index.html, which renders any app address in the browser. */
const SHELL = 'index.html';

// The built files, fetched once per version. '/' is not answered from here (no directory index):
// online, a page comes from the server, which renders a visitor's public pages with their own head.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

// The first worker takes the open pages at once, so the lists fetched after sign-in land in the
// cache. A later version waits until the person asks for it (the "Reload" of the update toast).
clientsClaim();
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// A navigation is asked of the server while the worker starts, not after.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.registration.navigationPreload?.enable() ?? Promise.resolve());
});

// Pages come from the server; with no connection (or none within 4 s), the precached shell renders
// the address instead. Addresses the app does not render (the API, feeds, sitemaps) are left alone.
registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      networkTimeoutSeconds: 4,
      plugins: [{ handlerDidError: async () => (await matchPrecache(SHELL)) ?? Response.error() }],
    }),
    { denylist: [/^\/api\//, /^\/feeds\//, /^\/sitemaps?[/.]/, /^\/robots\.txt/, /^\/dev\//] },
  ),
);

// A list's detail (with the viewer's ticks): the network first, and its last copy when there is no
// connection or no response within 3 s. Copies carry the time they were stored; a list not fetched
// for 30 days goes, and at most 200 are kept (the least recently used go first).
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isListDetailPath(url.pathname),
  new NetworkFirst({
    cacheName: OFFLINE_LISTS_CACHE,
    networkTimeoutSeconds: 3,
    plugins: [
      { cacheWillUpdate: ({ response }) => stampedForCache(response, new Date()) },
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: OFFLINE_COPY_DAYS * 24 * 60 * 60 }),
    ],
  }),
);
