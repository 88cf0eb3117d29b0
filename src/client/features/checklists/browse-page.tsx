import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Check, LayoutGrid, List, LoaderCircle, Search, X, type LucideIcon } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  BROWSE_ORDER_LABELS,
  BROWSE_ORDERS,
  BROWSE_VIEWS,
  LISTING_ORDERS,
  MAX_SEARCH_LENGTH,
  browseCursorMessages,
  browseMessages,
  defaultOrder,
  formatShownTotal,
  isFiltered,
  readBrowseFilters,
  type BrowseView,
  type ChecklistCard as ChecklistCardData,
} from '@/domain/checklists/browse';
import { Page } from '@/client/components/layout/page';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { LoadError, LoadingState } from '@/client/components/ui/load-states';
import { DeferredOptionSelect } from '@/client/components/ui/deferred-option-select';
import { Spinner } from '@/client/components/ui/spinner';
import { ApiError } from '@/client/lib/api';
import { useAuth } from '@/client/api/use-auth';
import { cn } from '@/client/lib/cn';
import { browseInfiniteQuery, popularTagsQuery } from '@/client/api/checklists';
import type { BrowseFilters } from '@/client/api/query-keys';
import { ChecklistCard } from './checklist-card';
import { paths } from '@/domain/paths';
import { rememberBrowseSearch } from '@/client/lib/last-browse-search';
import { feedPaths, useFeedLink } from '@/client/lib/feed-link';
import { useDocumentTitle } from '@/client/lib/document-head';
import { pageNames } from '@/domain/page-title';

const SEARCH_DEBOUNCE_MS = 300;

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

/**
 * Pages follow each other by cursor, so a list published between two pages does not come back; a
 * list whose likes or uses changed meanwhile can still move into a later page of those orders.
 */
function uniqueById(cards: ChecklistCardData[]): ChecklistCardData[] {
  const seen = new Set<string>();
  return cards.filter((card) => {
    if (seen.has(card.id)) return false;
    seen.add(card.id);
    return true;
  });
}

