import { z } from 'zod';
import {
  cursorCountSchema,
  cursorIdSchema,
  cursorTextSchema,
  cursorTimeSchema,
  decodeCursor,
  nextCursorSchema,
  pageLimitSchema,
} from '../paging';
import { holdFieldSchema } from '../moderation/holds';
import { DIFFICULTIES } from './checklist-view';
import { CHECKLIST_VISIBILITIES } from './visibility';

/** One of the user's own lists as the account page's "My Lists" shows it. */
export const ownChecklistSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  isPublic: z.boolean(),
  visibility: z.enum(CHECKLIST_VISIBILITIES),
  itemCount: z.number().int(),
  uses: z.number().int(),
  rating: z.number().nullable(),
  estimatedTime: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  tags: z.array(z.string()),
  createdAt: z.string(),
  /** Set when the moderators hid the list (`visibility` is then the author's own choice, held). */
  hold: holdFieldSchema,
});
export type OwnChecklist = z.infer<typeof ownChecklistSchema>;

// The account page's sort options and visibility filters.
export const OWN_LIST_SORTS = ['newest', 'oldest', 'most-used', 'title'] as const;
export type OwnListSort = (typeof OWN_LIST_SORTS)[number];
export const ownListSortLabels: Record<OwnListSort, string> = {
  newest: 'Newest',
  oldest: 'Oldest',
  'most-used': 'Most used',
  title: 'Title (A-Z)',
};
// The spec's three, and the third visibility's own (decision 024).
export const OWN_LIST_FILTERS = ['all', 'public', 'private', 'unlisted'] as const;
export type OwnListFilter = (typeof OWN_LIST_FILTERS)[number];
export const ownListFilterLabels: Record<OwnListFilter, string> = {
  all: 'Show All',
  public: 'Public',
  private: 'Private',
  unlisted: 'Anyone with the link',
};
/** What My Lists says when the chosen filter leaves no list. */
export const ownListFilterEmpty: Record<OwnListFilter, string> = {
  all: 'No lists.',
  public: 'No public lists.',
  private: 'No private lists.',
  unlisted: 'No lists shared by link only.',
};

/** Created-list rows show 2 tags. */
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

/** The visibility confirmation shows for 3 seconds. */
export const VISIBILITY_MESSAGE_MS = 3000;

/** My Lists comes a page at a time, sorted and filtered by the server. */
export const OWN_LISTS_PAGE_SIZE = 30;
export const MAX_OWN_LISTS_PAGE_SIZE = 100;

export const ownListsQuerySchema = z.object({
  sort: z.enum(OWN_LIST_SORTS, { error: `sort must be one of: ${OWN_LIST_SORTS.join(', ')}.` }).default('newest'),
  filter: z.enum(OWN_LIST_FILTERS, { error: `filter must be one of: ${OWN_LIST_FILTERS.join(', ')}.` }).default('all'),
  cursor: z.string().max(600).optional(),
  limit: /* @__PURE__ */ pageLimitSchema(OWN_LISTS_PAGE_SIZE, MAX_OWN_LISTS_PAGE_SIZE),
});
export type OwnListsQuery = z.infer<typeof ownListsQuerySchema>;

/**
 * The account page's summary tiles, over all of the user's lists whatever the filter: total lists, total
 * uses and the most popular title (most uses, the newest wins a tie; none while nothing is used).
 */
export const ownListsSummarySchema = z.object({
  totalLists: z.number().int(),
  totalUses: z.number().int(),
  mostPopularTitle: z.string().nullable(),
});

export const ownChecklistsSchema = z.object({
  checklists: z.array(ownChecklistSchema),
  summary: ownListsSummarySchema,
  nextCursor: nextCursorSchema,
});
export type OwnChecklistsPage = z.infer<typeof ownChecklistsSchema>;

/**
 * Where the next page starts: the last row's sort key, for the sort and filter it was made for.
 * Each sort ends with the creation time (to the microsecond) and id, so the order is total. Each
 * part is checked by value (`@/domain/paging`): it reaches PostgreSQL as a parameter.
 */
const timeKey = cursorTimeSchema;
const idKey = cursorIdSchema;
export const ownListsCursorSchema = z.discriminatedUnion('s', [
  z.object({ s: z.literal('newest'), f: z.enum(OWN_LIST_FILTERS), k: z.tuple([timeKey, idKey]) }),
  z.object({ s: z.literal('oldest'), f: z.enum(OWN_LIST_FILTERS), k: z.tuple([timeKey, idKey]) }),
  z.object({ s: z.literal('most-used'), f: z.enum(OWN_LIST_FILTERS), k: z.tuple([cursorCountSchema, timeKey, idKey]) }),
  z.object({
    s: z.literal('title'),
    f: z.enum(OWN_LIST_FILTERS),
    k: z.tuple([/* @__PURE__ */ cursorTextSchema(400), timeKey, idKey]),
  }),
]);
export type OwnListsCursor = z.infer<typeof ownListsCursorSchema>;

/** The cursor a client sent, if it is one of ours for this sort and filter; null otherwise. */
export function decodeOwnListsCursor(text: string, query: Pick<OwnListsQuery, 'sort' | 'filter'>) {
  const cursor = decodeCursor(text, ownListsCursorSchema);
  return cursor && cursor.s === query.sort && cursor.f === query.filter ? cursor : null;
}
