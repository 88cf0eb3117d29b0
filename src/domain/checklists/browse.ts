import { z } from 'zod';
import {
  cursorCountSchema,
  cursorIdSchema,
  cursorTextSchema,
  decodeCursor,
  encodeCursor,
  timestampSchema,
} from '../paging';
import { DIFFICULTIES } from './checklist-view';

// Browse's orders, page size, and what a card shows. "Best match" (decision 018)
// is offered beside the spec's three while a search is typed, and is then the default.
export const BROWSE_ORDERS = ['best', 'newest', 'most-used', 'most-liked'] as const;
export type BrowseOrder = (typeof BROWSE_ORDERS)[number];
/** The spec's orders: all that is offered when nothing is searched for. */
export const LISTING_ORDERS = ['newest', 'most-used', 'most-liked'] as const satisfies readonly BrowseOrder[];
export const BROWSE_ORDER_LABELS: Record<BrowseOrder, string> = {
  best: 'Best match',
  newest: 'Newest',
  'most-used': 'Most Used',
  'most-liked': 'Most Liked',
};
/** A search counts its matches exactly up to this many; past it, "Showing 12 of 1,000+ checklists". */
export const SEARCH_COUNT_CAP = 1000;
export const BROWSE_VIEWS = ['grid', 'list'] as const;
export type BrowseView = (typeof BROWSE_VIEWS)[number];
export const BROWSE_PAGE_SIZE = 12;
export const MAX_SEARCH_LENGTH = 100;
/** Cards show at most 3 tags in grid view, then "+N MORE". */
export const GRID_CARD_TAG_LIMIT = 3;

export const browseMessages = {
  title: 'Browse Checklists',
  loading: 'Loading checklists...',
  empty: 'No checklists found matching your criteria',
  failed: 'Failed to load checklists. Please try again later.',
  tryAgain: 'Try again',
  clearFilters: 'Clear all filters',
  /** Decision 018: nothing matched what was typed, so near spellings were searched for. */
  searchedFor: (typed: string, searched: string) =>
    `No checklists matched "${typed}". Showing results for "${searched}".`,
} as const;

/** The browse URL's parameters as they arrive (all optional text), as the API documents them. */
export const browseParamsSchema = z.object({
  q: z.string().optional(),
  tag: z.string().optional(),
  order: z.string().optional(),
  page: z.string().optional(),
  cursor: z.string().optional(),
});

/** Search input is never refused, only cleaned: PostgreSQL text cannot hold NUL. */
export function withoutNul(value: string): string {
  return value.replaceAll('\0', '');
}

/** The order a browse request gets when it names none (or "best" with nothing to match). */
export function defaultOrder(q: string): BrowseOrder {
  return searchTerms(q).length > 0 ? 'best' : 'newest';
}

/**
 * The browse request; anything unknown falls back to a default instead of failing the page. The
 * order defaults to Best match while a search is typed, Newest otherwise. `page` (offset paging)
 * is kept for older clients; `cursor` (from the previous response's `nextCursor`) is what Load more
 * sends, and wins when both are given.
 */
export const browseQuerySchema = z
  .object({
    q: z.string().trim().max(MAX_SEARCH_LENGTH).transform(withoutNul).catch('').default(''),
    tag: z.string().trim().max(30).transform(withoutNul).catch('').default(''),
    order: z.enum(BROWSE_ORDERS).optional().catch(undefined),
    page: z.coerce.number().int().min(0).max(10_000).catch(0).default(0),
    cursor: z.string().optional().catch(undefined),
  })
  .transform(({ order, ...query }) => ({
    ...query,
    order:
      order === undefined || (order === 'best' && defaultOrder(query.q) !== 'best') ? defaultOrder(query.q) : order,
  }));
export type BrowseQuery = z.infer<typeof browseQuerySchema>;

/**
 * What Browse's address asks for (q, tag, order), read as `browseQuerySchema` reads it, in plain
 * code: the page reads its address before anything else, and zod stays out of its first load.
 * browse.test.ts holds the two to the same results.
 */
