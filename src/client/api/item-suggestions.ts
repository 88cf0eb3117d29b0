import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ItemSuggestionsInput, itemSuggestionsSchema } from '@/domain/checklists/item-suggestions';
import { apiRequest } from '@/client/lib/api';
import { itemSuggestionKeys } from './query-keys';

/**
 * "Lists like this usually include…" for a list as written so far. The same draft is asked once a
 * minute at most; a draft left behind (the user typed on, or left the page) has its request
 * cancelled. Suggestions are optional: a failure is not retried and shows nothing.
 */
export const itemSuggestionsQuery = (draft: ItemSuggestionsInput, isEnabled: boolean) =>
  queryOptions({
    queryKey: itemSuggestionKeys.draft(draft),
    queryFn: ({ signal }) =>
      apiRequest<typeof itemSuggestionsSchema>('/api/checklists/suggestions', { method: 'POST', body: draft, signal }),
    enabled: isEnabled,
    staleTime: 60_000,
    retry: false,
    // While the next draft's suggestions load, the last ones stay: the chips do not blink out and back.
    placeholderData: keepPreviousData,
  });
