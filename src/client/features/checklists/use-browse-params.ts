import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { BROWSE_VIEWS, defaultOrder, readBrowseFilters, type BrowseView } from '@/domain/checklists/browse';
import type { BrowseFilters } from '@/client/api/query-keys';

type UrlParam = 'q' | 'tag' | 'order' | 'view';
// Defaults are left out of the URL, so /browse is the plain page and every link to it stays short.
// The order's default depends on the search: Best match while one is typed, Newest otherwise.
const urlDefaults: Record<Exclude<UrlParam, 'order'>, string> = { q: '', tag: '', view: 'grid' };

function readFilters(params: URLSearchParams): BrowseFilters {
  return readBrowseFilters({
    q: params.get('q') ?? undefined,
    tag: params.get('tag') ?? undefined,
    order: params.get('order') ?? undefined,
  });
}

function readView(params: URLSearchParams): BrowseView {
  return BROWSE_VIEWS.find((view) => view === params.get('view')) ?? 'grid';
}

export type UpdateBrowseParams = (changes: Partial<Record<UrlParam, string>>, options?: { replace?: boolean }) => void;

/** Browse's filters and view, read from the URL, which is their source of truth, and written back to it. */
export function useBrowseParams() {
  const [searchParams, setSearchParams] = useSearchParams();

  /**
   * Writes some params and drops those back at their default. Typing replaces the history entry
   * (one entry per search, not per keystroke); tag, order and view changes push one, so Back undoes them.
   */
  const updateParams: UpdateBrowseParams = useCallback(
    (changes, options = {}) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes) as [UrlParam, string | undefined][]) {
            if (value === undefined || (key !== 'order' && value === urlDefaults[key])) next.delete(key);
            else next.set(key, value);
          }
          if (next.get('order') === defaultOrder(next.get('q') ?? '')) next.delete('order');
          return next;
        },
        { replace: options.replace ?? false, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  return {
    filters: readFilters(searchParams),
    view: readView(searchParams),
    /** The whole query string, as the address has it. */
    search: searchParams.toString(),
    updateParams,
  };
}
