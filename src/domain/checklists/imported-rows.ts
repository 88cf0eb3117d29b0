import type { ChecklistEntry } from './checklist-fields';
import type { ChecklistForm } from './checklist-input';
import { importCopy, importProblem } from './markdown-import-limits';
import type { ImportedList } from './markdown-import';

// How a list read from text goes into the checklist form: a paste replaces the row it was pasted
// into, an import fills the fields it has and puts its entries where the form's rows were empty
// (or after its filled ones). Either way the form stays within the list's limits, or is left as it was.

type ItemRow = ChecklistForm['items'][number];
export type RowsOutcome = { ok: true; rows: ItemRow[] } | { ok: false; message: string };
export type FormOutcome = { ok: true; form: ChecklistForm } | { ok: false; message: string };

const toRow = ({ kind, content, note }: ChecklistEntry): ItemRow => ({ kind, content, note });
const isFilled = (row: ItemRow) => row.content.trim() !== '';

/**
 * Row `index` replaced by the pasted entries. The row's own note (a paste changes its text) stays
 * with the first entry when that is an item without a note of its own.
 */
export function pasteIntoRows(rows: readonly ItemRow[], index: number, entries: ChecklistEntry[]): RowsOutcome {
  const pasted = entries.map(toRow);
  const kept = rows[index]?.note ?? '';
  const first = pasted[0];
  if (kept && first?.kind === 'item' && !first.note) pasted[0] = { ...first, note: kept };
  const next = [...rows.slice(0, index), ...pasted, ...rows.slice(index + 1)];
  const problem = importProblem.ofRows(next, 'pasted lines');
  return problem ? { ok: false, message: problem } : { ok: true, rows: next };
}

/** What the dialog says the import will do with the form's rows. */
export function importPlacement(rows: readonly ItemRow[]): string {
  const filled = rows.filter(isFilled).length;
  return filled ? importCopy.append(filled) : importCopy.replace;
}

/**
 * The form with an imported list in it: each field the list has replaces the form's, and its
 * entries replace the empty item rows, or follow the filled ones.
 */
export function formWithImport(form: ChecklistForm, list: ImportedList): FormOutcome {
  const items = [...form.items.filter(isFilled), ...list.items.map(toRow)];
  const problem = importProblem.ofRows(items, 'imported items');
  if (problem) return { ok: false, message: problem };
  return {
    ok: true,
    form: {
      ...form,
      title: list.title ?? form.title,
      description: list.description ?? form.description,
      items,
      tags: list.tags?.length ? list.tags.map((value) => ({ value })) : form.tags,
      estimatedTime: list.estimatedTime ?? form.estimatedTime,
      difficulty: list.difficulty ?? form.difficulty,
    },
  };
}
