import { z } from 'zod';
import { DIFFICULTIES } from './checklist-view';
import {
  DEFAULT_DIFFICULTY,
  descriptionField,
  difficultyField,
  ESTIMATED_TIMES,
  ENTRY_KINDS,
  type EntryKind,
  estimatedTimeField,
  itemsField,
  tagsField,
  titleField,
  visibilityField,
} from './checklist-fields';
import { DEFAULT_VISIBILITY, type ChecklistVisibility } from './visibility';

/** What the API takes to create or edit a checklist: trimmed, with no empty items or tags. */
export const checklistInputSchema = z.object({
  title: titleField,
  description: descriptionField,
  items: itemsField,
  tags: tagsField,
  estimatedTime: estimatedTimeField,
  difficulty: difficultyField,
  /**
   * Decision 024. Optional, so a caller that never heard of it keeps the product's behaviour: a new
   * list is public, and an edit leaves the visibility as it was.
   */
  visibility: visibilityField.optional(),
});
export type ChecklistInput = z.infer<typeof checklistInputSchema>;
/** A request body the API accepts: items may still be plain strings. */
export type ChecklistInputBody = z.input<typeof checklistInputSchema>;

/** Reports, on the field being checked, the first message the API's own schema gives for its value. */
function acceptedBy(schema: z.ZodType, value: unknown, ctx: z.RefinementCtx) {
  const issue = schema.safeParse(value).error?.issues[0];
  if (issue) ctx.addIssue({ code: 'custom', message: issue.message });
}

/** A form field keeps what the user typed; it is valid when the API's field schema accepts it. */
/* @__NO_SIDE_EFFECTS__ */
const typed = (field: z.ZodType) => z.string().superRefine((value, ctx) => acceptedBy(field, value, ctx));

/**
 * A form's tags are rows, and a form with no tags still shows one row to type in: a single empty
 * row means "no tags", wherever the rows are read (the form's check, the editor's field, the wizard).
 */
export const isNoTagRows = (rows: readonly { value?: string }[]) => rows.length === 1 && !rows[0]?.value?.trim();
/** The tag rows of a form with no tags. */
export const noTagRows = () => [{ value: '' }];

/**
 * The create/edit form as the user fills it: rows of items and tags. Every field is
 * checked by the same field schema as the API input, so the form refuses exactly what the server
 * would, in the same words, on the field concerned. A single empty tag row means "no tags"; item
 * rows must all be filled. The object itself has no refinements, so the wizard picks its steps.
 */
export const checklistFormSchema = z.object({
  title: typed(titleField),
  description: typed(descriptionField),
  items: z
    .array(
      z.object({
        content: z.string(),
        kind: z.enum(ENTRY_KINDS),
        note: z.string(),
        // The stored entry this row continues (never shown): kept as the row is moved, reworded or
        // its note edited, so the list's versions tell a rewording from a removal and an addition.
        // A new, pasted or imported row has none.
        id: z.string().optional(),
      }),
    )
    .superRefine((rows, ctx) => acceptedBy(itemsField, rows, ctx)),
  tags: z.array(z.object({ value: z.string() })).superRefine((rows, ctx) => {
    acceptedBy(tagsField, isNoTagRows(rows) ? [] : rows.map((row) => row.value), ctx);
  }),
  estimatedTime: typed(estimatedTimeField),
  difficulty: typed(difficultyField),
  visibility: visibilityField,
});
export type ChecklistForm = z.infer<typeof checklistFormSchema>;
export type ChecklistFormField = keyof ChecklistForm;

/** A new item row: empty, with no note. */
export const emptyItemRow = (kind: EntryKind = 'item') => ({ content: '', kind, note: '' });

/** A new form starts with one empty item row and one empty tag row, difficulty medium. */
export function emptyChecklistForm(): ChecklistForm {
  return {
    title: '',
    description: '',
    items: [emptyItemRow()],
    tags: noTagRows(),
    estimatedTime: '',
    difficulty: DEFAULT_DIFFICULTY,
    visibility: DEFAULT_VISIBILITY,
  };
}

/**
 * The edit form, prefilled: difficulty lower-cased (default medium); empty lists become one empty
 * row; each row carries the id of the stored entry it shows.
 */
export function checklistFormFrom(list: {
  title: string;
  description: string;
  items: { id: string; content: string; kind: EntryKind; note: string }[];
  tags: string[];
  estimatedTime: string;
  difficulty: string;
  visibility: ChecklistVisibility;
}): ChecklistForm {
  const difficulty = list.difficulty.toLowerCase();
  return {
    title: list.title,
    description: list.description,
    items: list.items.length
      ? list.items.map(({ id, content, kind, note }) => ({ content, kind, note, id }))
      : [emptyItemRow()],
    tags: list.tags.length ? list.tags.map((value) => ({ value })) : noTagRows(),
    estimatedTime: (ESTIMATED_TIMES as readonly string[]).includes(list.estimatedTime) ? list.estimatedTime : 'Unknown',
    difficulty: (DIFFICULTIES as readonly string[]).includes(difficulty) ? difficulty : DEFAULT_DIFFICULTY,
    visibility: list.visibility,
  };
}

/**
 * The created or edited payload: trimmed, non-empty items and tags only; a row that continues a
 * stored entry names it by id, and an id is sent once (a second row with it is a new entry).
 * Validate with checklistFormSchema first.
 */
export function toChecklistInput(form: ChecklistForm): ChecklistInput {
  const sent = new Set<string>();
  const firstUse = (id: string | undefined) => {
    if (id === undefined || sent.has(id)) return {};
    sent.add(id);
    return { id };
  };
  return checklistInputSchema.parse({
    title: form.title,
    description: form.description,
    items: form.items
      .filter((row) => row.content.trim())
      .map(({ content, kind, note, id }) => ({
        kind,
        content,
        note: kind === 'heading' ? '' : note,
        ...firstUse(id),
      })),
    tags: form.tags.map((row) => row.value.trim()).filter(Boolean),
    estimatedTime: form.estimatedTime,
    difficulty: form.difficulty,
    visibility: form.visibility,
  });
}
