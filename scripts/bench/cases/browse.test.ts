import { describe, expect, it } from 'vitest';
import { misspellings, shareOf } from './browse';

describe('the misspelt words of the Browse cases', () => {
  it('swap two neighbouring letters inside a word, leave one out, double one or strike the key beside it, never its first or last', () => {
    expect(misspellings(['tandshir'], new Set(['tandshir']))).toEqual([
      'tnadshir',
      'tadnshir',
      'tansdhir',
      'tandhsir',
      'tandsihr',
      'tndshir',
      'tadshir',
      'tanshir',
      'tandhir',
      'tandsir',
      'tandshr',
      'taandshir',
      'tanndshir',
      'tanddshir',
      'tandsshir',
      'tandshhir',
      'tandshiir',
      // a, n, d, s, h and i, each as the keys beside it
      'tsndshir',
      'tabdshir',
      'tamdshir',
      'tansshir',
      'tanfshir',
      'tandahir',
      'tanddhir',
      'tandsgir',
      'tandsjir',
      'tandshur',
      'tandshor',
    ]);
    expect(misspellings(['abc'], new Set())).toEqual(['ac', 'abbc', 'avc', 'anc']);
  });

  it('hold each typo once, and leave out real words and the words a typo begins', () => {
    // Swapping two equal letters makes the word itself; leaving out either of them makes one typo.
    const typos = misspellings(['poonstoo'], new Set(['poonstoo']));
    expect(typos).not.toContain('poonstoo');
    expect(typos.filter((typo) => typo === 'ponstoo')).toHaveLength(1);
    expect(misspellings(['tandshir'], new Set(['tandshir', 'tadnshir']))).not.toContain('tadnshir');
    // "tandsir" would find "tandsirra" as its prefix: no search for it is misspelt.
    expect(misspellings(['tandshir'], new Set(['tandshir', 'tandsirra']))).not.toContain('tandsir');
  });

  it('are shared out among the cases, no typo in two shares', () => {
    const items = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const shares = [0, 1, 2].map((index) => shareOf(items, index, 3));
    expect(shares).toEqual([
      ['a', 'd', 'g'],
      ['b', 'e'],
      ['c', 'f'],
    ]);
  });
});
