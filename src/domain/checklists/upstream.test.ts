import { describe, expect, it } from 'vitest';
import { applyUpstream, changeId, upstreamChanges, type CloneEntry } from './upstream';
import type { KeyedEntry } from './versions';

const original = (...texts: string[]): KeyedEntry[] =>
  texts.map((text) => ({ key: `k-${text.toLowerCase()}`, kind: 'item', content: text, note: '' }));
/** The clone's copy of each original entry (c-… ids), with its source. */
const copy = (entries: KeyedEntry[]): CloneEntry[] =>
  entries.map((e) => ({ id: `c-${e.key}`, kind: e.kind, content: e.content, note: e.note, sourceKey: e.key }));
const own = (text: string): CloneEntry => ({
  id: `own-${text}`,
  kind: 'item',
  content: text,
  note: '',
  sourceKey: null,
});
const reword = (entries: KeyedEntry[], key: string, content: string) =>
  entries.map((e) => (e.key === key ? { ...e, content } : e));

const statuses = (base: KeyedEntry[], theirs: KeyedEntry[], mine: CloneEntry[]) =>
  upstreamChanges(base, theirs, mine).map((c) => `${c.op} ${c.key}: ${c.status}`);
const acceptAll = (base: KeyedEntry[], theirs: KeyedEntry[], mine: CloneEntry[]) =>
  applyUpstream(base, theirs, mine, new Set(upstreamChanges(base, theirs, mine).map(changeId))).map((e) => e.content);

describe('comparing the original’s changes with the clone', () => {
  const base = original('Tent', 'Stove', 'Map');

  it('an added entry is offered, and placed after its neighbour in the original', () => {
    const theirs = original('Tent', 'Pegs', 'Stove', 'Map');
    const mine = [...copy(base), own('Midge net')];
    expect(statuses(base, theirs, mine)).toEqual(['add k-pegs: clean']);
    expect(acceptAll(base, theirs, mine)).toEqual(['Tent', 'Pegs', 'Stove', 'Map', 'Midge net']);
  });

  it('an addition the clone already has (same text) asks nothing', () => {
    const theirs = original('Tent', 'Stove', 'Map', 'Torch');
    expect(statuses(base, theirs, [...copy(base), own('torch')])).toEqual(['add k-torch: done']);
  });

  it('a removal removes an entry the owner left as it was, and is a conflict on one they changed', () => {
    const theirs = original('Tent', 'Map');
    expect(statuses(base, theirs, copy(base))).toEqual(['remove k-stove: clean']);
    expect(acceptAll(base, theirs, copy(base))).toEqual(['Tent', 'Map']);
    const edited = copy(base).map((e) => (e.content === 'Stove' ? { ...e, note: 'Gas, not petrol' } : e));
    expect(statuses(base, theirs, edited)).toEqual(['remove k-stove: conflict']);
  });

  it('a rewording replaces only text the owner did not reword; both reworded is a conflict', () => {
    const theirs = reword(base, 'k-stove', 'Camping stove');
    expect(statuses(base, theirs, copy(base))).toEqual(['reword k-stove: clean']);
    expect(acceptAll(base, theirs, copy(base))).toEqual(['Tent', 'Camping stove', 'Map']);
    const mine = copy(reword(base, 'k-stove', 'Gas stove'));
    expect(statuses(base, theirs, mine)).toEqual(['reword k-stove: conflict']);
    expect(statuses(base, theirs, copy(theirs))).toEqual(['reword k-stove: done']);
  });

  it('an entry the owner removed takes no change of the original’s', () => {
    const theirs = reword(base, 'k-stove', 'Camping stove');
    const mine = copy(base).filter((e) => e.content !== 'Stove');
    expect(statuses(base, theirs, mine)).toEqual(['reword k-stove: done']);
    expect(statuses(base, original('Tent', 'Map'), mine)).toEqual(['remove k-stove: done']);
  });

  it('a note follows the same rule as a rewording', () => {
    const theirs = base.map((e) => (e.key === 'k-map' ? { ...e, note: 'The 1:25k one' } : e));
    expect(statuses(base, theirs, copy(base))).toEqual(['note k-map: clean']);
    const mine = copy(base).map((e) => (e.content === 'Map' ? { ...e, note: 'Phone has it' } : e));
    expect(statuses(base, theirs, mine)).toEqual(['note k-map: conflict']);
  });

  it('a move places the clone’s entry after its new neighbour, keeping the owner’s own entries', () => {
    const theirs = original('Map', 'Tent', 'Stove');
    const mine = [...copy(base).slice(0, 2), own('Midge net'), ...copy(base).slice(2)];
    expect(statuses(base, theirs, mine)).toEqual(['move k-map: clean']);
    expect(acceptAll(base, theirs, mine)).toEqual(['Map', 'Tent', 'Stove', 'Midge net']);
  });

  it('applies only what the owner accepted: a skipped change leaves the clone as it was', () => {
    const theirs = reword(original('Tent', 'Stove', 'Map', 'Pegs'), 'k-tent', 'Big tent');
    const mine = copy(base);
    const result = applyUpstream(base, theirs, mine, new Set(['add:k-pegs']));
    expect(result.map((e) => e.content)).toEqual(['Tent', 'Stove', 'Map', 'Pegs']);
    expect(result.at(-1)).toMatchObject({ sourceKey: 'k-pegs' });
    expect(result[0]).toMatchObject({ id: 'c-k-tent' });
  });

  it('accepting a conflict takes the original’s side', () => {
    const theirs = reword(base, 'k-stove', 'Camping stove');
    const mine = copy(reword(base, 'k-stove', 'Gas stove'));
    expect(applyUpstream(base, theirs, mine, new Set(['reword:k-stove'])).map((e) => e.content)).toEqual([
      'Tent',
      'Camping stove',
      'Map',
    ]);
  });

  it('finds the entries of a clone made before sources were kept by their text', () => {
    const theirs = reword(base, 'k-map', 'Road map');
    const mine: CloneEntry[] = copy(base).map((e) => ({ ...e, sourceKey: null }));
    expect(statuses(base, theirs, mine)).toEqual(['reword k-map: clean']);
    expect(acceptAll(base, theirs, mine)).toEqual(['Tent', 'Stove', 'Road map']);
  });
});
