import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import {
  BROWSE_ORDER_LABELS,
  BROWSE_ORDERS,
  LISTING_ORDERS,
  browseMessages,
  defaultOrder,
  isFiltered,
} from '@/domain/checklists/browse';
import { offlineMessages } from '@/domain/offline-messages';
import { pageNames } from '@/domain/page-title';
import { paths } from '@/domain/paths';
import { Page } from '@/client/components/layout/page';
import { Button } from '@/client/components/ui/button';
import { DeferredOptionSelect } from '@/client/components/ui/deferred-option-select';
import { Spinner } from '@/client/components/ui/spinner';
import { useDocumentTitle } from '@/client/lib/document-head';
import { feedPaths, useFeedLink } from '@/client/lib/feed-link';
import { rememberBrowseSearch } from '@/client/lib/last-browse-search';
import { useIsOnline } from '@/client/lib/offline/status';
import { useAuth } from '@/client/api/use-auth';
import { BrowseSearchForm, TagChips, ViewToggle } from './browse-controls';
import { BrowseCounter, BrowseResults } from './browse-results';
import { useBrowseParams } from './use-browse-params';
import { useBrowseResults } from './use-browse-results';
import { useSearchDraft } from './use-search-draft';

/** /browse: every public list, searched, filtered by tag, ordered, in a grid or a list. */
export function BrowsePage() {
  const { user } = useAuth();
  const { filters, view, search, updateParams } = useBrowseParams();
  const isFilteredView = isFiltered(filters);
  useFeedLink(filters.tag ? feedPaths.tag(filters.tag) : null, `Ticklist: checklists tagged ${filters.tag}`);
  useDocumentTitle(pageNames.browse(filters.tag));
  useEffect(() => rememberBrowseSearch(search), [search]);

  const searchDraft = useSearchDraft(filters.q, updateParams);
  const orderId = useId();
  const clearFilters = () => {
    searchDraft.setDraft('');
    updateParams({ q: '', tag: '' });
  };

  const shown = useBrowseResults(filters);
  const { results, isFirstLoad, shownFilters, searchedFor } = shown;
  const isSearching = defaultOrder(filters.q) === 'best';
  const isOnline = useIsOnline();

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
          <BrowseSearchForm
            draft={searchDraft.draft}
            onDraftChange={searchDraft.setDraft}
            onSubmit={searchDraft.submit}
            onClear={searchDraft.clear}
          />

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

      {/* Searching and listing ask the server each time: offline, the page says so where results would be. */}
      {isOnline ? null : (
        <p
          role="status"
          className="mt-6 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm font-medium text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {offlineMessages.browseNeedsConnection}
        </p>
      )}
      {/* Keyed: the first results replace the loading state as new elements, which do not count as
          moved (layout shift) when the tag chips appear above them at the same moment. */}
      <div key={isFirstLoad ? 'first-load' : 'results'} hidden={!isOnline}>
        <div className="mt-6 flex min-h-8 flex-wrap items-center gap-x-3 gap-y-1">
          {results.data && !isFirstLoad ? <BrowseCounter results={shown} /> : null}
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
          <BrowseResults results={shown} view={view} />
        </div>
      </div>
    </Page>
  );
}
