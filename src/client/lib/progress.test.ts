import { describe, expect, it } from 'vitest';
import {
  CONFETTI_PARTICLES,
  confettiBursts,
  countCompleted,
  createSparkles,
  completionFromIds,
  isAllCompleted,
  parseStoredProgress,
  progressStorageKey,
  storedProgress,
  usesAfterChange,
  withItemCompletion,
} from '@/client/lib/progress';

describe('progress', () => {
  it('is complete only when every item is completed and there is at least one', () => {
    expect(isAllCompleted([])).toBe(false);
    expect(isAllCompleted([true, false])).toBe(false);
    expect(isAllCompleted([true, true])).toBe(true);
    expect(countCompleted([true, false, true])).toBe(2);
  });

  it('keeps visitor progress under a key per checklist', () => {
    expect(progressStorageKey('abc')).toBe('ticklist:progress:abc');
  });

  const items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

  it('keeps a visitor’s progress on its items when the author reorders, inserts or removes items', () => {
    const stored = storedProgress(['b', 'c']);
    expect(parseStoredProgress(stored, items)).toEqual(['b', 'c']);
    const reordered = [{ id: 'c' }, { id: 'new' }, { id: 'a' }, { id: 'b' }];
    expect(completionFromIds(reordered, parseStoredProgress(stored, reordered))).toEqual([true, false, false, true]);
    expect(parseStoredProgress(stored, [{ id: 'a' }, { id: 'c' }])).toEqual(['c']);
  });

  it('reads progress stored by position, before it was kept by id, against the current order', () => {
    expect(parseStoredProgress('[true,false,true,true]', items)).toEqual(['a', 'c']);
    expect(parseStoredProgress('[false,true]', items)).toEqual(['b']);
  });

  it('treats anything unreadable as no progress', () => {
    expect(parseStoredProgress(null, items)).toEqual([]);
    expect(parseStoredProgress('not json', items)).toEqual([]);
    expect(parseStoredProgress('{"0":true}', items)).toEqual([]);
    expect(parseStoredProgress('{"completedItemIds":"a"}', items)).toEqual([]);
    expect(parseStoredProgress('{"completedItemIds":[1,null,"b"]}', items)).toEqual(['b']);
    expect(parseStoredProgress('[1,"true",null]', items)).toEqual([]);
  });

  it('maps the signed-in user’s completed item ids onto the items in order', () => {
    expect(completionFromIds(items, ['c', 'a', 'gone'])).toEqual([true, false, true]);
    expect(withItemCompletion(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(withItemCompletion(['a', 'b'], 'a', false)).toEqual(['b']);
    expect(withItemCompletion(['a'], 'a', true)).toEqual(['a']);
  });

  it('counts a use on the first completion and takes it back with the last', () => {
    expect(usesAfterChange(4, 0, 1)).toBe(5);
    expect(usesAfterChange(4, 1, 2)).toBe(4);
    expect(usesAfterChange(5, 1, 0)).toBe(4);
    expect(usesAfterChange(0, 1, 0)).toBe(0);
    // A user who started a list again keeps their use, with or without a tick.
    expect(usesAfterChange(4, 0, 1, true)).toBe(4);
    expect(usesAfterChange(4, 1, 0, true)).toBe(4);
  });

  it('fires exactly 150 confetti particles, alternating sides', () => {
    const bursts = confettiBursts();
    expect(bursts.reduce((sum, burst) => sum + burst.particleCount, 0)).toBe(CONFETTI_PARTICLES);
    expect(bursts[0]).toMatchObject({ delayMs: 0, originX: 0.2 });
    expect(bursts[1]).toMatchObject({ originX: 0.8 });
    expect(confettiBursts(7, 3).map((burst) => burst.particleCount)).toEqual([3, 2, 2]);
  });

  it('places 30 sparkles inside the viewport', () => {
    const sparkles = createSparkles(undefined, () => 0.5);
    expect(sparkles).toHaveLength(30);
    expect(new Set(sparkles.map((sparkle) => sparkle.id)).size).toBe(30);
    for (const sparkle of createSparkles(30, Math.random)) {
      expect(sparkle.left).toBeGreaterThanOrEqual(0);
      expect(sparkle.left).toBeLessThanOrEqual(100);
      expect(sparkle.top).toBeGreaterThanOrEqual(0);
      expect(sparkle.top).toBeLessThanOrEqual(100);
    }
  });
});
