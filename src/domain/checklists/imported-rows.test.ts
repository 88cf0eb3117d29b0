import { describe, expect, it } from 'vitest';
import { emptyChecklistForm, emptyItemRow, type ChecklistForm } from './checklist-input';
import { MAX_ITEMS, type ChecklistEntry } from './checklist-fields';
import { formWithImport, importPlacement, pasteIntoRows } from './imported-rows';
import { importCopy, importProblem, markdownImportMessages as m, MAX_IMPORT_BYTES } from './markdown-import-limits';

const row = (content: string, note = '', kind: 'item' | 'heading' = 'item') => ({ content, kind, note });
const entry = (content: string, note = '', kind: 'item' | 'heading' = 'item'): ChecklistEntry => ({
  kind,
  content,
  note,
});
const many = (count: number) => Array.from({ length: count }, (_, i) => entry(`Item ${i + 1}`));

describe('pasting into an item row', () => {
  it('replaces the row with the pasted entries, in its place', () => {
    const outcome = pasteIntoRows([row('A'), row(''), row('C')], 1, [entry('Food', '', 'heading'), entry('B', 'n')]);
    expect(outcome).toEqual({ ok: true, rows: [row('A'), row('Food', '', 'heading'), row('B', 'n'), row('C')] });
  });

  it('keeps the row’s note on the first pasted item', () => {
    expect(pasteIntoRows([row('A', 'keep me')], 0, [entry('B'), entry('C')])).toEqual({
      ok: true,
      rows: [row('B', 'keep me'), row('C')],
    });
  });

  it('gives the pasted rows no stored entry’s id, and leaves the other rows theirs', () => {
    const stored = (content: string, id: string) => ({ ...row(content), id });
    const outcome = pasteIntoRows([stored('A', 'id-a'), stored('B', 'id-b'), stored('C', 'id-c')], 1, [
      entry('B1'),
      entry('B2'),
    ]);
    expect(outcome).toEqual({
      ok: true,
      rows: [stored('A', 'id-a'), row('B1'), row('B2'), stored('C', 'id-c')],
    });
  });

  it('changes nothing when the list would pass its limits', () => {
    const rows = many(60).map((e) => row(e.content));
    expect(pasteIntoRows(rows, 0, many(50))).toEqual({ ok: false, message: m.formTooManyItems('pasted lines', 109) });
    expect(pasteIntoRows([emptyItemRow()], 0, many(MAX_ITEMS)).ok).toBe(true);
  });
});

describe('importing into the form', () => {
  const form = (overrides: Partial<ChecklistForm> = {}): ChecklistForm => ({ ...emptyChecklistForm(), ...overrides });

  it('fills the fields the list has and keeps the others', () => {
    const outcome = formWithImport(form({ title: 'Mine', description: 'Kept' }), {
      title: 'Camping',
      tags: ['outdoors'],
      difficulty: 'hard',
      items: [entry('Tent')],
    });
    expect(outcome).toEqual({
      ok: true,
      form: form({
        title: 'Camping',
        description: 'Kept',
        items: [row('Tent')],
        tags: [{ value: 'outdoors' }],
        difficulty: 'hard',
      }),
    });
  });

  it('gives the imported rows no stored entry’s id, and leaves the filled rows theirs', () => {
    const kept = { ...row('Tent'), id: 'id-tent' };
    expect(formWithImport(form({ items: [kept, row('')] }), { items: [entry('Stove')] })).toMatchObject({
      ok: true,
      form: { items: [kept, row('Stove')] },
    });
    const outcome = formWithImport(form({ items: [kept] }), { items: [entry('Stove')] });
    expect(outcome.ok && outcome.form.items[1]).not.toHaveProperty('id');
  });

  it('replaces empty rows, or follows filled ones, and says which', () => {
    const empty = form({ items: [row(''), row(' ')] });
    expect(importPlacement(empty.items)).toBe(importCopy.replace);
    expect(formWithImport(empty, { items: [entry('Tent')] })).toMatchObject({ form: { items: [row('Tent')] } });
    const filled = form({ items: [row('Stove'), row('')] });
    expect(importPlacement(filled.items)).toBe(importCopy.append(1));
    expect(formWithImport(filled, { items: [entry('Tent')] })).toMatchObject({
      form: { items: [row('Stove'), row('Tent')] },
    });
  });

  it('leaves the form as it was when the whole would pass a limit', () => {
    const full = form({ items: many(90).map((e) => row(e.content)) });
    expect(formWithImport(full, { items: many(20) })).toEqual({
      ok: false,
      message: m.formTooManyItems('imported items', 110),
    });
    const headings = Array.from({ length: 26 }, (_, i) => entry(`Part ${i}`, '', 'heading'));
    expect(formWithImport(form(), { items: headings })).toEqual({
      ok: false,
      message: m.formTooManyHeadings('imported items', 26),
    });
  });
});

describe('files to import', () => {
  it('takes Markdown and text files by name or type, up to the size limit', () => {
    expect(importProblem.ofFile({ name: 'list.md', type: '', size: 10 })).toBeNull();
    expect(importProblem.ofFile({ name: 'LIST.TXT', type: '', size: 10 })).toBeNull();
    expect(importProblem.ofFile({ name: 'list', type: 'text/markdown', size: 10 })).toBeNull();
    expect(importProblem.ofFile({ name: 'photo.png', type: 'image/png', size: 10 })).toBe(m.fileType);
    expect(importProblem.ofFile({ name: 'list.md', type: '', size: MAX_IMPORT_BYTES })).toBeNull();
    expect(importProblem.ofFile({ name: 'list.md', type: '', size: 300 * 1024 })).toBe(
      'The file is 300 KB; a file to import can be at most 200 KB.',
    );
  });
});
