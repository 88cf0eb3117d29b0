import { z } from 'zod';
import { withoutNul } from '../text';
import { DIFFICULTIES } from './checklist-view';

// Spec §2.3 and §9: browse orders, page size, and what a card shows.
export const BROWSE_ORDERS = ['newest', 'most-used', 'most-liked'] as const;
export type BrowseOrder = (typeof BROWSE_ORDERS)[number];
export const BROWSE_ORDER_LABELS: Record<BrowseOrder, string> = {
  newest: 'Newest',
  'most-used': 'Most Used',
  'most-liked': 'Most Liked',
};
export const BROWSE_VIEWS = ['grid', 'list'] as const;
export type BrowseView = (typeof BROWSE_VIEWS)[number];
export const BROWSE_PAGE_SIZE = 12;
export const MAX_SEARCH_LENGTH = 100;
/** Spec §9: cards show at most 3 tags in grid view, then "+N MORE". */
export const GRID_CARD_TAG_LIMIT = 3;

export const browseMessages = {
  title: 'Browse Checklists',
  loading: 'Loading checklists...',
  empty: 'No checklists found matching your criteria',
  failed: 'Failed to load checklists. Please try again later.',
  tryAgain: 'Try again',
  clearFilters: 'Clear all filters',
} as const;

/** The browse URL's parameters as they arrive (all optional text), as the API documents them. */
export const browseParamsSchema = z.object({
  q: z.string().optional(),
  tag: z.string().optional(),
  order: z.string().optional(),
  page: z.string().optional(),
});

/** The browse request; anything unknown falls back to a default instead of failing the page. */
export const browseQuerySchema = z.object({
  q: z.string().trim().max(MAX_SEARCH_LENGTH).transform(withoutNul).catch('').default(''),
  tag: z.string().trim().max(30).transform(withoutNul).catch('').default(''),
  order: z.enum(BROWSE_ORDERS).catch('newest').default('newest'),
  page: z.coerce.number().int().min(0).max(10_000).catch(0).default(0),
});
export type BrowseQuery = z.infer<typeof browseQuerySchema>;

export const checklistCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  author: z.string(),
  authorAvatar: z.string(),
  authorUsername: z.string().nullable(),
  tags: z.array(z.string()),
  estimatedTime: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  uses: z.number().int(),
  likes: z.number().int(),
  clones: z.number().int(),
  itemsCount: z.number().int(),
  createdAt: z.string(),
});
export type ChecklistCard = z.infer<typeof checklistCardSchema>;

export const browsePageSchema = z.object({
  checklists: z.array(checklistCardSchema),
  /** Y of "Showing X of Y checklists": every list that matches. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type BrowsePage = z.infer<typeof browsePageSchema>;

export const tagCountSchema = z.object({ tag: z.string(), count: z.number().int() });
export const popularTagsSchema = z.object({ tags: z.array(tagCountSchema) });

/**
 * Turns what the user typed into prefix terms for a tsquery ("camp ten" → camp:* & ten:*).
 * Only letters (with their combining marks) and digits survive, so the result can never be a
 * malformed query.
 */
export function searchTerms(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).slice(0, 8);
}

export function isFiltered(query: Pick<BrowseQuery, 'q' | 'tag'>): boolean {
  return query.q.trim() !== '' || query.tag.trim() !== '';
}

/** The tags a grid card shows, and how many more it has. */
export function visibleTags(tags: string[], limit = GRID_CARD_TAG_LIMIT): { shown: string[]; more: number } {
  return { shown: tags.slice(0, limit), more: Math.max(0, tags.length - limit) };
}
