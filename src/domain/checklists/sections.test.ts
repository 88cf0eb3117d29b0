import { describe, expect, it } from 'vitest';
import { countItems, isTickable } from './entries';
import { numberEntries, sectionsOf } from './sections';

const item = (content: string) => ({ kind: 'item' as const, content });
const heading = (content: string) => ({ kind: 'heading' as const, content });

describe('counting a list', () => {
  it('counts items and never headings', () => {
    expect(countItems([])).toBe(0);
    expect(countItems([heading('Before'), item('a'), item('b'), heading('After'), item('c')])).toBe(3);
    expect(countItems([heading('Only a heading')])).toBe(0);
  });

  it('ticks items only', () => {
    expect(isTickable(item('a'))).toBe(true);
    expect(isTickable(heading('A'))).toBe(false);
  });
});

describe('numberEntries', () => {
  it('numbers items among items and headings among headings', () => {
    expect(numberEntries([item('a'), heading('H'), item('b'), heading('I'), item('c')])).toEqual([1, 1, 2, 2, 3]);
  });
});

describe('sectionsOf', () => {
  it('is one section without a heading for a list without headings', () => {
    expect(sectionsOf([item('a'), item('b')])).toEqual([
      {
        heading: null,
        items: [
          { entry: item('a'), number: 1 },
          { entry: item('b'), number: 2 },
        ],
      },
    ]);
  });

  it('opens a section at each heading and numbers items across sections', () => {
    expect(sectionsOf([item('a'), heading('Tent'), item('b'), item('c'), heading('Food'), item('d')])).toEqual([
      { heading: null, items: [{ entry: item('a'), number: 1 }] },
      {
        heading: heading('Tent'),
        items: [
          { entry: item('b'), number: 2 },
          { entry: item('c'), number: 3 },
        ],
      },
      { heading: heading('Food'), items: [{ entry: item('d'), number: 4 }] },
    ]);
  });

  it('keeps a heading with no items under it, and no empty section before a first heading', () => {
    expect(sectionsOf([heading('Empty'), heading('Full'), item('a')])).toEqual([
      { heading: heading('Empty'), items: [] },
      { heading: heading('Full'), items: [{ entry: item('a'), number: 1 }] },
    ]);
    expect(sectionsOf([])).toEqual([]);
  });
});
