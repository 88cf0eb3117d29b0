import { describe, expect, it } from 'vitest';
import { misspellings } from './browse';

describe('the misspelt words of the Browse cases', () => {
  it('swap two neighbouring letters inside a word, never its first or last, and leave out real words', () => {
    expect(misspellings(['tandshir'], new Set(['tandshir']))).toEqual([
      'tnadshir',
      'tadnshir',
      'tansdhir',
      'tandhsir',
      'tandsihr',
    ]);
    // Swapping two equal letters makes the word itself; a swap that makes another word is left out.
    expect(misspellings(['poonstoo'], new Set(['poonstoo']))).not.toContain('poonstoo');
    expect(misspellings(['tandshir'], new Set(['tandshir', 'tadnshir']))).not.toContain('tadnshir');
    expect(misspellings(['abc'], new Set())).toEqual([]);
  });
});
