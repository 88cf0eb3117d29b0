import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { formatShownTotal, isFiltered, type ChecklistCard } from '@/domain/checklists/browse';
import type { BrowseFilters } from '@/client/api/query-keys';
import { browseCountQuery, browseInfiniteQuery, popularTagsQuery } from '@/client/api/checklists';

/**
 * Pages follow each other by cursor, so a list published between two pages does not come back; a
 * list whose likes or uses changed meanwhile can still move into a later page of those orders.
 */
function uniqueById(cards: ChecklistCard[]): ChecklistCard[] {
  const seen = new Set<string>();
  return cards.filter((card) => {
    if (seen.has(card.id)) return false;
    seen.add(card.id);
    return true;
  });
}

/** Browse's results for `filters`, a page at a time, and what the counter above them says. */
export function useBrowseResults(filters: BrowseFilters) {
  const results = useInfiniteQuery({ ...browseInfiniteQuery(filters), placeholderData: keepPreviousData });
  // The tag chips and the first results appear together: chips arriving on their own would push
  // the results, or their loading state, down the page (a layout shift). Tags that fail once are
  // not waited for.
  const popular = useQuery(popularTagsQuery());
  const isFirstLoad = results.isPending || (popular.isPending && popular.failureCount === 0);
  const cards = useMemo(() => uniqueById(results.data?.pages.flatMap((page) => page.checklists) ?? []), [results.data]);
  // The counter's numbers and its "(filtered)" come from the same response: while a new search is
  // in flight the previous response stays on screen, and so does the label that describes it.
  const firstPage = results.data?.pages[0];
  const shownFilters = firstPage?.filters;
  // A new search's first page comes before its count (decision 054): the count is asked for apart,
  // for the search on screen, and gives Y for every page loaded since, so Y stays what it said.
  const isCountApart = firstPage?.total === null;
  const count = useQuery({
    ...browseCountQuery(shownFilters ?? filters),
    enabled: isCountApart && shownFilters !== undefined,
  });
  const counted = isCountApart
    ? (count.data ?? results.data?.pages.findLast((page) => page.total !== null))
    : results.data?.pages.at(-1);
  return {
    results,
    isFirstLoad,
    cards,
    /** Y, or null while the count is on its way. */
    total:
      counted && counted.total !== null ? formatShownTotal({ ...counted, total: counted.total }, cards.length) : null,
    /** Whether the counter keeps room for a count that comes after the cards. */
    isCountApart,
    shownFilters,
    isShownFiltered: shownFilters ? isFiltered(shownFilters) : false,
    searchedFor: firstPage?.searchedFor ?? (isCountApart ? count.data?.searchedFor : null),
  };
}

export type BrowseResults = ReturnType<typeof useBrowseResults>;