export function readBrowseFilters(params: {
  q?: string;
  tag?: string;
  order?: string;
}): Pick<BrowseQuery, 'q' | 'tag' | 'order'> {
  const text = (value: string | undefined, max: number) => {
    const trimmed = (value ?? '').trim();
    return trimmed.length > max ? '' : withoutNul(trimmed);
  };
  const q = text(params.q, MAX_SEARCH_LENGTH);
  const order = BROWSE_ORDERS.find((known) => known === params.order);
  return {
    q,
    tag: text(params.tag, 30),
    order: order === undefined || (order === 'best' && defaultOrder(q) !== 'best') ? defaultOrder(q) : order,
  };
}

/**
 * Best match's tiers (decision 027), best first: every typed word in the title, then in title or
 * tags, then in title, tags or description, then anywhere; at each, whole words (or their forms)
 * before mere prefixes. Within a tier, newest first.
 */
export const BEST_MATCH_TIER_COUNT = 8;

/**
 * Where the next page starts (keyset paging): the order it belongs to and the last card's sort key,
 * e.g. ["2026-01-01T10:00:00.123456+00:00", "<id>"] for newest; a count (most used, most liked) or
 * the tier (best match, 0 first) comes first for the others. A best-match cursor from before the
 * tiers carried a fractional score and is refused like any cursor that is not ours. The server
 * signs its cursors, and still checks each part by value (`@/domain/paging`): it reaches
 * PostgreSQL as a parameter, and a signature proves who made a cursor, not that it is right.
 */
const createdAtKey = timestampSchema;
const idKey = cursorIdSchema;
/** The longest cursor the server hands out or reads (server/browse/signed-cursors.ts). */
export const BROWSE_CURSOR_MAX_LENGTH = 1000;

/**
 * What a search's first page counted, carried by its cursor so the later pages do not count again
 * (decision 018): Y of "Showing X of Y" (`t`, and `c` when it is the cap), the words searched for
 * instead of the typed ones (`f`, when near spellings were), whether the matches passed the cap
 * (`m`, which tells Best match's tiers how to read) and whether they are so few among all public
 * lists that a page gathers them first (`g`, for the other orders). Cursors are signed by the server
 * (server/browse/signed-cursors.ts), so a client cannot change what it says.
 */
const searchStateSchema = z.object({
  t: cursorCountSchema,
  c: z.boolean(),
  f: z.array(/* @__PURE__ */ cursorTextSchema(MAX_SEARCH_LENGTH, 1)).min(1).max(8).nullable(),
  m: z.boolean(),
  g: z.boolean(),
});
export type SearchState = z.infer<typeof searchStateSchema>;
/**
 * What Best match's later pages read their tiers with, as a page before read them: the tsquery of
 * the words searched for as whole words, and whether every word is one a public list's title or
 * tag has. Not
 * their prefixes' tsquery, which names the lexemes a word begins in any list, private ones too
 * (decision 034): the page makes it again. `p` is what cursors made before that carried; it is
 * ignored.
 */
const bestMatchWordsSchema = z.object({
  w: /* @__PURE__ */ cursorTextSchema(BROWSE_CURSOR_MAX_LENGTH),
  p: z.optional(z.string().max(BROWSE_CURSOR_MAX_LENGTH)),
  x: z.boolean(),
});
export type BestMatchWords = z.infer<typeof bestMatchWordsSchema>;
export const browseCursorSchema = z.discriminatedUnion('o', [
  z.object({ o: z.literal('newest'), k: z.tuple([createdAtKey, idKey]), s: z.optional(searchStateSchema) }),
  z.object({
    o: z.literal('most-used'),
    k: z.tuple([cursorCountSchema, createdAtKey, idKey]),
    s: z.optional(searchStateSchema),
  }),
  z.object({
    o: z.literal('most-liked'),
    k: z.tuple([cursorCountSchema, createdAtKey, idKey]),
    s: z.optional(searchStateSchema),
  }),
  z.object({
    o: z.literal('best'),
    s: z.optional(searchStateSchema),
    q: z.optional(bestMatchWordsSchema),
    k: z.tuple([
      z
        .number()
        .int()
        .min(0)
        .max(BEST_MATCH_TIER_COUNT - 1),
      createdAtKey,
      idKey,
    ]),
  }),
]);
export type BrowseCursor = z.infer<typeof browseCursorSchema>;

export const browseCursorMessages = { invalid: 'This page of results is no longer valid. Please reload.' } as const;

export function encodeBrowseCursor(cursor: BrowseCursor): string {
  return encodeCursor(cursor);
}

