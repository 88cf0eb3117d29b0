import { describe, expect, it } from 'vitest';
import { MAX_HEADINGS, MAX_ITEM_LENGTH, MAX_ITEMS, MAX_NOTE_LENGTH, type ChecklistEntry } from './checklist-fields';
import { markdownImportMessages as m, MAX_IMPORT_BYTES } from './markdown-import-limits';
import { parseMarkdownList, type ImportedList, type ImportMode } from './markdown-import';

const item = (content: string, note = ''): ChecklistEntry => ({ kind: 'item', content, note });
const heading = (content: string): ChecklistEntry => ({ kind: 'heading', content, note: '' });

function parsed(text: string, mode: ImportMode = 'list'): ImportedList {
  const outcome = parseMarkdownList(text, mode, 'file');
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.value;
}
const entries = (text: string, mode: ImportMode = 'list') => parsed(text, mode).items;
const refusal = (text: string, source: 'file' | 'pasted text' = 'file') => {
  const outcome = parseMarkdownList(text, 'list', source);
  return outcome.ok ? null : outcome.message;
};

describe('lines and list markers', () => {
  it('reads each non-empty line of plain text as an item', () => {
    expect(entries('Pack the tent\n\nBook the van\r\nBuy gas\n')).toEqual([
      item('Pack the tent'),
      item('Book the van'),
      item('Buy gas'),
    ]);
  });

  it.each([
    ['an open task', '- [ ] Pack the tent'],
    ['a done task', '- [x] Pack the tent'],
    ['an asterisk', '* Pack the tent'],
    ['a dash', '- Pack the tent'],
    ['a plus', '+ Pack the tent'],
    ['a number', '1. Pack the tent'],
    ['a number with a parenthesis', '3) Pack the tent'],
  ])('drops %s marker', (_, line) => {
    expect(entries(`${line}\n${line}`)).toEqual([item('Pack the tent'), item('Pack the tent')]);
  });

  it('keeps what only looks like a marker when Markdown says it is text', () => {
    expect(entries('-not a marker\n2026. A year')).toEqual([item('-not a marker'), item('2026. A year')]);
  });
});

describe('headings and the title', () => {
  it('reads headings of any depth as heading entries', () => {
    expect(entries('Intro line\n# Packing\n- Tent\n## Food\n- Beans\n#### Deep\n- Salt')).toEqual([
      item('Intro line'),
      heading('Packing'),
      item('Tent'),
      heading('Food'),
      item('Beans'),
      heading('Deep'),
      item('Salt'),
    ]);
  });

  it('takes a first depth-1 heading followed by more as the title', () => {
    const list = parsed('# Camping trip\n\n- Tent\n# Later\n- Stove');
    expect(list.title).toBe('Camping trip');
    expect(list.items).toEqual([item('Tent'), heading('Later'), item('Stove')]);
  });

  it('keeps a lone depth-1 heading, a first depth-2 heading, or a paste’s first heading as headings', () => {
    expect(parsed('# Camping')).toEqual({ items: [heading('Camping')] });
    expect(parsed('## Camping\n- Tent')).toEqual({ items: [heading('Camping'), item('Tent')] });
    expect(parsed('# Camping\n- Tent', 'rows')).toEqual({ items: [heading('Camping'), item('Tent')] });
  });
});

