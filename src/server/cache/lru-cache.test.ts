import { describe, expect, it } from 'vitest';
import { createLruCache } from './lru-cache';

describe('recent entries', () => {
  it('returns what was cached until it is ttlMs old, counted from when its read began', () => {
    const entries = createLruCache<string>({ maxEntries: 10, ttlMs: 1_000 });
    entries.set('a', 'first', 5_000);
    expect(entries.get('a', 5_999)).toEqual({ value: 'first', at: 5_000 });
    expect(entries.get('a', 6_000)).toBeUndefined();
    // Gone for good once too old, even asked for with an earlier time.
    expect(entries.get('a', 5_500)).toBeUndefined();
  });

  it('holds at most maxEntries, evicting the one used least recently', () => {
    const entries = createLruCache<number>({ maxEntries: 2, ttlMs: 1_000 });
    entries.set('a', 1, 0);
    entries.set('b', 2, 0);
    expect(entries.get('a', 1)?.value).toBe(1); // a asked again: b is now the oldest
    entries.set('c', 3, 1);
    expect(entries.get('b', 2)).toBeUndefined();
    expect(entries.get('a', 2)?.value).toBe(1);
    expect(entries.get('c', 2)?.value).toBe(3);
  });

  it('replaces what a key held, with the new time', () => {
    const entries = createLruCache<string>({ maxEntries: 2, ttlMs: 1_000 });
    entries.set('a', 'old', 0);
    expect(entries.set('a', 'new', 900)).toBe('new');
    expect(entries.get('a', 1_500)).toEqual({ value: 'new', at: 900 });
  });
});
