import { queryClient } from '../query-client';

/**
 * The network counts as quiet once nothing has arrived for this long and the app waits for no
 * response: longer than a browser's own "network idle" (500 ms), so what waits for it never joins
 * the requests of a page's first load.
 */
export const QUIET_MS = 1_000;
/** A page that keeps fetching (a slow line, a long list) does not hold off deferred work past this. */
export const MAX_QUIET_WAIT_MS = 10_000;

export type NetworkActivity = {
  /** Calls `listener` each time something arrives; returns how to stop. */
  onActivity: (listener: () => void) => () => void;
  /** Whether the app waits for a response now. */
  isBusy: () => boolean;
};

/**
 * Resolves once nothing has arrived for `quietMs` while the app waited for nothing, or after
 * `maxWaitMs` at the latest.
 */
export function whenNetworkQuiet(
  activity: NetworkActivity,
  quietMs = QUIET_MS,
  maxWaitMs = MAX_QUIET_WAIT_MS,
): Promise<void> {
  return new Promise((resolve) => {
    const started = Date.now();
    let lastActivity = started;
    const stopWatching = activity.onActivity(() => {
      lastActivity = Date.now();
    });
    const check = () => {
      const now = Date.now();
      const quietLeft = lastActivity + quietMs - now;
      if (now - started >= maxWaitMs || (quietLeft <= 0 && !activity.isBusy())) {
        stopWatching();
        resolve();
        return;
      }
      setTimeout(check, Math.min(Math.max(quietLeft, 100), started + maxWaitMs - now));
    };
    setTimeout(check, quietMs);
  });
}

/** What the page has fetched (every finished resource), and the app's queries and changes in flight. */
const pageActivity: NetworkActivity = {
  onActivity: (listener) => {
    if (typeof PerformanceObserver === 'undefined') return () => {};
    const observer = new PerformanceObserver(() => listener());
    observer.observe({ type: 'resource' });
    return () => observer.disconnect();
  },
  isBusy: () => queryClient.isFetching() > 0 || queryClient.isMutating() > 0,
};

let settled: Promise<void> | undefined;

/**
 * Resolves once the page has loaded, its network has been quiet a while (`whenNetworkQuiet`), the
 * browser is idle and online: work that no first paint or first use needs (the service worker and
 * its precache, the toaster, menus behind a stand-in, lists fetched ahead) waits for it, so none of
 * its requests competes with a page's first load, and none is tried without a connection.
 */
export function whenIdleAfterLoad(): Promise<void> {
  settled ??= afterLoad()
    .then(() => whenNetworkQuiet(pageActivity))
    .then(whenBrowserIdle)
    .then(whenOnline);
  return settled;
}

let pendingLoads = 0;

/**
 * Runs `load` once the first load is over (`whenIdleAfterLoad`), or once `sooner` resolves if that
 * comes first. When every load asked for so far has settled, `<html>` says so in
 * `data-first-load-over`, for whoever must wait for the page's later code (the end-to-end tests do,
 * before they take the connection away).
 */
export function loadAfterFirstLoad<T>(load: () => Promise<T>, sooner?: Promise<unknown>): Promise<T> {
  pendingLoads += 1;
  return Promise.race([whenIdleAfterLoad(), ...(sooner ? [sooner] : [])])
    .then(load)
    .finally(() => {
      pendingLoads -= 1;
      if (pendingLoads === 0) document.documentElement.dataset.firstLoadOver = '';
    });
}

function afterLoad(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

function whenBrowserIdle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 5_000 });
    else setTimeout(resolve, 1_000);
  });
}

function whenOnline(): Promise<void> {
  if (navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}
