import { describe, expect, it } from 'vitest';
import { checklistToMarkdown } from '@/domain/checklists/markdown-export';
import { parseMarkdownList } from '@/domain/checklists/markdown-import';
import { demoChecklists } from './demo-content';
import { demoEntry } from './seed';

// Every demo list, downloaded as Markdown and imported again, is the same list: its title,
// description, sections, items, notes, tags, estimated time and difficulty.
describe('a demo list exported and imported again', () => {
  it.each(demoChecklists.map((demo) => [demo.key, demo] as const))('%s comes back the same', (_key, demo) => {
    const items = demo.items.map(demoEntry).map((entry, index) => ({
      id: `item-${index}`,
      orderIndex: index + 1,
      ...(typeof entry === 'string' ? { kind: 'item' as const, content: entry, note: '' } : entry),
    }));
    const list = { ...demo, items };
    // Some ticked, so the reader's ticks are written and ignored on the way back.
    const ticked = items.filter((_, index) => index % 3 === 0).map((item) => item.id);
    const markdown = checklistToMarkdown(list, ticked, `https://ticklist.example/checklist/${demo.key}`);

    const imported = parseMarkdownList(markdown, 'list', 'file');
    expect(imported).toEqual({
      ok: true,
      value: {
        title: demo.title,
        description: demo.description,
        tags: demo.tags,
        estimatedTime: demo.estimatedTime,
        difficulty: demo.difficulty,
        items: items.map(({ kind, content, note }) => ({ kind, content, note })),
      },
    });
  });
});
