import { z } from 'zod';
import { runSummarySchema } from './runs';

// What the checklist actions (create, edit, delete, visibility, bulk, clone, duplicate, like, complete) take
// besides the checklist input, what they respond with, and the messages they refuse or fail with.

export const checklistActionMessages = {
  deleteOwn: 'You can only delete your own checklists',
  modifyOwn: 'You can only modify your own checklists',
  cloneOwn: 'You cannot clone your own checklist.',
  likeOwn: 'You cannot like your own list.',
  createFailed: 'Failed to create checklist.',
  loadFailedForEdit: 'Failed to load checklist',
  updateFailed: 'Failed to update checklist.',
  cloneFailed: 'Failed to clone checklist.',
  cloned: 'Checklist cloned! Redirecting...',
  duplicateOwn: 'You can only duplicate your own checklists. Clone it instead.',
  duplicateFailed: 'Failed to duplicate checklist.',
  duplicated: 'Checklist duplicated! Redirecting...',
  bulkDeleteFailed: 'Failed to delete some checklists',
  bulkVisibilityFailed: 'Failed to update visibility for some checklists',
  signInRequired: 'Please sign in first.',
} as const;

// Enough for "Select all" on any real account; 1,000 ids fit well inside the 64 KiB body limit.
export const MAX_BULK = 1000;
export const bulkIdsInputSchema = z.object({ ids: z.array(z.string()).min(1).max(MAX_BULK) });
// Pure, like every schema here, though the bundler cannot tell from a local name (see vite.config.ts).
export const bulkVisibilityInputSchema = /* @__PURE__ */ bulkIdsInputSchema.extend({ isPublic: z.boolean() });

export const createdChecklistSchema = z.object({ id: z.string() });
/** A bulk action's outcome: which lists it changed, which it could not (not found or not yours). */
export const bulkResultSchema = z.object({
  succeeded: z.array(z.string()),
  failed: z.array(z.string()),
  message: z.string().optional(),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const likeStateSchema = z.object({ likes: z.number().int(), hasLiked: z.boolean() });
/** A user's progress on a list after a write: the list's uses, the open run's completions and the runs in brief. */
export const progressStateSchema = z.object({
  uses: z.number().int(),
  completedItemIds: z.array(z.string()),
  runs: runSummarySchema,
});
