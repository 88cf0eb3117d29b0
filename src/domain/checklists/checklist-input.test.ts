import { describe, expect, it } from 'vitest';
import {
  checklistFormFrom,
  checklistFormSchema,
  checklistInputSchema,
  isNoTagRows,
  emptyChecklistForm,
  emptyItemRow,
  noTagRows,
  toChecklistInput,
} from './checklist-input';
import { ESTIMATED_TIMES, MAX_HEADINGS, MAX_ITEMS, MAX_NOTE_LENGTH, checklistInputMessages } from './checklist-fields';

const filled = {
  ...emptyChecklistForm(),
  title: '  Camping  ',
  description: 'A weekend away',
  items: [
    { content: ' Tent ', kind: 'item' as const, note: '' },
    { content: 'Stove', kind: 'item' as const, note: '' },
  ],
  tags: [{ value: ' outdoors ' }],
  estimatedTime: '1 hour',
};
const messages = (form: unknown) =>
  Object.fromEntries(
    (checklistFormSchema.safeParse(form).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

describe('the checklist form', () => {
  it('starts with one empty item row, one empty tag row, medium difficulty and public', () => {
    expect(emptyChecklistForm()).toMatchObject({
      items: [{ content: '', kind: 'item' as const, note: '' }],
      tags: [{ value: '' }],
      difficulty: 'medium',
      estimatedTime: '',
      visibility: 'public',
    });
  });

  it('offers the seven estimated times', () => {
    expect(ESTIMATED_TIMES.join(' | ')).toBe(
      '5 minutes | 15 minutes | 20 minutes | 30 minutes | 1 hour | 2+ hours | Unknown',
    );
  });

  it('shows every message of an empty form', () => {
    expect(messages({ ...emptyChecklistForm(), difficulty: '' })).toEqual({
      title: 'Title is required.',
      description: 'Description is required.',
      items: 'All items must be filled.',
      estimatedTime: 'Estimated time is required.',
      difficulty: 'Difficulty is required.',
    });
  });

  it('needs every tag row filled unless the only row is empty', () => {
    expect(messages(filled)).toEqual({});
    expect(messages({ ...filled, tags: [{ value: '' }] })).toEqual({});
    expect(messages({ ...filled, tags: [{ value: 'a' }, { value: ' ' }] })).toEqual({
      tags: 'All tags must be filled.',
    });
  });

  it('turns into the API input: trimmed, no empty rows, duplicate tags once', () => {
    expect(toChecklistInput({ ...filled, tags: [{ value: 'Outdoors' }, { value: 'outdoors' }] })).toEqual({
      title: 'Camping',
      description: 'A weekend away',
      items: [
        { kind: 'item', content: 'Tent', note: '' },
        { kind: 'item', content: 'Stove', note: '' },
      ],
      tags: ['Outdoors'],
      estimatedTime: '1 hour',
      difficulty: 'medium',
      visibility: 'public',
    });
    expect(toChecklistInput({ ...filled, tags: [{ value: '' }] }).tags).toEqual([]);
    expect(toChecklistInput({ ...filled, visibility: 'unlisted' }).visibility).toBe('unlisted');
  });

  it('prefills an edit: difficulty lower-cased with medium as default, empty lists as one empty row', () => {
    const form = checklistFormFrom({
      title: 'T',
      description: 'D',
      items: [],
      tags: [],
      estimatedTime: 'Unknown',
      difficulty: 'HARD',
      visibility: 'unlisted',
    });
    expect(form).toMatchObject({
      items: [{ content: '', kind: 'item' as const, note: '' }],
      tags: [{ value: '' }],
      difficulty: 'hard',
      visibility: 'unlisted',
    });
    expect(
      checklistFormFrom({
        title: 'T',
        description: 'D',
        items: [],
        tags: [],
        estimatedTime: 'x',
        difficulty: 'weird',
        visibility: 'public',
      }),
    ).toMatchObject({
      difficulty: 'medium',
      estimatedTime: 'Unknown',
    });
  });

  it('keeps each stored entry’s id on its row, through a move, a rewording and a new note', () => {
    const tent = '3f1c7a52-4b0e-4c3a-9a55-0d2f6f7c1a01';
    const stove = '3f1c7a52-4b0e-4c3a-9a55-0d2f6f7c1a02';
    const form = checklistFormFrom({
      ...filled,
      tags: [],
      items: [
        { id: tent, content: 'Tent', kind: 'item', note: '' },
        { id: stove, content: 'Stove', kind: 'item', note: 'Gas' },
      ],
    });
    expect(form.items).toEqual([
      { id: tent, content: 'Tent', kind: 'item', note: '' },
      { id: stove, content: 'Stove', kind: 'item', note: 'Gas' },
    ]);
    const [tentRow, stoveRow] = form.items;
    const edited = {
      ...form,
      items: [
        { ...stoveRow!, content: 'Gas stove' },
        { ...tentRow!, note: 'Two poles' },
        { ...emptyItemRow(), content: 'Map' },
      ],
    };
    expect(checklistFormSchema.safeParse(edited).success).toBe(true);
    expect(toChecklistInput(edited).items).toEqual([
      { id: stove, kind: 'item', content: 'Gas stove', note: 'Gas' },
      { id: tent, kind: 'item', content: 'Tent', note: 'Two poles' },
      { kind: 'item', content: 'Map', note: '' },
    ]);
  });

  it('sends an id once: a second row with the same id is a new entry', () => {
    const tent = '3f1c7a52-4b0e-4c3a-9a55-0d2f6f7c1a01';
    const row = { id: tent, content: 'Tent', kind: 'item' as const, note: '' };
    expect(toChecklistInput({ ...filled, items: [row, { ...row, content: 'Spare tent' }] }).items).toEqual([
      { id: tent, kind: 'item', content: 'Tent', note: '' },
      { kind: 'item', content: 'Spare tent', note: '' },
    ]);
  });

  it('the API refuses what the form would refuse, in the same words', () => {
    const result = checklistInputSchema.safeParse({
      title: ' ',
      description: '',
      items: [],
      tags: [' '],
      estimatedTime: 'soon',
      difficulty: 'extreme',
    });
    expect(Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]))).toEqual({
      title: 'Title is required.',
      description: 'Description is required.',
      items: 'At least one item is required.',
      tags: 'All tags must be filled.',
      estimatedTime: 'Estimated time is required.',
      difficulty: 'Difficulty is required.',
    });
  });
});

