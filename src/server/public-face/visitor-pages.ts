// A visitor's drawn page (decision 025) kept for a few seconds in this process, so a page many
// visitors open at once (the landing page, a list that was just shared) is drawn once, not once
// per visitor. Drawing one costs a process 5–9 ms of CPU and two renders; serving a kept one costs
// what serving the shell does. Decision 029 says why the time is short and what it means.

/** How long a drawn page is served as it was drawn. */
export const VISITOR_PAGE_MS = 10_000;

/** At most this many characters of pages are kept (each is 5–40 KB); the oldest go first. */
export const VISITOR_PAGES_MAX_CHARS = 16 * 1024 * 1024;

/** A page as drawn, and whether it may be served again (only a page wholly drawn may). */
export type DrawnPage = { html: string; isKept: boolean };

export type VisitorPages = {
  /**
   * The page at `key` as last drawn, if it was drawn less than `VISITOR_PAGE_MS` ago; else `draw`'s,
   * shared by every request that asks for the same page while it is being drawn.
   */
  serve: (key: string, draw: () => Promise<DrawnPage>) => Promise<string>;
};

export function createVisitorPages({
  keepMs = VISITOR_PAGE_MS,
  maxChars = VISITOR_PAGES_MAX_CHARS,
  now = () => Date.now(),
}: { keepMs?: number; maxChars?: number; now?: () => number } = {}): VisitorPages {
  // Oldest first: a Map keeps insertion order, and a page drawn again is inserted anew.
  const kept = new Map<string, { html: string; drawnAt: number }>();
  const drawing = new Map<string, Promise<DrawnPage>>();
  let keptChars = 0;

  const forget = (key: string) => {
    const page = kept.get(key);
    if (!page) return;
    keptChars -= page.html.length;
    kept.delete(key);
  };

  const keep = (key: string, html: string) => {
    forget(key);
    if (html.length > maxChars) return;
    kept.set(key, { html, drawnAt: now() });
    keptChars += html.length;
    for (const oldest of kept.keys()) {
      if (keptChars <= maxChars) break;
      forget(oldest);
    }
  };

  return {
    async serve(key, draw) {
      const page = kept.get(key);
      if (page && now() - page.drawnAt < keepMs) return page.html;
      forget(key);
      let pending = drawing.get(key);
      if (!pending) {
        pending = draw().finally(() => drawing.delete(key));
        drawing.set(key, pending);
        void pending.then(
          (drawn) => drawn.isKept && keep(key, drawn.html),
          () => undefined,
        );
      }
      return (await pending).html;
    },
  };
}
