import { describe, expect, it } from 'vitest';
import { CHANGES_SHOWN, changeText, shownChanges, versionMessages, versionSummaryText } from './version-history';
import type { VersionChange } from './versions';

const reword = (from: string, to: string): VersionChange => ({ op: 'reword', key: from, kind: 'item', from, to });

describe('a version’s line in the history', () => {
  it('says the first version is the first, with how many entries the list began with', () => {
    expect(versionSummaryText({ number: 1, changes: [], entryCount: 3 })).toBe(`${versionMessages.first} · 3 entries`);
    expect(versionSummaryText({ number: 1, changes: [], entryCount: 1 })).toBe(`${versionMessages.first} · 1 entry`);
  });

  it('sums up any later version’s changes in one line', () => {
    const changes: VersionChange[] = [
      reword('Stove', 'Gas stove'),
      { op: 'add', key: 'k2', kind: 'item', content: 'Map', note: '', after: null },
      { op: 'remove', key: 'k3', kind: 'heading', content: 'Food' },
    ];
    expect(versionSummaryText({ number: 4, changes, entryCount: 9 })).toBe('1 added, 1 reworded, 1 removed');
  });
});

describe('the changes a version lists', () => {
  const changes = Array.from({ length: CHANGES_SHOWN + 2 }, (_, index) => reword(`Item ${index}`, `Step ${index}`));

  it('are the first few until expanded, then all of them', () => {
    expect(shownChanges(changes, false)).toEqual(changes.slice(0, CHANGES_SHOWN));
    expect(shownChanges(changes, true)).toEqual(changes);
  });

  it('are all of them when there are few', () => {
    const few = changes.slice(0, CHANGES_SHOWN);
    expect(shownChanges(few, false)).toEqual(few);
  });
});

describe('a change as a sentence', () => {
  it('names the entry, its kind when a heading, and both wordings of a rewording', () => {
    expect(changeText(reword('Stove', 'Gas stove'))).toBe('Reworded “Stove” to “Gas stove”');
    expect(changeText({ op: 'remove', key: 'k', kind: 'heading', content: 'Food' })).toBe('Removed heading “Food”');
    expect(changeText({ op: 'note', key: 'k', content: 'Tent', from: '', to: 'Two poles' })).toBe(
      'Added a note to “Tent”',
    );
  });
});