describe('control characters', () => {
  it('are refused in every stored text field', () => {
    const result = checklistInputSchema.safeParse({
      title: 'a\0b',
      description: 'ok',
      items: ['x\0'],
      tags: ['t\0'],
      estimatedTime: '1 hour',
      difficulty: 'easy',
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['title', 'Text cannot contain line breaks, control characters or text-direction overrides.'],
      ['items.0', 'Text cannot contain line breaks, control characters or text-direction overrides.'],
      ['tags.0', 'Text cannot contain line breaks, control characters or text-direction overrides.'],
    ]);
  });
});

describe('the form and the API share one rule per field', () => {
  it('refuses a control character in the form, on the field concerned, in the API’s words', () => {
    expect(messages({ ...filled, title: 'Camp\0ing' })).toEqual({
      title: 'Text cannot contain line breaks, control characters or text-direction overrides.',
    });
    expect(
      messages({
        ...filled,
        items: [
          { content: 'Tent', kind: 'item' as const, note: '' },
          { content: 'St\0ve', kind: 'item' as const, note: '' },
        ],
      }),
    ).toEqual({
      items: 'Text cannot contain line breaks, control characters or text-direction overrides.',
    });
    expect(messages({ ...filled, tags: [{ value: 'out\0doors' }] })).toEqual({
      tags: 'Text cannot contain line breaks, control characters or text-direction overrides.',
    });
  });

  it('accepts in the form exactly what the API accepts once rows are turned into the input', () => {
    const cases = [
      filled,
      { ...filled, title: 'x'.repeat(121) },
      { ...filled, description: 'x'.repeat(2001) },
      {
        ...filled,
        items: Array.from({ length: 101 }, (_, i) => ({ content: `Item ${i}`, kind: 'item' as const, note: '' })),
      },
      { ...filled, items: [{ content: 'x'.repeat(501), kind: 'item' as const, note: '' }] },
      { ...filled, tags: Array.from({ length: 11 }, (_, i) => ({ value: `tag${i}` })) },
      { ...filled, tags: [{ value: 'x'.repeat(31) }] },
      { ...filled, estimatedTime: 'soon' },
      { ...filled, difficulty: 'extreme' },
    ];
    for (const form of cases) {
      const formAccepts = checklistFormSchema.safeParse(form).success;
      const apiAccepts = checklistInputSchema.safeParse({
        ...form,
        items: form.items.map((row) => row.content),
        tags: form.tags.map((row) => row.value).filter((tag) => tag.trim()),
      }).success;
      expect(formAccepts, JSON.stringify(form).slice(0, 80)).toBe(apiAccepts);
    }
  });
});

