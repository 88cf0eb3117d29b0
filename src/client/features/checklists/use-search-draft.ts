import { useEffect, useState } from 'react';
import type { UpdateBrowseParams } from './use-browse-params';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box's text. The URL's q is the source of truth; the box holds a draft so typing stays
 * instant, and writes it to the URL a moment after the user stops typing (or at once on Enter).
 */
export function useSearchDraft(q: string, updateParams: UpdateBrowseParams) {
  // When q changes from outside (Back, "Clear all filters", a link), the draft follows, unless it
  // already says the same thing, which keeps a trailing space the user is still typing after their
  // own write lands.
  const [draft, setDraft] = useState(q);
  const [syncedQ, setSyncedQ] = useState(q);
  if (syncedQ !== q) {
    setSyncedQ(q);
    if (draft.trim() !== q) setDraft(q);
  }

  useEffect(() => {
    const next = draft.trim();
    if (next === q) return;
    const timer = window.setTimeout(() => updateParams({ q: next }, { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, q, updateParams]);

  return {
    draft,
    setDraft,
    /** Searches for the draft now. */
    submit: () => {
      const next = draft.trim();
      if (next !== q) updateParams({ q: next }, { replace: true });
    },
    /** Empties the box and the search. */
    clear: () => {
      setDraft('');
      updateParams({ q: '' }, { replace: true });
    },
  };
}
