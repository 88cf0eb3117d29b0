// What a public page's first load fetches in the browser: every script Chromium asks for (the
// page's and its service worker's) from the start of the navigation until the network is idle,
// counted as the bytes the server sent for it gzip-compressed. Shared by `npm run size`
// (scripts/size.ts) and the end-to-end budget test (tests/e2e/first-load-budget.spec.ts).
import { devices, type Browser, type Request } from '@playwright/test';
import { ROUTE_BUDGET_BYTES } from './bundle-size';

export { ROUTE_BUDGET_BYTES };

/**
 * The network is idle once no request has been open for this long after the page's `load` event:
 * Playwright's own `networkidle`, and what Lighthouse waits for before it ends a trace.
 */
export const NETWORK_IDLE_MS = 500;
/** A page whose network never goes quiet fails the measure instead of waiting for ever. */
const IDLE_TIMEOUT_MS = 30_000;

/**
 * A phone: Playwright's Pixel 7 (412 × 915, touch, a phone's user agent), in Chromium. The server
 * sends brotli to a browser that accepts it; this one says it accepts gzip alone, so each script's
 * bytes are its gzip copy's, the unit of the budget.
 */
const PHONE = { ...devices['Pixel 7'], defaultBrowserType: undefined };

export type FetchedScript = {
  /** The script's path (and query), without the origin. */
  path: string;
  /** The response body's bytes as sent, before the browser decompressed it. */
  bytes: number;
  /** `gzip`, or `identity` for a file the server sends as it is (under 1 KB, scripts/build.mjs). */
  encoding: string;
  /** Asked for by the service worker (its precache), not by the page. */
  byServiceWorker: boolean;
};

export type FirstLoad = { route: string; scripts: FetchedScript[]; totalBytes: number; idleAfterMs: number };

const isScript = (request: Request) =>
  request.resourceType() === 'script' || /\.m?js$/.test(new URL(request.url()).pathname);

/**
 * Opens `baseUrl + route` in a fresh phone context (empty cache, no service worker yet, one
 * allowed to register) and returns every script fetched before the network went idle. A request
 * still open at that moment cannot be: idle means none is.
 */
export async function measureFirstLoad(browser: Browser, baseUrl: string, route: string): Promise<FirstLoad> {
  const context = await browser.newContext({
    ...PHONE,
    serviceWorkers: 'allow',
    extraHTTPHeaders: { 'Accept-Encoding': 'gzip' },
  });
  try {
    const open = new Set<Request>();
    const finished: Request[] = [];
    let lastSettled = Date.now();
    const settle = (request: Request) => {
      if (!open.delete(request)) return;
      lastSettled = Date.now();
      finished.push(request);
    };
    // The context's events include the service worker's requests, which the page's do not.
    context.on('request', (request) => open.add(request));
    context.on('requestfinished', settle);
    context.on('requestfailed', settle);

    const page = await context.newPage();
    const started = Date.now();
    await page.goto(`${baseUrl}${route}`, { waitUntil: 'load' });
    for (;;) {
      if (open.size === 0 && Date.now() - lastSettled >= NETWORK_IDLE_MS) break;
      if (Date.now() - started > IDLE_TIMEOUT_MS) {
        const pending = [...open].map((request) => request.url()).join(', ');
        throw new Error(`${route}: the network was not idle within ${IDLE_TIMEOUT_MS / 1000} s (open: ${pending})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const idleAfterMs = lastSettled - started;
    const scripts: FetchedScript[] = [];
    for (const request of finished.filter(isScript)) {
      const response = await request.response();
      // A script served from the worker's cache crossed no network (never on a first visit).
      if (!response || response.fromServiceWorker()) continue;
      const { responseBodySize } = await request.sizes();
      const url = new URL(request.url());
      scripts.push({
        path: `${url.pathname}${url.search}`,
        bytes: responseBodySize,
        encoding: (await response.headerValue('content-encoding')) ?? 'identity',
        byServiceWorker: request.serviceWorker() !== null,
      });
    }
    return { route, scripts, totalBytes: scripts.reduce((sum, script) => sum + script.bytes, 0), idleAfterMs };
  } finally {
    await context.close();
  }
}

/** The public pages measured: the routes a visitor lands on, with real ids from the demo content. */
export function publicRoutes(pages: { checklist: string; profile: string; tag: string }): Record<string, string> {
  return {
    '/': '/',
    '/browse': '/browse',
    '/browse?tag={tag}': `/browse?tag=${encodeURIComponent(pages.tag)}`,
    '/checklist/{id}': pages.checklist,
    '/checklist/{id}/print': `${pages.checklist}/print`,
    '/user/{username}': pages.profile,
    '/about': '/about',
    '/terms': '/terms',
    '/privacy': '/privacy',
  };
}
