import { describe, expect, it } from 'vitest';
import { duplicateTitle, MAX_TITLE_LENGTH } from './checklist-fields';

describe('duplicateTitle', () => {
  it('adds " (copy)" to a title that leaves room for it', () => {
    expect(duplicateTitle('Packing list')).toBe('Packing list (copy)');
    expect(duplicateTitle('Packing list (copy)')).toBe('Packing list (copy) (copy)');
    const fits = 'x'.repeat(MAX_TITLE_LENGTH - ' (copy)'.length);
    expect(duplicateTitle(fits)).toBe(`${fits} (copy)`);
  });

  it('shortens a long title at a word, so the whole stays within the limit', () => {
    const long = `${'Weekly '.repeat(17)}review`.slice(0, MAX_TITLE_LENGTH);
    const title = duplicateTitle(long);
    expect(title.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
    expect(title).toMatch(/^(Weekly )+\(copy\)$/);
  });

  it('cuts a title with no space where it must, never inside a character written as two units', () => {
    const unbroken = 'y'.repeat(MAX_TITLE_LENGTH);
    expect(duplicateTitle(unbroken)).toBe(`${'y'.repeat(MAX_TITLE_LENGTH - 7)} (copy)`);
    const emoji = `${'z'.repeat(MAX_TITLE_LENGTH - 8)}😀😀`;
    const title = duplicateTitle(emoji);
    expect(title.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
    expect(title).toBe(`${'z'.repeat(MAX_TITLE_LENGTH - 8)} (copy)`);
  });
});
