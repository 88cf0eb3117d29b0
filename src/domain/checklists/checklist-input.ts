import { z } from 'zod';
import { NO_NUL, NUL_MESSAGE } from '../text';
import { DIFFICULTIES } from './checklist-view';

// Spec §5 "Checklist form".
export const ESTIMATED_TIMES = [
  '5 minutes',
  '15 minutes',
  '20 minutes',
  '30 minutes',
  '1 hour',
  '2+ hours',
  'Unknown',
] as const;
export type EstimatedTime = (typeof ESTIMATED_TIMES)[number];
export const DEFAULT_DIFFICULTY = 'medium';

export const MAX_TITLE_LENGTH = 120;
export const MAX_DESCRIPTION_LENGTH = 2000;
export const MAX_ITEMS = 100;
export const MAX_ITEM_LENGTH = 500;
export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 30;

export const checklistInputMessages = {
  titleRequired: 'Title is required.',
  descriptionRequired: 'Description is required.',
  itemsFilled: 'All items must be filled.',
  itemRequired: 'At least one item is required.',
  tagsFilled: 'All tags must be filled.',
  estimatedTimeRequired: 'Estimated time is required.',
  difficultyRequired: 'Difficulty is required.',
  titleTooLong: `Title must be at most ${MAX_TITLE_LENGTH} characters.`,
  descriptionTooLong: `Description must be at most ${MAX_DESCRIPTION_LENGTH} characters.`,
  itemTooLong: `Each item must be at most ${MAX_ITEM_LENGTH} characters.`,
  tooManyItems: `A checklist can have at most ${MAX_ITEMS} items.`,
  tagTooLong: `Each tag must be at most ${MAX_TAG_LENGTH} characters.`,
  tooManyTags: `A checklist can have at most ${MAX_TAGS} tags.`,
} as const;

const m = checklistInputMessages;

/** Tags compare case-insensitively; the first spelling wins. */
export function uniqueTags(tags: string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tag.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** What the API takes to create or edit a checklist: trimmed, with no empty items or tags. */
export const checklistInputSchema = z.object({
  title: z.string().trim().regex(NO_NUL, NUL_MESSAGE).min(1, m.titleRequired).max(MAX_TITLE_LENGTH, m.titleTooLong),
  description: z
    .string()
    .trim()
    .regex(NO_NUL, NUL_MESSAGE)
    .min(1, m.descriptionRequired)
    .max(MAX_DESCRIPTION_LENGTH, m.descriptionTooLong),
  items: z
    .array(z.string().trim().regex(NO_NUL, NUL_MESSAGE).min(1, m.itemsFilled).max(MAX_ITEM_LENGTH, m.itemTooLong))
    .min(1, m.itemRequired)
    .max(MAX_ITEMS, m.tooManyItems),
  tags: z
    .array(z.string().trim().regex(NO_NUL, NUL_MESSAGE).min(1, m.tagsFilled).max(MAX_TAG_LENGTH, m.tagTooLong))
    .max(MAX_TAGS, m.tooManyTags)
    .transform(uniqueTags),
  estimatedTime: z.enum(ESTIMATED_TIMES, { error: m.estimatedTimeRequired }),
  difficulty: z.enum(DIFFICULTIES, { error: m.difficultyRequired }),
});
export type ChecklistInput = z.infer<typeof checklistInputSchema>;

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
  bulkDeleteFailed: 'Failed to delete some checklists',
  bulkVisibilityFailed: 'Failed to update visibility for some checklists',
  signInRequired: 'Please sign in first.',
} as const;

