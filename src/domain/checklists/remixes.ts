import { z } from 'zod';
import { newestFirstPageQuery, nextCursorSchema } from '../paging';

// A list's remixes: the public clones made of it, newest first. A private or unlisted clone is its
// cloner's business and is neither listed nor counted, to anyone.

/** Remixes come 10 at a time, newest first, with "Show more" for the next page. */
export const REMIXES_PAGE_SIZE = 10;
export const MAX_REMIXES_PAGE_SIZE = 50;

/**
 * How many links up a clone chain the detail page looks for the list it started from. A chain
 * longer than this is credited to the furthest list within it.
 */
export const MAX_LINEAGE_DEPTH = 25;

export const remixMessages = {
  heading: 'Remixes',
  loadFailed: 'Failed to load remixes.',
  loading: 'Loading remixes',
  /** After "Cloned from {title}", when the chain is longer than one hop. */
  originallyBy: 'originally by',
} as const;

/** `before` (the previous page's `nextCursor`) and `limit`, as every newest-first list takes them. */
export const remixesQuerySchema = /* @__PURE__ */ newestFirstPageQuery(REMIXES_PAGE_SIZE, MAX_REMIXES_PAGE_SIZE);
export type RemixesQuery = z.infer<typeof remixesQuerySchema>;

/** One remix as the list shows it: its title, linked, and its author as anyone may see them. */
export const remixSchema = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string(),
  authorAvatar: z.string(),
  authorUsername: z.string().nullable(),
  createdAt: z.string(),
});
export type Remix = z.infer<typeof remixSchema>;

/** One page of a list's public remixes; `total` counts them all, `nextCursor` is null at the end. */
export const remixPageSchema = z.object({
  remixes: z.array(remixSchema),
  total: z.number().int(),
  nextCursor: nextCursorSchema,
});
export type RemixPage = z.infer<typeof remixPageSchema>;