/** The cursor a client sent, if it is one of ours for this order; null otherwise. */
export function decodeBrowseCursor(text: string, order: BrowseOrder): BrowseCursor | null {
  const cursor = decodeCursor(text, browseCursorSchema);
  return cursor?.o === order ? cursor : null;
}

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
  /**
   * Y of "Showing X of Y checklists": every list that matches, exact from counters maintained by the
   * database; for a search, exact up to SEARCH_COUNT_CAP, and then `totalCapped` says there are more.
   * Null on a search's first page whose count is not known yet: ask for it at
   * `/api/checklists/count` (decision 054).
   */
  total: z.number().int().nullable(),
  totalCapped: z.boolean(),
  /** When nothing matched what was typed: the words searched for instead ("campng" → "camping"). */
  searchedFor: z.string().nullable(),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
  /** Send as `cursor` for the next page (null on the last). */
  nextCursor: z.string().nullable(),
});
export type BrowsePage = z.infer<typeof browsePageSchema>;

// Named one by one, so the schema below reads no property while the module loads: a schema the page
// does not use then stays out of its bundle (the build treats `z` calls as pure, not property reads).
const noWordsMessage = 'Type a word to search for.';
const tooLongMessage = `A search is at most ${MAX_SEARCH_LENGTH} characters.`;
const tagTooLongMessage = 'A tag is at most 30 characters.';
const orderMessage = 'Order by one of: best, newest, most-used, most-liked.';
export const searchCountMessages = {
  noWords: noWordsMessage,
  tooLong: tooLongMessage,
  tagTooLong: tagTooLongMessage,
  order: orderMessage,
} as const;

/**
 * What the count of a search is asked with (decision 054): Browse's own parameters, for a search a
 * first page was sent without its count. Unlike Browse's, which fall back to a default, each is
 * refused with its message when it is not one Browse would send: without words there is nothing
 * to count apart.
 */
export const searchCountParamsSchema = z.object({
  q: z
    .string({ error: noWordsMessage })
    .trim()
    .max(MAX_SEARCH_LENGTH, tooLongMessage)
    .refine((q) => searchTerms(q).length > 0, noWordsMessage),
  tag: z.string().trim().max(30, tagTooLongMessage).optional(),
  order: z.enum(BROWSE_ORDERS, { error: orderMessage }).optional(),
});

/** The Browse request whose first page a count belongs to. */
export function searchCountQuery({ q, tag, order }: z.infer<typeof searchCountParamsSchema>): BrowseQuery {
  const words = withoutNul(q);
  return { q: words, tag: withoutNul(tag ?? ''), order: order ?? defaultOrder(words), page: 0 };
}

/** A search's count: Y of "Showing X of Y checklists", and the words searched for instead, if any. */
export const searchCountSchema = z.object({
  total: z.number().int(),
  totalCapped: z.boolean(),
  searchedFor: z.string().nullable(),
});
export type SearchCount = z.infer<typeof searchCountSchema>;

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

/** "1,000+" or "42": Y of the counter. */
export function formatTotal(total: number, capped: boolean): string {
  return `${total.toLocaleString('en-US')}${capped ? '+' : ''}`;
}

/**
 * Y of "Showing X of Y" with X cards shown: never less than X. A search's later pages keep the Y
 * its first page counted (decision 018), and lists published meanwhile may still come on them.
 */
export function formatShownTotal(page: { total: number; totalCapped: boolean } | undefined, shown: number): string {
  return formatTotal(Math.max(page?.total ?? 0, shown), page?.totalCapped ?? false);
}

/** The counter above Browse's results: "Showing X of Y checklists", and "(filtered)" when filtered. */
export function showingMessage(shown: number, total: string, isFiltered: boolean): string {
  return `Showing ${shown} of ${total} checklists${isFiltered ? ' (filtered)' : ''}`;
}

/** The counter while a search's count is on its way: the same line, with room kept for Y. */
export const showingPendingMessage = (shown: number) => `Showing ${shown} of …`;

export function isFiltered(query: Pick<BrowseQuery, 'q' | 'tag'>): boolean {
  return query.q.trim() !== '' || query.tag.trim() !== '';
}

/** The tags a grid card shows, and how many more it has. */
export function visibleTags(tags: string[], limit = GRID_CARD_TAG_LIMIT): { shown: string[]; more: number } {
  return { shown: tags.slice(0, limit), more: Math.max(0, tags.length - limit) };
}
