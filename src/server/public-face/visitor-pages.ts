import { gzipSync } from 'node:zlib';

// A visitor's drawn page (decision 025) kept for a few seconds in this process, so a page many
// visitors open at once (the landing page, a list that was just shared) is drawn once, not once
// per visitor. Drawing one costs a process 5–9 ms of CPU and two renders; serving a kept one costs
// what serving the shell does. Decision 029 says why the time is short and what it means.

/** How long a drawn page is served as it was drawn. */
export const VISITOR_PAGE_MS = 10_000;

/**
 * At most this many characters (and bytes of their compressed copies) of pages and their keys are
 * kept (a page is 5–40 KB); the oldest go first.
 */
export const VISITOR_PAGES_MAX_CHARS = 16 * 1024 * 1024;

/**
 * Which kept page an address is. Only Browse draws from its query (its search, tag and order); a
 * list, a profile or the landing page is the same page whatever query a shared link carries
 * (`?fbclid=…`), so such links do not each draw and keep a page of their own.
 */
export function visitorPageKey(url: URL): string {
  if (url.pathname !== '/browse') return url.pathname;
  const params = [...url.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `/browse?${new URLSearchParams(params).toString()}`;
}

/** A page as drawn, and whether it may be served again (only a page wholly drawn may). */
export type DrawnPage = { html: string; isKept: boolean };

/**
 * A page as served: its HTML, and the same gzip-compressed for every client that accepts it, made
 * when first asked for and then kept (a signed-in page served to a client that takes no gzip is
 * never compressed; a kept visitor's page is compressed once, when the store weighs it).
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
   * The page at `key` as last drawn, if it was drawn less than `VISITOR_PAGE_MS` ago; else `draw`'s,
   * shared by every request that asks for the same page while it is being drawn.
   */
  serve: (key: string, draw: () => Promise<DrawnPage>) => Promise<ServedPage>;
};

export function createVisitorPages({
  keepMs = VISITOR_PAGE_MS,
  maxChars = VISITOR_PAGES_MAX_CHARS,
  now = () => Date.now(),
}: { keepMs?: number; maxChars?: number; now?: () => number } = {}): VisitorPages {
  // Oldest first: a Map keeps insertion order, and a page drawn again is inserted anew.
  const kept = new Map<string, { page: ServedPage; drawnAt: number; chars: number }>();
  const drawing = new Map<string, Promise<{ page: ServedPage; isKept: boolean }>>();
  let keptChars = 0;

  const forget = (key: string) => {
    const entry = kept.get(key);
    if (!entry) return;
    keptChars -= entry.chars;
    kept.delete(key);
  };

  const keep = (key: string, page: ServedPage) => {
    forget(key);
    const chars = key.length + page.html.length + page.gzip.length;
    if (chars > maxChars) return;
    kept.set(key, { page, drawnAt: now(), chars });
    keptChars += chars;
    for (const oldest of kept.keys()) {
      if (keptChars <= maxChars) break;
      forget(oldest);
    }
  };

  return {
    async serve(key, draw) {
      const entry = kept.get(key);
      if (entry && now() - entry.drawnAt < keepMs) return entry.page;
      forget(key);
      let pending = drawing.get(key);
      if (!pending) {
        pending = draw()
          .then(({ html, isKept }) => ({ page: servedPage(html), isKept }))
          .finally(() => drawing.delete(key));
        drawing.set(key, pending);
        void pending.then(
          (drawn) => drawn.isKept && keep(key, drawn.page),
          () => undefined,
        );
      }
      return (await pending).page;
    },
  };
}