describe('the tag rows that mean no tags', () => {
  it('are a single empty (or blank) row, and nothing else', () => {
    expect(isNoTagRows(noTagRows())).toBe(true);
    expect(isNoTagRows([{ value: '   ' }])).toBe(true);
    expect(isNoTagRows([])).toBe(false);
    expect(isNoTagRows([{ value: 'camping' }])).toBe(false);
    expect(isNoTagRows([{ value: '' }, { value: '' }])).toBe(false);
  });
});

describe('headings and notes', () => {
  const base = { title: 'Trip', description: 'Away', tags: [], estimatedTime: '1 hour', difficulty: 'easy' };
  const parsed = (items: unknown[]) => checklistInputSchema.safeParse({ ...base, items });
  const messagesOf = (items: unknown[]) => parsed(items).error?.issues.map((issue) => issue.message) ?? [];

  it('takes plain strings as items, and objects as items or headings with a note', () => {
    expect(
      parsed(['Tent', { kind: 'heading', content: ' Kitchen ' }, { content: 'Stove', note: 'Gas\r\ntoo ' }]).data
        ?.items,
    ).toEqual([
      { kind: 'item', content: 'Tent', note: '' },
      { kind: 'heading', content: 'Kitchen', note: '' },
      { kind: 'item', content: 'Stove', note: 'Gas\ntoo' },
    ]);
  });

  it('needs one item: headings alone are no list', () => {
    expect(messagesOf([{ kind: 'heading', content: 'Kitchen' }])).toEqual([checklistInputMessages.itemRequired]);
  });

  it('counts only items against the item limit, and headings against their own', () => {
    const hundredItems = Array.from({ length: MAX_ITEMS }, (_, i) => `Item ${i}`);
    const headings = (n: number) => Array.from({ length: n }, (_, i) => ({ kind: 'heading', content: `Part ${i}` }));
    expect(parsed([...headings(MAX_HEADINGS), ...hundredItems]).success).toBe(true);
    expect(messagesOf([...hundredItems, 'One more'])).toEqual([checklistInputMessages.tooManyItems]);
    expect(messagesOf([...headings(MAX_HEADINGS + 1), 'Tent'])).toEqual([checklistInputMessages.tooManyHeadings]);
  });

  it('bounds a note, and refuses a note on a heading', () => {
    expect(parsed([{ content: 'Tent', note: 'x'.repeat(MAX_NOTE_LENGTH) }]).success).toBe(true);
    expect(messagesOf([{ content: 'Tent', note: 'x'.repeat(MAX_NOTE_LENGTH + 1) }])).toEqual([
      checklistInputMessages.noteTooLong,
    ]);
    expect(messagesOf(['Tent', { kind: 'heading', content: 'Kitchen', note: 'No' }])).toEqual([
      checklistInputMessages.headingWithNote,
    ]);
  });

  it('refuses a blank heading in its own words', () => {
    expect(messagesOf(['Tent', { kind: 'heading', content: '  ' }])).toEqual([checklistInputMessages.headingsFilled]);
  });
});