const sameTag = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function BrowsePage() {
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const view = readView(searchParams);
  const isFilteredView = isFiltered(filters);
  useFeedLink(filters.tag ? feedPaths.tag(filters.tag) : null, `Ticklist: checklists tagged ${filters.tag}`);
  useDocumentTitle(pageNames.browse(filters.tag));
  const search = searchParams.toString();
  useEffect(() => rememberBrowseSearch(search), [search]);

  /**
   * Writes some params and drops those back at their default. Typing replaces the history entry
   * (one entry per search, not per keystroke); tag, order and view changes push one, so Back undoes them.
   */
  const updateParams = useCallback(
    (changes: Partial<Record<UrlParam, string>>, options: { replace?: boolean } = {}) => {
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

  // The URL is the source of truth; the box holds a draft so typing stays instant. When q changes
  // from outside (Back, "Clear all filters", a link), the draft follows, unless it already says the
  // same thing, which keeps a trailing space the user is still typing after their own write lands.
  const [draft, setDraft] = useState(filters.q);
  const [syncedQ, setSyncedQ] = useState(filters.q);
  if (syncedQ !== filters.q) {
    setSyncedQ(filters.q);
    if (draft.trim() !== filters.q) setDraft(filters.q);
  }

  useEffect(() => {
    const next = draft.trim();
    if (next === filters.q) return;
    const timer = window.setTimeout(() => updateParams({ q: next }, { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, filters.q, updateParams]);

  const searchInput = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const orderId = useId();

  const submitSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = draft.trim();
    if (next !== filters.q) updateParams({ q: next }, { replace: true });
  };

  const clearSearch = () => {
    setDraft('');
    updateParams({ q: '' }, { replace: true });
    searchInput.current?.focus();
  };

  const clearFilters = () => {
    setDraft('');
    updateParams({ q: '', tag: '' });
  };

  const results = useInfiniteQuery({ ...browseInfiniteQuery(filters), placeholderData: keepPreviousData });
  // The tag chips and the first results appear together: chips arriving on their own would push
  // the results, or their loading state, down the page (issue 14, layout shift). Tags that fail
  // once are not waited for.
  const popular = useQuery(popularTagsQuery());
  const isFirstLoad = results.isPending || (popular.isPending && popular.failureCount === 0);
  const cards = useMemo(() => uniqueById(results.data?.pages.flatMap((page) => page.checklists) ?? []), [results.data]);
  const lastPage = results.data?.pages.at(-1);
  const total = formatShownTotal(lastPage, cards.length);
  // The counter's numbers and its "(filtered)" come from the same answer: while a new search is in
  // flight the previous answer stays on screen, and so does the label that describes it.
  const shownFilters = results.data?.pages[0]?.filters;
  const isShownFiltered = shownFilters ? isFiltered(shownFilters) : false;
  const searchedFor = results.data?.pages[0]?.searchedFor;
  const isSearching = defaultOrder(filters.q) === 'best';

  return (
    <Page>
      <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          {browseMessages.title}
        </h1>
        {user ? (
          <Button asChild>
            <Link to={paths.create()}>+ Create Checklist</Link>
          </Button>
        ) : null}
      </div>

      <section aria-label="Filters" className="space-y-4">
        <div className="flex flex-col gap-3 md:flex-row md:items-center">
          <form role="search" className="relative flex-1" onSubmit={submitSearch}>
            <label htmlFor={searchId} className="sr-only">
              Search checklists
            </label>
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-slate-400"
            />
            <Input
              ref={searchInput}
              id={searchId}
              type="search"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder="Search checklists..."
              maxLength={MAX_SEARCH_LENGTH}
              autoComplete="off"
              enterKeyHint="search"
              className="pr-11 pl-10 [&::-webkit-search-cancel-button]:appearance-none"
            />
            {draft ? (
              <button
                type="button"
                onClick={clearSearch}
                aria-label="Clear search"
                className="absolute inset-y-0 right-0 flex w-11 cursor-pointer items-center justify-center rounded-r-lg text-slate-400 hover:text-slate-700 dark:hover:text-slate-200"
              >
                <X className="h-4 w-4" aria-hidden />
              </button>
            ) : null}
          </form>

          <div className="flex items-center justify-between gap-3 md:justify-end">
            <div className="flex min-w-0 items-center gap-2">
              <label
                htmlFor={orderId}
                className="text-sm font-medium whitespace-nowrap text-slate-600 dark:text-slate-400"
              >
                Order by
              </label>
              <DeferredOptionSelect
                id={orderId}
                value={filters.order}
                options={isSearching ? BROWSE_ORDERS : LISTING_ORDERS}
                labels={BROWSE_ORDER_LABELS}
                onChange={(order) => updateParams({ order })}
              />
            </div>
            <ViewToggle value={view} onChange={(next) => updateParams({ view: next })} />
          </div>
        </div>

        {isFirstLoad ? null : <TagChips selected={filters.tag} onToggle={(tag) => updateParams({ tag })} />}
      </section>

      {/* Keyed: the first results replace the loading state as new elements, which do not count as
          moved (layout shift) when the tag chips appear above them at the same moment. */}
      <div key={isFirstLoad ? 'first-load' : 'results'}>
        <div className="mt-6 flex min-h-8 flex-wrap items-center gap-x-3 gap-y-1">
          {results.data && !isFirstLoad ? (
            <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
              {`Showing ${cards.length} of ${total} checklists${isShownFiltered ? ' (filtered)' : ''}`}
            </p>
          ) : null}
          {searchedFor && shownFilters ? (
            <p className="w-full text-sm text-slate-600 dark:text-slate-400">
              {browseMessages.searchedFor(shownFilters.q, searchedFor)}
            </p>
          ) : null}
          {isFilteredView ? (
            <Button variant="link" size="sm" className="h-auto px-0" onClick={clearFilters}>
              {browseMessages.clearFilters}
            </Button>
          ) : null}
          {results.isPlaceholderData ? <Spinner className="h-4 w-4" label={browseMessages.loading} /> : null}
        </div>

        <div className="mt-4">
          {isFirstLoad ? (
            <LoadingState label={browseMessages.loading} />
          ) : results.isError && !results.data ? (
            <LoadError className="mx-auto max-w-xl" onRetry={() => void results.refetch()}>
              {browseMessages.failed}
            </LoadError>
          ) : cards.length === 0 ? (
            <Card className="px-6 py-16 text-center">
              <Search className="mx-auto h-10 w-10 text-slate-300 dark:text-slate-600" aria-hidden />
              <p className="mt-4 text-lg font-medium text-slate-900 dark:text-white">{browseMessages.empty}</p>
              {isFilteredView ? (
                <Button variant="secondary" className="mt-6" onClick={clearFilters}>
                  {browseMessages.clearFilters}
                </Button>
              ) : null}
            </Card>
          ) : (
            <div aria-busy={results.isPlaceholderData}>
              <ul
                aria-label="Checklists"
                className={cn(
                  'transition-opacity',
                  results.isPlaceholderData && 'opacity-60',
                  view === 'grid' ? 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3' : 'flex flex-col gap-4',
                )}
              >
                {cards.map((checklist) => (
                  <li key={checklist.id} className="min-w-0">
                    <ChecklistCard checklist={checklist} view={view} />
                  </li>
                ))}
              </ul>

              {results.isFetchNextPageError && isStaleCursor(results.error) ? (
                // Load more's cursor was refused (one made before the server was upgraded, say):
                // trying again starts the search over from its first page, with fresh cursors.
                <LoadError className="mx-auto mt-8 max-w-xl" onRetry={() => void results.refetch()}>
                  {browseCursorMessages.invalid}
                </LoadError>
              ) : results.isFetchNextPageError ? (
                <LoadError className="mx-auto mt-8 max-w-xl" onRetry={() => void results.fetchNextPage()}>
                  {browseMessages.failed}
                </LoadError>
              ) : results.hasNextPage && !results.isPlaceholderData ? (
                <div className="mt-10 flex justify-center">
                  <Button
                    variant="secondary"
                    size="lg"
                    onClick={() => void results.fetchNextPage()}
                    disabled={results.isFetchingNextPage}
                  >
                    {results.isFetchingNextPage ? (
                      <>
                        <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden />
                        Loading...
                      </>
                    ) : (
                      'Load more'
                    )}
                  </Button>
                </div>
              ) : null}
            </div>
          )}
        </div>
      </div>
    </Page>
  );
}

const viewButtons: { view: BrowseView; label: string; icon: LucideIcon }[] = [
  { view: 'grid', label: 'Grid view', icon: LayoutGrid },
  { view: 'list', label: 'List view', icon: List },
];

function ViewToggle({ value, onChange }: { value: BrowseView; onChange: (view: BrowseView) => void }) {
  return (
    <div
      role="group"
      aria-label="View"
      className="inline-flex shrink-0 rounded-lg bg-white p-1 ring-1 ring-slate-300 dark:bg-slate-900 dark:ring-slate-700"
    >
      {viewButtons.map(({ view, label, icon: Icon }) => {
        const isActive = view === value;
        return (
          <button
            key={view}
            type="button"
            aria-label={label}
            title={label}
            aria-pressed={isActive}
            onClick={() => {
              if (!isActive) onChange(view);
            }}
            className={cn(
              'flex h-9 w-9 cursor-pointer items-center justify-center rounded-md transition-colors',
              isActive
                ? 'bg-brand-600 text-white shadow-sm'
                : 'text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white',
            )}
          >
            <Icon className="h-5 w-5" aria-hidden />
          </button>
        );
      })}
    </div>
  );
}

function TagChips({ selected, onToggle }: { selected: string; onToggle: (tag: string) => void }) {
  const popular = useQuery(popularTagsQuery());
  const tags = popular.data?.tags.map((entry) => entry.tag) ?? [];
  // A tag picked elsewhere (a link, or one that has since left the top 20) still gets a chip,
  // so the filter it applies is visible and can be switched off here.
  if (selected && !tags.some((tag) => sameTag(tag, selected))) tags.unshift(selected);
  if (tags.length === 0) return null;

  return (
    <div role="group" aria-label="Filter by tag" className="flex flex-wrap gap-2">
      {tags.map((tag) => {
        const isSelected = selected !== '' && sameTag(tag, selected);
        return (
          <button
            key={tag}
            type="button"
            aria-pressed={isSelected}
            onClick={() => onToggle(isSelected ? '' : tag)}
            className={cn(
              'inline-flex h-8 cursor-pointer items-center gap-1 rounded-full px-3 text-sm font-medium ring-1 transition-colors ring-inset',
              isSelected
                ? 'bg-brand-600 text-white ring-brand-600 hover:bg-brand-700'
                : 'bg-white text-slate-700 ring-slate-200 hover:bg-brand-50 hover:text-brand-700 hover:ring-brand-200 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-700 dark:hover:bg-slate-800 dark:hover:text-white',
            )}
          >
            {isSelected ? <Check className="h-3.5 w-3.5" aria-hidden /> : null}
            {tag}
          </button>
        );
      })}
    </div>
  );
}

/** The API refused the page's cursor (400): asking with it again would be refused again. */
function isStaleCursor(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400;
}
