import { describe, expect, it } from 'vitest';
import { noSoonerThan } from './minimum-response-time';

/** A clock that moves only when told, and records each pause. */
function fakeClock(start = 1000) {
  let now = start;
  const pauses: number[] = [];
  return {
    pauses,
    advance: (ms: number) => (now += ms),
    clock: {
      now: () => now,
      pause: async (ms: number) => {
        pauses.push(ms);
        now += ms;
      },
    },
  };
}

describe('noSoonerThan', () => {
  it('waits out the rest of the minimum after quick work, so quick and slow responses leave together', async () => {
    const quick = fakeClock();
    await noSoonerThan(600, 1000, async () => quick.advance(120), quick.clock);
    expect(quick.pauses).toEqual([480]);

    const slower = fakeClock();
    await noSoonerThan(600, 1000, async () => slower.advance(450), slower.clock);
    expect(slower.pauses).toEqual([150]);
  });

  it('adds nothing to work that took longer than the floor', async () => {
    const slow = fakeClock();
    await noSoonerThan(600, 1000, async () => slow.advance(900), slow.clock);
    expect(slow.pauses).toEqual([]);
  });

  it('holds a failure back as long as a success, then gives it', async () => {
    const failing = fakeClock();
    const work = async () => {
      failing.advance(50);
      throw new Error('taken');
    };
    await expect(noSoonerThan(600, 1000, work, failing.clock)).rejects.toThrow('taken');
    expect(failing.pauses).toEqual([550]);
  });
});
