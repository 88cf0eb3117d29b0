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

  it('truncates or pads stored visitor progress to the item count', () => {
    expect(parseStoredProgress('[true,false,true,true]', 2)).toEqual([true, false]);
    expect(parseStoredProgress('[true]', 3)).toEqual([true, false, false]);
    expect(parseStoredProgress('[true]', 0)).toEqual([]);
  });

  it('treats anything unreadable as no progress', () => {
    expect(parseStoredProgress(null, 2)).toEqual([false, false]);
    expect(parseStoredProgress('not json', 2)).toEqual([false, false]);
    expect(parseStoredProgress('{"0":true}', 2)).toEqual([false, false]);
    expect(parseStoredProgress('[1,"true",null,true]', 4)).toEqual([false, false, false, true]);
  });

  it('maps the signed-in user’s completed item ids onto the items in order', () => {
    const items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
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
