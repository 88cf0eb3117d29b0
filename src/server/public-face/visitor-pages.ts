import { gzipSync } from 'node:zlib';

// A visitor's server-rendered page (decision 025) cached for a few seconds in this process, so a
// page many visitors open at once (the landing page, a list that was just shared) is rendered once,
// not once per visitor. Rendering one costs CPU and two React renders; serving a cached one costs
// what serving the shell does. Decision 029 says why the time is short and what it means.

/** How long a rendered page is served as it was rendered. */
export const VISITOR_PAGE_MS = 10_000;

/**
 * At most this many characters (and bytes of their compressed copies) of pages and their keys are
 * cached; the oldest go first.
 */
export const VISITOR_PAGES_MAX_CHARS = 16 * 1024 * 1024;

/**
 * Which cached page an address is. Only Browse renders from its query (its search, tag and order); a
 * list, a profile or the landing page is the same page whatever query a shared link carries
 * (`?fbclid=…`), so such links do not each render and cache a page of their own.
 */
export function visitorPageKey(url: URL): string {
  if (url.pathname !== '/browse') return url.pathname;
  const params = [...url.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `/browse?${new URLSearchParams(params).toString()}`;
}

/** A page as rendered, and whether it may be served again (only a page wholly rendered may). */
export type RenderedPage = { html: string; isCacheable: boolean };

/**
 * A page as served: its HTML, and the same gzip-compressed for every client that accepts it, made
 * when first asked for and then cached (a signed-in page served to a client that takes no gzip is
 * never compressed; a cached visitor's page is compressed once, when the cache weighs it).
 */
export type ServedPage = { readonly html: string; readonly gzip: Uint8Array };

export function servedPage(html: string): ServedPage {
  let gzip: Uint8Array | undefined;
  return {
    html,
    get gzip() {
      return (gzip ??= gzipSync(html));
    },
  };
}

export type VisitorPages = {
  /**
   * The page at `key` as last rendered, if it was rendered less than `VISITOR_PAGE_MS` ago; else
   * `render`'s, shared by every request that asks for the same page while it is being rendered.
   */
  serve: (key: string, render: () => Promise<RenderedPage>) => Promise<ServedPage>;
};

export function createVisitorPages({
  ttlMs = VISITOR_PAGE_MS,
  maxChars = VISITOR_PAGES_MAX_CHARS,
  now = () => Date.now(),
}: { ttlMs?: number; maxChars?: number; now?: () => number } = {}): VisitorPages {
  // Oldest first: a Map keeps insertion order, and a page rendered again is inserted anew.
  const cached = new Map<string, { page: ServedPage; renderedAt: number; chars: number }>();
  const rendering = new Map<string, Promise<{ page: ServedPage; isCacheable: boolean }>>();
  let cachedChars = 0;

  const forget = (key: string) => {
    const entry = cached.get(key);
    if (!entry) return;
    cachedChars -= entry.chars;
    cached.delete(key);
  };

  const cache = (key: string, page: ServedPage) => {
    forget(key);
    const chars = key.length + page.html.length + page.gzip.length;
    if (chars > maxChars) return;
    cached.set(key, { page, renderedAt: now(), chars });
    cachedChars += chars;
    for (const oldest of cached.keys()) {
      if (cachedChars <= maxChars) break;
      forget(oldest);
    }
  };

  return {
    async serve(key, render) {
      const entry = cached.get(key);
      if (entry && now() - entry.renderedAt < ttlMs) return entry.page;
      forget(key);
      let pending = rendering.get(key);
      if (!pending) {
        pending = render()
          .then(({ html, isCacheable }) => ({ page: servedPage(html), isCacheable }))
          .finally(() => rendering.delete(key));
        rendering.set(key, pending);
        void pending.then(
          (rendered) => rendered.isCacheable && cache(key, rendered.page),
          () => undefined,
        );
      }
      return (await pending).page;
    },
  };
}
