import { describe, expect, it } from 'vitest';
import {
  acceptedChanges,
  appliedMessage,
  defaultChoice,
  upstreamBannerText,
  upstreamChangeText,
  type UpstreamChangeView,
} from './upstream-review';

const item = (content: string, note = '') => ({ kind: 'item' as const, content, note });
const change = (
  id: string,
  op: UpstreamChangeView['op'],
  sides: Partial<Pick<UpstreamChangeView, 'base' | 'theirs' | 'mine'>>,
  status: UpstreamChangeView['status'] = 'clean',
): UpstreamChangeView => ({ id, op, base: null, theirs: null, mine: null, status, ...sides });

describe('a review’s choices', () => {
  const pegs = change('add:pegs', 'add', { theirs: item('Pegs') });
  const torch = change('add:torch', 'add', { theirs: item('Torch') });
  const stove = change(
    'reword:stove',
    'reword',
    { base: item('Stove'), theirs: item('Camping stove'), mine: item('Gas stove') },
    'conflict',
  );

  it('applies a clean change and keeps the owner’s side of a conflict unless they choose', () => {
    expect(defaultChoice(pegs)).toBe('apply');
    expect(defaultChoice(stove)).toBe('mine');
    expect(acceptedChanges([pegs, torch, stove], {})).toEqual(['add:pegs', 'add:torch']);
  });

  it('sends what the owner applied and the conflicts they took from the original, nothing skipped', () => {
    expect(acceptedChanges([pegs, torch, stove], { 'add:torch': 'skip', 'reword:stove': 'theirs' })).toEqual([
      'add:pegs',
      'reword:stove',
    ]);
    expect(acceptedChanges([pegs, torch, stove], { 'add:pegs': 'skip', 'add:torch': 'skip' })).toEqual([]);
  });
});

describe('a change in words', () => {
  it('names what the original did to which entry', () => {
    expect(upstreamChangeText(change('a', 'add', { theirs: item('Pegs') }))).toBe('The original added “Pegs”');
    expect(upstreamChangeText(change('a', 'add', { theirs: { kind: 'heading', content: 'Food', note: '' } }))).toBe(
      'The original added heading “Food”',
    );
    expect(upstreamChangeText(change('r', 'remove', { base: item('Matches'), mine: item('Matches') }))).toBe(
      'The original removed “Matches”',
    );
    expect(upstreamChangeText(change('w', 'reword', { base: item('Stove'), theirs: item('Camping stove') }))).toBe(
      'The original reworded “Stove” to “Camping stove”',
    );
    expect(upstreamChangeText(change('m', 'move', { base: item('Map'), theirs: item('Map') }))).toBe(
      'The original moved “Map”',
    );
  });

  it('tells a note added, changed and removed apart', () => {
    const note = (from: string, to: string) =>
      upstreamChangeText(change('n', 'note', { base: item('Tent', from), theirs: item('Tent', to) }));
    expect(note('', 'Check the poles')).toBe('The original added a note to “Tent”');
    expect(note('Old', 'New')).toBe('The original changed the note of “Tent”');
    expect(note('Old', '')).toBe('The original removed the note of “Tent”');
  });
});

describe('the banner and the saved review', () => {
  it('sums up the changes and what was applied', () => {
    expect(upstreamBannerText([{ op: 'add' }, { op: 'add' }, { op: 'remove' }])).toBe(
      'The original has changed since you cloned it: 2 added, 1 removed',
    );
    expect(appliedMessage(0)).toBe('Marked the changes as seen.');
    expect(appliedMessage(1)).toBe('Applied 1 change from the original.');
    expect(appliedMessage(3)).toBe('Applied 3 changes from the original.');
  });
});
