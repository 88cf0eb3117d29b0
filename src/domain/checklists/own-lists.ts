import { z } from 'zod';
import { DIFFICULTIES } from './checklist-view';

/** One of the user's own lists as the account page's "My Lists" shows it (spec §2.10). */
export const ownChecklistSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  isPublic: z.boolean(),
  itemCount: z.number().int(),
  uses: z.number().int(),
  rating: z.number().nullable(),
  estimatedTime: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  tags: z.array(z.string()),
  createdAt: z.string(),
});
export type OwnChecklist = z.infer<typeof ownChecklistSchema>;
export const ownChecklistsSchema = z.object({ checklists: z.array(ownChecklistSchema) });

// Spec §9: the account page's sort options and visibility filters.
export const OWN_LIST_SORTS = ['newest', 'oldest', 'most-used', 'title'] as const;
export type OwnListSort = (typeof OWN_LIST_SORTS)[number];
export const ownListSortLabels: Record<OwnListSort, string> = {
  newest: 'Newest',
  oldest: 'Oldest',
  'most-used': 'Most used',
  title: 'Title (A-Z)',
};
export const OWN_LIST_FILTERS = ['all', 'public', 'private'] as const;
export type OwnListFilter = (typeof OWN_LIST_FILTERS)[number];
export const ownListFilterLabels: Record<OwnListFilter, string> = {
  all: 'Show All',
  public: 'Public',
  private: 'Private',
};

/** Spec §9: created-list rows show 2 tags. */
export const OWN_LIST_ROW_TAGS = 2;

export const ownListMessages = {
  empty: "You haven't created any lists yet.",
  createFirst: 'Create Your First List',
  create: '+ Create Checklist',
  loadFailed: 'Failed to load created lists',
  deleteText: 'This action cannot be undone and will permanently remove the checklist.',
  makePrivateText: 'Private checklists are only visible to you.',
  makePublicText: 'Public checklists can be discovered and used by other users.',
  deleteFailed: 'Failed to delete checklist',
  bulkDeleteTitle: (count: number) => `Delete ${count} checklist(s)?`,
  selected: (count: number) => `${count} selected`,
  visibilityFailed: (message: string) => `Failed to update checklist visibility: ${message}`,
  nowVisible: (title: string, isPublic: boolean) => `List "${title}" is now ${isPublic ? 'public' : 'private'}`,
} as const;

/** Spec §9: the visibility confirmation shows for 3 seconds. */
export const VISIBILITY_MESSAGE_MS = 3000;

export function arrangeOwnLists(lists: readonly OwnChecklist[], sort: OwnListSort, filter: OwnListFilter) {
  const shown = lists.filter((list) => filter === 'all' || list.isPublic === (filter === 'public'));
  const byNewest = (a: OwnChecklist, b: OwnChecklist) => b.createdAt.localeCompare(a.createdAt);
  const compare: Record<OwnListSort, (a: OwnChecklist, b: OwnChecklist) => number> = {
    newest: byNewest,
    oldest: (a, b) => -byNewest(a, b),
    'most-used': (a, b) => b.uses - a.uses || byNewest(a, b),
    title: (a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }) || byNewest(a, b),
  };
  return [...shown].sort(compare[sort]);
}

/** Spec §2.10: total lists, total uses and the most popular title (most uses; the newest wins a tie). */
export function summariseOwnLists(lists: readonly OwnChecklist[]) {
  const [mostPopular] = arrangeOwnLists(lists, 'most-used', 'all');
  return {
    totalLists: lists.length,
    totalUses: lists.reduce((sum, list) => sum + list.uses, 0),
    mostPopularTitle: mostPopular && mostPopular.uses > 0 ? mostPopular.title : null,
  };
}
