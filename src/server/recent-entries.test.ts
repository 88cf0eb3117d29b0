import { describe, expect, it } from 'vitest';
import { createRecentEntries } from './recent-entries';

describe('recent entries', () => {
  it('answers what was kept until it is keepMs old, counted from when its read began', () => {
    const entries = createRecentEntries<string>({ maxEntries: 10, keepMs: 1_000 });
    entries.keep('a', 'first', 5_000);
    expect(entries.get('a', 5_999)).toEqual({ value: 'first', at: 5_000 });
    expect(entries.get('a', 6_000)).toBeUndefined();
    // Gone for good once too old, even asked for with an earlier time.
    expect(entries.get('a', 5_500)).toBeUndefined();
  });

  it('keeps at most maxEntries, forgetting the one asked for least recently', () => {
    const entries = createRecentEntries<number>({ maxEntries: 2, keepMs: 1_000 });
    entries.keep('a', 1, 0);
    entries.keep('b', 2, 0);
    expect(entries.get('a', 1)?.value).toBe(1); // a asked again: b is now the oldest
    entries.keep('c', 3, 1);
    expect(entries.get('b', 2)).toBeUndefined();
    expect(entries.get('a', 2)?.value).toBe(1);
    expect(entries.get('c', 2)?.value).toBe(3);
  });

  it('replaces what a key held, with the new time', () => {
    const entries = createRecentEntries<string>({ maxEntries: 2, keepMs: 1_000 });
    entries.keep('a', 'old', 0);
    expect(entries.keep('a', 'new', 900)).toBe('new');
    expect(entries.get('a', 1_500)).toEqual({ value: 'new', at: 900 });
  });
});