describe('notes', () => {
  it('reads a list item’s continuation lines as its note, one line per line', () => {
    expect(entries('- [ ] Stove\n  gas canister\n  and matches\n- [ ] Tent')).toEqual([
      item('Stove', 'gas canister\nand matches'),
      item('Tent'),
    ]);
  });

  it('reads a plain line indented deeper than the item line above as its note', () => {
    expect(entries('Stove\n  gas canister\n\tmatches\nTent\n    pegs\n\n  mallet\nTarp')).toEqual([
      item('Stove', 'gas canister\nmatches'),
      item('Tent', 'pegs\n\nmallet'),
      item('Tarp'),
    ]);
  });

  it('reads nested list items and later paragraphs as the note, as text', () => {
    expect(entries('1. Stove\n   - gas\n   - [ ] matches\n2. Tent')).toEqual([
      item('Stove', 'gas\nmatches'),
      item('Tent'),
    ]);
    expect(entries('- Stove\n\n  Check the gas.\n\n  Twice.\n- Tent')).toEqual([
      item('Stove', 'Check the gas.\n\nTwice.'),
      item('Tent'),
    ]);
  });

  it('reads a continuation line at the marker’s level as an item of its own, not a note', () => {
    expect(entries('- Stove\nTent')).toEqual([item('Stove'), item('Tent')]);
  });

  it('never gives a heading a note: an indented line under a heading is an item', () => {
    expect(entries('## Food\n  Beans')).toEqual([heading('Food'), item('Beans')]);
  });
});

describe('text is read as text', () => {
  it('drops emphasis, keeps escaped characters, link text and autolink addresses', () => {
    expect(
      entries(
        [
          '- **Bring** the _big_ ~~small~~ tent',
          '- 2 \\* 3 \\# not a heading \\[x\\] \\_a\\_',
          '- Read [the guide](https://example.com/guide)',
          '- See <https://example.com/a> and www.example.org',
          '- Run `npm test`',
          '- Fish &amp; chips',
        ].join('\n'),
      ),
    ).toEqual([
      item('Bring the big small tent'),
      item('2 * 3 # not a heading [x] _a_'),
      item('Read the guide'),
      item('See https://example.com/a and www.example.org'),
      item('Run npm test'),
      item('Fish & chips'),
    ]);
  });

  it('leaves out characters a field refuses, and reads a tab as a space', () => {
    expect(entries('Pack\u202e the\ttent\u0007')).toEqual([item('Pack the tent')]);
  });
});

describe('description and labelled fields', () => {
  it('reads the paragraphs between the title and the first list or heading as the description', () => {
    const list = parsed('# Camping\n\nFor a weekend.\nTwo nights.\n\nBring friends.\n\n- Tent');
    expect(list.description).toBe('For a weekend.\nTwo nights.\n\nBring friends.');
    expect(list.items).toEqual([item('Tent')]);
  });

  it('reads the lines under a title as items when no list or heading follows', () => {
    expect(parsed('# Groceries\n\nMilk\nEggs')).toEqual({ title: 'Groceries', items: [item('Milk'), item('Eggs')] });
  });

  it('reads the labels as their fields, in any case, and leaves the source out', () => {
    const list = parsed(
      '# Camping\n\nA trip.\n\n- Tent\n\nTags: outdoors, Trip, trip\n\nEstimated time: 2+ hours · Difficulty: Hard\n\nSource: https://ticklist.example/checklist/1',
    );
    expect(list).toEqual({
      title: 'Camping',
      description: 'A trip.',
      items: [item('Tent')],
      tags: ['outdoors', 'Trip'],
      estimatedTime: '2+ hours',
      difficulty: 'hard',
    });
    expect(parsed('- Tent\n\nDifficulty: easy\nEstimated time: 5 MINUTES')).toMatchObject({
      difficulty: 'easy',
      estimatedTime: '5 minutes',
    });
  });

  it('leaves a field unset when its value is not one of the choices', () => {
    expect(parsed('- Tent\n\nEstimated time: 3 days · Difficulty: brutal')).toEqual({ items: [item('Tent')] });
  });

  it('reads labelled lines of a paste as items', () => {
    expect(entries('Tags: pack light\nSource: the shop', 'rows')).toEqual([
      item('Tags: pack light'),
      item('Source: the shop'),
    ]);
  });
});

