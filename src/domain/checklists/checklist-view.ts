import { z } from 'zod';
import { tickStatsSchema } from './tick-stats';
import { holdFieldSchema } from '../moderation/holds';
import { runSummarySchema } from './runs';
import { CHECKLIST_VISIBILITIES } from './visibility';

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

// Defaults of the checklist view model.
export const DEFAULT_AUTHOR_NAME = 'Anonymous';
export const DEFAULT_AVATAR = '👤';
export const DEFAULT_ESTIMATED_TIME = 'Unknown';

/** One entry of a list: an item to tick, or a heading that opens a section (never ticked or counted). */
export const checklistItemSchema = z.object({
  id: z.string(),
  content: z.string(),
  orderIndex: z.number().int(),
  kind: z.enum(['item', 'heading']),
  /** Plain text with line breaks; empty when the item has none (a heading never has one). */
  note: z.string(),
});

/**
 * One checklist as the detail page shows it, with whether the asking user owns it, has liked it,
 * which of its items they completed and their runs of it in brief.
 */
export const checklistDetailSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  authorId: z.string(),
  author: z.string(),
  authorAvatar: z.string(),
  authorUsername: z.string().nullable(),
  estimatedTime: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  isPublic: z.boolean(),
  /** Decision 024: `isPublic` is true only for `public`; an unlisted list is not public. */
  visibility: z.enum(CHECKLIST_VISIBILITIES),
  rating: z.number().nullable(),
  tags: z.array(z.string()),
  items: z.array(checklistItemSchema),
  uses: z.number().int(),
  likes: z.number().int(),
  clones: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Set when the list is a clone; `id` is null once the original has been deleted. `originallyBy`
   * names the author of the list the chain started from, when the chain is longer than one hop, the
   * viewer may see that list, and someone other than the direct original's author wrote it.
   */
  clonedFrom: z
    .object({
      id: z.string().nullable(),
      title: z.string(),
      originallyBy: z.object({ name: z.string(), username: z.string().nullable() }).nullable(),
    })
    .nullable(),
  viewer: z.object({
    isOwner: z.boolean(),
    hasLiked: z.boolean(),
    completedItemIds: z.array(z.string()),
    /** The viewer's runs of the list in brief ("You completed this list N times", the History). */
    runs: runSummarySchema,
  }),
  /** What people really tick on the list: null unless it is public and enough people used it. */
  tickStats: z.nullable(tickStatsSchema),
  /** Set for the author when the moderators hid the list (`visibility` is then the author's own choice). */
  hold: holdFieldSchema,
  /** Whether the list is a staff pick: told to moderators and admins only. */
  isStaffPick: z.boolean().optional(),
});
export type ChecklistDetail = z.infer<typeof checklistDetailSchema>;

export const checklistMessages = {
  notFound: 'Checklist Not Found',
  notFoundText: "The checklist you're looking for doesn't exist.",
  loadFailed: 'Failed to load checklist.',
} as const;
