import { describe, expect, it } from 'vitest';
import { MAX_SUGGESTIONS } from '@/domain/checklists/item-suggestions';
import { canSuggestFor, suggestionDraft, suggestionsToShow } from './suggestion-draft';

const row = (content: string) => ({ content, kind: 'item' as const, note: '' });

describe('suggestionDraft', () => {
  it('sends the trimmed title and only the filled tags and entries', () => {
    expect(
      suggestionDraft({
        title: '  Camping weekend ',
        tags: [{ value: ' outdoors ' }, { value: '  ' }],
        items: [row(' Tent '), row(''), row('Stove')],
      }),
    ).toEqual({ title: 'Camping weekend', tags: ['outdoors'], items: ['Tent', 'Stove'] });
  });
});

describe('canSuggestFor', () => {
  it('asks from a title of three characters or from a tag', () => {
    expect(canSuggestFor({ title: 'Ca', tags: [], items: ['Tent'] })).toBe(false);
    expect(canSuggestFor({ title: 'Cam', tags: [], items: [] })).toBe(true);
    expect(canSuggestFor({ title: '', tags: ['travel'], items: [] })).toBe(true);
  });
});

describe('suggestionsToShow', () => {
  it('leaves out what the list already has, whatever its case', () => {
    const shown = suggestionsToShow(
      [
        { content: 'Tent', lists: 4 },
        { content: 'Head torch', lists: 3 },
      ],
      [' tent'],
    );
    expect(shown.map((suggestion) => suggestion.content)).toEqual(['Head torch']);
  });

  it(`shows at most ${MAX_SUGGESTIONS}`, () => {
    const many = Array.from({ length: MAX_SUGGESTIONS + 3 }, (_, index) => ({ content: `Item ${index}`, lists: 2 }));
    expect(suggestionsToShow(many, [])).toHaveLength(MAX_SUGGESTIONS);
  });
});