describe('a list exported by Ticklist reads back as the same list', () => {
  it('keeps the title, description, headings, items, notes, tags, time and difficulty', () => {
    const exported = [
      '# Weekend camping \\*trip\\*',
      '',
      'Everything for two nights.',
      'Check the weather first.',
      '',
      '- [ ] Book the site',
      '- [x] Pack the tent',
      '  Two-person, with the footprint.',
      '  Pegs in the side pocket.',
      '',
      '## Food',
      '',
      '- [ ] Beans \\& bread',
      '- [ ] 1\\. Breakfast',
      '',
      'Tags: outdoors, camping',
      '',
      'Estimated time: 2+ hours · Difficulty: medium',
      '',
      'Source: https://ticklist.example/checklist/abc',
      '',
    ].join('\n');
    expect(parsed(exported)).toEqual({
      title: 'Weekend camping *trip*',
      description: 'Everything for two nights.\nCheck the weather first.',
      items: [
        item('Book the site'),
        item('Pack the tent', 'Two-person, with the footprint.\nPegs in the side pocket.'),
        heading('Food'),
        item('Beans & bread'),
        item('1. Breakfast'),
      ],
      tags: ['outdoors', 'camping'],
      estimatedTime: '2+ hours',
      difficulty: 'medium',
    });
  });
});

describe('limits, binary and empty input', () => {
  const lines = (count: number, prefix = 'Item') => Array.from({ length: count }, (_, i) => `${prefix} ${i + 1}`);

  it('names the item limit instead of cutting the list', () => {
    expect(refusal(lines(MAX_ITEMS).join('\n'))).toBeNull();
    expect(refusal(lines(140).join('\n'))).toBe(
      `The file has 140 items; a checklist can have at most ${MAX_ITEMS} items.`,
    );
    expect(refusal(lines(101).join('\n'), 'pasted text')).toBe(m.tooManyItems('pasted text', 101));
  });

  it('names the heading, length, note, title, description and tag limits', () => {
    const headings = lines(MAX_HEADINGS + 1, '## Part').join('\n');
    expect(refusal(`${headings}\n- Tent`)).toBe(m.tooManyHeadings('file', MAX_HEADINGS + 1));
    expect(refusal(`- Tent\n- ${'x'.repeat(MAX_ITEM_LENGTH + 1)}`)).toBe(m.itemTooLong('file', 2, MAX_ITEM_LENGTH + 1));
    expect(refusal(`## ${'x'.repeat(MAX_ITEM_LENGTH + 1)}\n- Tent`)).toBe(
      m.headingTooLong('file', 1, MAX_ITEM_LENGTH + 1),
    );
    expect(refusal(`- Tent\n  ${'x'.repeat(MAX_NOTE_LENGTH + 1)}`)).toBe(m.noteTooLong('file', 1, MAX_NOTE_LENGTH + 1));
    expect(refusal(`# ${'x'.repeat(121)}\n- Tent`)).toBe(m.titleTooLong('file', 121));
    expect(refusal(`# T\n\n${'x'.repeat(2001)}\n\n- Tent`)).toBe(m.descriptionTooLong('file', 2001));
    expect(refusal(`- Tent\n\nTags: ${lines(11, 'tag').join(', ')}`)).toBe(m.tooManyTags('file', 11));
    expect(refusal(`- Tent\n\nTags: ${'t'.repeat(31)}`)).toBe(m.tagTooLong('file', 't'.repeat(31)));
  });

  it('refuses empty input and input with nothing to import', () => {
    expect(refusal('')).toBe('The file is empty: there is nothing to import.');
    expect(refusal(' \n\t\n', 'pasted text')).toBe(m.empty('pasted text'));
    expect(refusal('---\n\n***')).toBe(m.noEntries('file'));
  });

  it('refuses binary input: a NUL, or many control or replacement characters', () => {
    expect(refusal('- Tent\u0000')).toBe(m.binary('file'));
    expect(refusal('PK\u0003\u0004\u0014\u0000\u0008')).toBe(m.binary('file'));
    expect(refusal('\ufffd\ufffdPNG\u001a\ufffd\ufffd')).toBe(m.binary('file'));
    expect(refusal(`Caf\ufffd au lait\n${'- Tent\n'.repeat(3)}`)).toBeNull();
  });

  it('refuses text over the size of a file to import', () => {
    expect(refusal('x'.repeat(MAX_IMPORT_BYTES + 1), 'pasted text')).toBe(m.textTooLarge);
  });
});