export const createdChecklistSchema = z.object({ id: z.string() });
export const visibilityInputSchema = z.object({ isPublic: z.boolean() });
// Enough for "Select all" on any real account; 1,000 ids fit well inside the 64 KiB body limit.
export const MAX_BULK = 1000;
export const bulkIdsInputSchema = z.object({ ids: z.array(z.string()).min(1).max(MAX_BULK) });
export const bulkVisibilityInputSchema = bulkIdsInputSchema.extend({ isPublic: z.boolean() });
/** A bulk action's outcome: which lists it changed, which it could not (not found or not yours). */
export const bulkResultSchema = z.object({
  succeeded: z.array(z.string()),
  failed: z.array(z.string()),
  message: z.string().optional(),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const likeStateSchema = z.object({ likes: z.number().int(), hasLiked: z.boolean() });
export const progressStateSchema = z.object({ uses: z.number().int(), completedItemIds: z.array(z.string()) });

/**
 * The create/edit form as the user fills it: rows of items and tags (spec §2.8). It validates with
 * the spec's messages and turns into the API input (trimmed, empty rows dropped). A single empty
 * tag row means "no tags"; item rows must all be filled.
 */
export const checklistFormSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    items: z.array(z.object({ content: z.string() })),
    tags: z.array(z.object({ value: z.string() })),
    estimatedTime: z.string(),
    difficulty: z.string(),
  })
  .superRefine((form, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!form.title.trim()) issue('title', m.titleRequired);
    else if (form.title.trim().length > MAX_TITLE_LENGTH) issue('title', m.titleTooLong);
    if (!form.description.trim()) issue('description', m.descriptionRequired);
    else if (form.description.trim().length > MAX_DESCRIPTION_LENGTH) issue('description', m.descriptionTooLong);
    if (form.items.length === 0) issue('items', m.itemRequired);
    else if (form.items.some((row) => !row.content.trim())) issue('items', m.itemsFilled);
    else if (form.items.some((row) => row.content.trim().length > MAX_ITEM_LENGTH)) issue('items', m.itemTooLong);
    else if (form.items.length > MAX_ITEMS) issue('items', m.tooManyItems);
    const isSingleEmptyTagRow = form.tags.length === 1 && !form.tags[0]!.value.trim();
    if (!isSingleEmptyTagRow && form.tags.some((row) => !row.value.trim())) issue('tags', m.tagsFilled);
    else if (form.tags.some((row) => row.value.trim().length > MAX_TAG_LENGTH)) issue('tags', m.tagTooLong);
    else if (form.tags.length > MAX_TAGS) issue('tags', m.tooManyTags);
    if (!(ESTIMATED_TIMES as readonly string[]).includes(form.estimatedTime))
      issue('estimatedTime', m.estimatedTimeRequired);
    if (!(DIFFICULTIES as readonly string[]).includes(form.difficulty)) issue('difficulty', m.difficultyRequired);
  });
export type ChecklistForm = z.infer<typeof checklistFormSchema>;

/** Spec §2.8: a new form starts with one empty item row and one empty tag row, difficulty medium. */
export function emptyChecklistForm(): ChecklistForm {
  return {
    title: '',
    description: '',
    items: [{ content: '' }],
    tags: [{ value: '' }],
    estimatedTime: '',
    difficulty: DEFAULT_DIFFICULTY,
  };
}

/** Spec §2.8 (edit): prefill; difficulty lower-cased (default medium); empty lists become one empty row. */
export function checklistFormFrom(list: {
  title: string;
  description: string;
  items: { content: string }[];
  tags: string[];
  estimatedTime: string;
  difficulty: string;
}): ChecklistForm {
  const difficulty = list.difficulty.toLowerCase();
  return {
    title: list.title,
    description: list.description,
    items: list.items.length ? list.items.map((item) => ({ content: item.content })) : [{ content: '' }],
    tags: list.tags.length ? list.tags.map((value) => ({ value })) : [{ value: '' }],
    estimatedTime: (ESTIMATED_TIMES as readonly string[]).includes(list.estimatedTime) ? list.estimatedTime : 'Unknown',
    difficulty: (DIFFICULTIES as readonly string[]).includes(difficulty) ? difficulty : DEFAULT_DIFFICULTY,
  };
}

/** Spec §3 "Created payload": trimmed, non-empty items and tags only. Validate with checklistFormSchema first. */
export function toChecklistInput(form: ChecklistForm): ChecklistInput {
  return checklistInputSchema.parse({
    title: form.title,
    description: form.description,
    items: form.items.map((row) => row.content.trim()).filter(Boolean),
    tags: form.tags.map((row) => row.value.trim()).filter(Boolean),
    estimatedTime: form.estimatedTime,
    difficulty: form.difficulty,
  });
}
