import { describe, expect, it } from 'vitest';
import { checklistRating } from './rating';

describe('the checklist rating (decision 010)', () => {
  it('is empty until someone has used or liked the list', () => {
    expect(checklistRating(0, 0)).toBeNull();
  });

  it('starts near the middle and moves with evidence', () => {
    expect(checklistRating(1, 1)).toBe(3);
    expect(checklistRating(0, 10)).toBe(0.7);
    expect(checklistRating(10, 10)).toBe(4.3);
    expect(checklistRating(100, 100)).toBe(4.9);
  });

  it('needs several uses that were all liked to reach 4', () => {
    expect(checklistRating(5, 5)).toBeLessThan(4);
    expect(checklistRating(6, 6)).toBe(4);
  });

  it('does not let likes without uses push it past 5', () => {
    expect(checklistRating(50, 0)).toBeLessThanOrEqual(5);
    expect(checklistRating(50, 0)).toBe(4.8);
  });
});
