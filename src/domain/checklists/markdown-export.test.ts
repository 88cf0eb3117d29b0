import type { List, ListItem, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { checklistToMarkdown, checklistToText, markdownFileName, type ExportedChecklist } from './markdown-export';

const ADDRESS = 'https://ticklist.example/checklist/0b7c1e4a-5f1d-4c1e-9a43-2f4c8e1d9b10';

let nextId = 0;
const item = (content: string, note = '') => ({
  id: `i${++nextId}`,
  content,
  note,
  kind: 'item' as const,
  orderIndex: nextId,
});
const heading = (content: string) => ({
  id: `h${++nextId}`,
  content,
  note: '',
  kind: 'heading' as const,
  orderIndex: nextId,
});

function checklist(overrides: Partial<ExportedChecklist> = {}): ExportedChecklist {
  return {
    title: 'Weekend camping',
    description: 'Two nights under canvas.',
    tags: ['camping', 'outdoors'],
    items: [item('Tent'), item('Stove')],
    estimatedTime: '1 hour',
    difficulty: 'medium',
    ...overrides,
  };
}

const parse = (markdown: string): Root =>
  fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });

/** Each task list item as an import reads it: its box, its first line (the item) and the rest (its note). */
function readItems(markdown: string) {
  return parse(markdown)
    .children.filter((node): node is List => node.type === 'list')
    .flatMap((list) => list.children)
    .map((listItem: ListItem) => {
      const [content = '', ...note] = listItem.children
        .map((child) => toString(child))
        .join('\n\n')
        .split('\n');
      return { checked: listItem.checked, content, note: note.join('\n') };
    });
}

describe('checklistToMarkdown', () => {
  it('writes the format: title, description, task list, tags, time and difficulty, source', () => {
    const tent = item('Tent');
    const stove = item('Stove');
    const markdown = checklistToMarkdown(checklist({ items: [tent, stove] }), [stove.id], ADDRESS);
    expect(markdown).toBe(
      [
        '# Weekend camping',
        '',
        'Two nights under canvas.',
        '',
        '- [ ] Tent',
        '- [x] Stove',
        '',
        'Tags: camping, outdoors',
        '',
        'Estimated time: 1 hour · Difficulty: medium',
        '',
        `Source: <${ADDRESS}>`,
        '',
      ].join('\n'),
    );
  });

  it('ticks only the reader’s completions, and never a heading', () => {
    const items = [item('One'), heading('Later'), item('Two'), item('Three')];
    const markdown = checklistToMarkdown(checklist({ items }), [items[3]!.id, items[1]!.id], ADDRESS);
    expect(readItems(markdown).map(({ checked, content }) => [checked, content])).toEqual([
      [false, 'One'],
      [false, 'Two'],
      [true, 'Three'],
    ]);
    expect(checklistToMarkdown(checklist({ items }), [], ADDRESS)).not.toContain('[x]');
  });

  it('writes headings as level-two headings between the task lists they open', () => {
    const markdown = checklistToMarkdown(
      checklist({ items: [item('Passport'), heading('On the day'), item('Lock the door'), heading('Empty')] }),
      [],
      ADDRESS,
    );
    expect(markdown).toContain('- [ ] Passport\n\n## On the day\n\n- [ ] Lock the door\n\n## Empty\n\nTags:');
    const tree = parse(markdown);
    expect(tree.children.map((node) => (node.type === 'heading' ? `h${node.depth}` : node.type))).toEqual([
      'h1',
      'paragraph',
      'list',
      'h2',
      'list',
      'h2',
      'paragraph',
      'paragraph',
      'paragraph',
    ]);
  });

  it('indents a note of several lines under its item, in the same list item', () => {
    const markdown = checklistToMarkdown(
      checklist({ items: [item('Tent', 'The green one.\nCheck the poles.'), item('Stove')] }),
      [],
      ADDRESS,
    );
    expect(markdown).toContain('- [ ] Tent\n  The green one.\n  Check the poles.\n- [ ] Stove\n');
    expect(readItems(markdown)).toEqual([
      { checked: false, content: 'Tent', note: 'The green one.\nCheck the poles.' },
      { checked: false, content: 'Stove', note: '' },
    ]);
  });

  it('keeps a note’s blank line and indented lines inside its item', () => {
    const note = 'First paragraph.\n\n    Indented line\n- not a list';
    const markdown = checklistToMarkdown(checklist({ items: [item('Tent', note), item('Stove')] }), [], ADDRESS);
    expect(readItems(markdown)).toEqual([
      { checked: false, content: 'Tent', note },
      { checked: false, content: 'Stove', note: '' },
    ]);
  });

  it('escapes what means something in Markdown, so every text reads back as itself', () => {
    const nasty = [
      '# not a heading',
      '*stars* and _underscores_ and `code`',
      '[a link](https://evil.example) <b>html</b> &amp;',
      '1. not a number',
      '> not a quote',
      '| a | b |',
      '[ ] not a box',
      '~~not struck~~',
      'back\\slash',
    ];
    const items = nasty.map((content) => item(content, `${content}\n===\n---`));
    const markdown = checklistToMarkdown(
      checklist({
        title: '*Title* [x] #1',
        description: '- not a list\n+ nor this',
        tags: ['c*d', 'a_b'],
        items: [heading('## Not _emphasis_'), ...items],
      }),
      [],
      ADDRESS,
    );
    const tree = parse(markdown);
    expect(toString(tree.children[0])).toBe('*Title* [x] #1');
    expect(toString(tree.children[1])).toBe('- not a list\n+ nor this');
    expect(toString(tree.children[2])).toBe('## Not _emphasis_');
    expect(readItems(markdown)).toEqual(
      nasty.map((content) => ({ checked: false, content, note: `${content}\n===\n---` })),
    );
    expect(tree.children.map((node) => toString(node))).toContain('Tags: c*d, a_b');
    // Nothing became a link, an emphasis, HTML or a table.
    const kinds = new Set<string>();
    const visit = (node: { type: string; children?: unknown[] }) => {
      kinds.add(node.type);
      for (const child of (node.children ?? []) as (typeof node)[]) visit(child);
    };
    visit(tree);
    expect([...kinds].sort()).toEqual(['heading', 'link', 'list', 'listItem', 'paragraph', 'root', 'text']);
  });

  it('writes a web address as an autolink, whose text is the address itself', () => {
    const markdown = checklistToMarkdown(
      checklist({ items: [item('Book at https://camp.example/book?site=4.', 'See https://camp.example/map')] }),
      [],
      ADDRESS,
    );
    expect(markdown).toContain('- [ ] Book at <https://camp.example/book?site=4>.\n  See <https://camp.example/map>\n');
    expect(readItems(markdown)[0]).toEqual({
      checked: false,
      content: 'Book at https://camp.example/book?site=4.',
      note: 'See https://camp.example/map',
    });
  });

  it('leaves Tags out when the list has none', () => {
    const markdown = checklistToMarkdown(checklist({ tags: [] }), [], ADDRESS);
    expect(markdown).not.toContain('Tags:');
    expect(markdown).toContain('- [ ] Stove\n\nEstimated time: 1 hour · Difficulty: medium\n\nSource:');
  });

  it('keeps a description’s paragraphs apart, and has none for an empty description', () => {
    const markdown = checklistToMarkdown(checklist({ description: 'First.\nStill first.\n\nSecond.' }), [], ADDRESS);
    expect(markdown).toContain('# Weekend camping\n\nFirst.\nStill first.\n\nSecond.\n\n- [ ] Tent');
    expect(checklistToMarkdown(checklist({ description: '' }), [], ADDRESS)).toContain(
      '# Weekend camping\n\n- [ ] Tent',
    );
  });
});

