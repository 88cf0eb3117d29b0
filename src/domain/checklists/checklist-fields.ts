import { z } from 'zod';
import { plainText, requiredText } from '../text';
import { DIFFICULTIES } from './checklist-view';
import { countItems, ENTRY_KINDS, type ChecklistEntry, type EntryKind } from './entries';
import { CHECKLIST_VISIBILITIES, type ChecklistVisibility } from './visibility';

// The checklist form: the one home of each field's rule. The API input, the create/edit
// form and the wizard's steps are all composed from these schemas (checklist-input.ts).

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
/** Headings group items into sections; they are never ticked or counted as items. */
export const MAX_HEADINGS = 25;
export const MAX_NOTE_LENGTH = 1000;
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
  headingsFilled: 'All headings must be filled.',
  headingTooLong: `Each heading must be at most ${MAX_ITEM_LENGTH} characters.`,
  tooManyHeadings: `A checklist can have at most ${MAX_HEADINGS} headings.`,
  noteTooLong: `Each note must be at most ${MAX_NOTE_LENGTH} characters.`,
  headingWithNote: 'A heading cannot have a note.',
  entryIdInvalid: 'An entry’s id must be the id of an item of the list.',
  tagTooLong: `Each tag must be at most ${MAX_TAG_LENGTH} characters.`,
  tooManyTags: `A checklist can have at most ${MAX_TAGS} tags.`,
  visibilityRequired: 'Visibility must be public, unlisted or private.',
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

/** Stored text (domain/text.ts: trimmed, no control characters), required and bounded with the field's own words. */
const text = requiredText;

export const titleField = text('single-line', m.titleRequired, MAX_TITLE_LENGTH, m.titleTooLong);
export const descriptionField = text('multi-line', m.descriptionRequired, MAX_DESCRIPTION_LENGTH, m.descriptionTooLong);
export const itemField = text('single-line', m.itemsFilled, MAX_ITEM_LENGTH, m.itemTooLong);
export const tagField = text('single-line', m.tagsFilled, MAX_TAG_LENGTH, m.tagTooLong);
export const estimatedTimeField = z.enum(ESTIMATED_TIMES, { error: m.estimatedTimeRequired });
export const difficultyField = z.enum(DIFFICULTIES, { error: m.difficultyRequired });
/** Who may find and open the list (decision 024): public, unlisted (anyone with the link) or private. */
export const visibilityField = z.enum(CHECKLIST_VISIBILITIES, { error: m.visibilityRequired });

export const headingField = text('single-line', m.headingsFilled, MAX_ITEM_LENGTH, m.headingTooLong);
/** An item's note: optional plain text with line breaks; empty means none. */
export const noteField = plainText('multi-line').max(MAX_NOTE_LENGTH, m.noteTooLong);

// What a list holds, and how its items are counted, live apart from the schemas (entries.ts), so
// a page that only counts items loads no zod.
export { countItems, ENTRY_KINDS, isTickable, type ChecklistEntry, type EntryKind } from './entries';

/**
 * One entry as the API takes it: a plain string is an item (what every client sent before
 * headings and notes), or `{ content, kind?, note?, id? }`. In an edit, `id` names the stored entry
 * this one continues, so a reworded item stays the same entry in the list's versions and clones.
 */
const entryField = z.preprocess(
  (value) => (typeof value === 'string' ? { content: value } : value),
  z
    .object({
      kind: z.enum(ENTRY_KINDS).default('item'),
      content: z.string({ error: m.itemsFilled }),
      note: noteField.default(''),
      id: z.guid(m.entryIdInvalid).optional(),
    })
    .superRefine((entry, ctx) => {
      const issue = (entry.kind === 'heading' ? headingField : itemField).safeParse(entry.content).error?.issues[0];
      if (issue) ctx.addIssue({ code: 'custom', message: issue.message });
      if (entry.kind === 'heading' && entry.note)
        ctx.addIssue({ code: 'custom', path: ['note'], message: m.headingWithNote });
    })
    .transform((entry): ChecklistEntry & { id?: string } => ({
      kind: entry.kind,
      content: entry.content.trim(),
      note: entry.note,
      ...(entry.id === undefined ? {} : { id: entry.id }),
    })),
);

/** Counts a list's entries against the form's limits: at least one item, at most MAX_ITEMS items and MAX_HEADINGS headings. */
export function entriesWithinLimits(entries: readonly { kind: EntryKind }[], ctx: z.RefinementCtx) {
  const items = countItems(entries);
  if (items < 1) ctx.addIssue({ code: 'custom', message: m.itemRequired });
  if (items > MAX_ITEMS) ctx.addIssue({ code: 'custom', message: m.tooManyItems });
  if (entries.length - items > MAX_HEADINGS) ctx.addIssue({ code: 'custom', message: m.tooManyHeadings });
}

/** The entries of a list: at least one item, at most MAX_ITEMS items and MAX_HEADINGS headings. */
export const itemsField = z
  .array(entryField)
  .max(MAX_ITEMS + MAX_HEADINGS, m.tooManyItems)
  .superRefine(entriesWithinLimits);
/** The tags of a list: at most MAX_TAGS, each a tagField, duplicates (any case) kept once. */
export const tagsField = z.array(tagField).max(MAX_TAGS, m.tooManyTags).transform(uniqueTags);

/**
 * One list's visibility: the spec's `{ isPublic }` (true public, false private), or `{ visibility }`
 * for any of the three, "unlisted" included (decision 024).
 */
export const visibilityInputSchema = z.union([
  z.object({ visibility: visibilityField }),
  z.object({ isPublic: z.boolean() }),
]);
export type VisibilityInput = z.infer<typeof visibilityInputSchema>;
export const requestedVisibility = (input: VisibilityInput): ChecklistVisibility =>
  'visibility' in input ? input.visibility : input.isPublic ? 'public' : 'private';

const COPY_SUFFIX = ' (copy)';

/**
 * The title of one's own list duplicated: "{title} (copy)", the title shortened (at a word where it
 * can be) so the whole stays within the title's limit.
 */
export function duplicateTitle(title: string): string {
  const room = MAX_TITLE_LENGTH - COPY_SUFFIX.length;
  if (title.length <= room) return `${title}${COPY_SUFFIX}`;
  // Never half of a character written as two UTF-16 units (an emoji).
  const cut = title.slice(0, room).replace(/[\uD800-\uDBFF]$/, '');
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > room / 2 ? cut.slice(0, atWord) : cut).trimEnd()}${COPY_SUFFIX}`;
}
