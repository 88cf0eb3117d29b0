import { describe, expect, it } from 'vitest';
import { addedByText, adoptedVersionNote, remixesAddedText } from './remix-ideas';

describe('ideas from remixes, in words', () => {
  it('names up to three remixers and counts the rest', () => {
    expect(addedByText(['Sam'], 1)).toBe('Added by Sam');
    expect(addedByText(['Sam', 'Alex'], 2)).toBe('Added by Sam and Alex');
    expect(addedByText(['Sam', 'Alex', 'Kim'], 5)).toBe('Added by Sam, Alex, Kim and 2 others');
    expect(addedByText([], 4)).toBe('Added by 4 people');
    expect(adoptedVersionNote(['Sam', 'Alex', 'Kim'], 4)).toBe('Idea from remixes by Sam, Alex, Kim and 1 other');
    expect(remixesAddedText({ remixes: 4 })).toBe('4 remixes added this');
  });
});