describe('checklistToText', () => {
  it('writes the title, description, boxes with the reader’s completions, headings, notes, tags and address', () => {
    const items = [item('Passport', 'In the drawer.\n\nCheck the date.'), heading('On the day'), item('Lock the door')];
    expect(checklistToText(checklist({ items }), [items[0]!.id], ADDRESS)).toBe(
      [
        'Weekend camping',
        '',
        'Two nights under canvas.',
        '',
        '☑ Passport',
        '  In the drawer.',
        '',
        '  Check the date.',
        '',
        'On the day',
        '',
        '☐ Lock the door',
        '',
        'Tags: camping, outdoors',
        '',
        ADDRESS,
        '',
      ].join('\n'),
    );
  });

  it('writes Markdown’s characters as they are, and leaves out the tags when there are none', () => {
    const text = checklistToText(checklist({ tags: [], items: [item('*Tent* [x]')] }), [], ADDRESS);
    expect(text).toContain('☐ *Tent* [x]\n');
    expect(text).not.toContain('Tags:');
    expect(text.endsWith(`☐ *Tent* [x]\n\n${ADDRESS}\n`)).toBe(true);
  });
});

describe('markdownFileName', () => {
  it('is the title in lower case with hyphens, accents dropped, any script kept', () => {
    expect(markdownFileName('Weekend Camping: 2 nights!')).toBe('weekend-camping-2-nights.md');
    expect(markdownFileName('Café crème brûlée')).toBe('cafe-creme-brulee.md');
    expect(markdownFileName('  Überprüfung / チェック  ')).toBe('uberprufung-チェック.md');
  });

  it('is "checklist" for a title of no letters or digits, and stays short', () => {
    expect(markdownFileName('!!! ???')).toBe('checklist.md');
    expect(markdownFileName('a'.repeat(200))).toBe(`${'a'.repeat(80)}.md`);
  });
});
