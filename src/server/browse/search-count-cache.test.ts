import { describe, expect, it } from 'vitest';
import { createSearchCounts, SEARCH_COUNT_MS } from './search-count-cache';

type Count = { total: number; capped: boolean };

/** A database stand-in for one test: its change number, and every count and number read it was asked. */
function database(first: Count = { total: 3, capped: false }) {
  const state = { generation: 1, counted: 0, generationsRead: 0, next: first };
  return {
    state,
    generation: async () => {
      state.generationsRead++;
      return String(state.generation);
    },
    count: async () => {
      state.counted++;
      return { count: state.next, generation: String(state.generation) };
    },
  };
}

describe('the search count cache', () => {
  it('gives a search again what it counted while nothing has changed, checking that first', async () => {
    const counts = createSearchCounts<Count>();
    const db = database();
    expect(await counts.count('camping', db.generation, db.count)).toEqual({ total: 3, capped: false });
    expect(db.state).toMatchObject({ counted: 1, generationsRead: 0 });
    expect(await counts.count('camping', db.generation, db.count)).toEqual({ total: 3, capped: false });
    expect(db.state).toMatchObject({ counted: 1, generationsRead: 1 });
  });

  it('counts again once a list a search can find has changed', async () => {
    const counts = createSearchCounts<Count>();
    const db = database();
    await counts.count('camping', db.generation, db.count);
    db.state.generation = 2;
    db.state.next = { total: 4, capped: false };
    expect(await counts.count('camping', db.generation, db.count)).toEqual({ total: 4, capped: false });
    expect(db.state.counted).toBe(2);
    // ...and caches the new count under the new number.
    await counts.count('camping', db.generation, db.count);
    expect(db.state.counted).toBe(2);
  });

  it('caches each search apart', async () => {
    const counts = createSearchCounts<Count>();
    const db = database();
    await counts.count('camping', db.generation, db.count);
    await counts.count('hiking', db.generation, db.count);
    expect(db.state.counted).toBe(2);
  });

  it('gives a count past the cap again without asking, changes or not, until its time is up', async () => {
    let clock = 1_000_000;
    const counts = createSearchCounts<Count>(() => clock);
    const db = database({ total: 1000, capped: true });
    await counts.count('tent', db.generation, db.count);
    db.state.generation = 2;
    clock += SEARCH_COUNT_MS - 1;
    expect(await counts.count('tent', db.generation, db.count)).toEqual({ total: 1000, capped: true });
    expect(db.state).toMatchObject({ counted: 1, generationsRead: 0 });
    clock += 1;
    await counts.count('tent', db.generation, db.count);
    expect(db.state.counted).toBe(2);
  });

  it('counts again after SEARCH_COUNT_MS even when nothing has changed', async () => {
    let clock = 1_000_000;
    const counts = createSearchCounts<Count>(() => clock);
    const db = database();
    await counts.count('camping', db.generation, db.count);
    clock += SEARCH_COUNT_MS;
    await counts.count('camping', db.generation, db.count);
    expect(db.state.counted).toBe(2);
  });

  it('counts a search once for those who ask for it while it is being counted', async () => {
    const counts = createSearchCounts<Count>();
    const db = database();
    const totals = await Promise.all(
      Array.from({ length: 5 }, () => counts.count('camping', db.generation, db.count)),
    );
    expect(totals).toEqual(Array.from({ length: 5 }, () => ({ total: 3, capped: false })));
    expect(db.state.counted).toBe(1);
  });

  it('caches at most so many searches, forgetting the one asked for least recently', async () => {
    const counts = createSearchCounts<Count>(Date.now, 2);
    const db = database();
    await counts.count('a', db.generation, db.count);
    await counts.count('b', db.generation, db.count);
    await counts.count('a', db.generation, db.count); // a asked again: b is now the oldest
    await counts.count('c', db.generation, db.count); // b goes
    expect(db.state.counted).toBe(3);
    await counts.count('a', db.generation, db.count);
    await counts.count('c', db.generation, db.count);
    expect(db.state.counted).toBe(3);
    await counts.count('b', db.generation, db.count);
    expect(db.state.counted).toBe(4);
  });

  it('caches nothing from a count that failed', async () => {
    const counts = createSearchCounts<Count>();
    const db = database();
    const failing = async (): Promise<{ count: Count; generation: string }> => {
      throw new Error('connection lost');
    };
    await expect(counts.count('camping', db.generation, failing)).rejects.toThrow('connection lost');
    await counts.count('camping', db.generation, db.count);
    expect(db.state.counted).toBe(1);
  });

  it('counts again, and caches the new count, when what is cached or running stopped sooner than an asker needs', async () => {
    const counts = createSearchCounts<Count>();
    const db = database({ total: 1000, capped: true });
    const toThousand = (count: Count) => count.total >= 1000;
    const toThreeThousand = (count: Count) => count.total >= 3000;
    await counts.count('tent', db.generation, db.count, toThousand);
    // Enough for what it was counted for, not for an asker who needs to know more.
    db.state.next = { total: 3000, capped: true };
    expect(await counts.count('tent', db.generation, db.count, toThreeThousand)).toEqual({ total: 3000, capped: true });
    expect(db.state.counted).toBe(2);
    // The further count is cached, and is enough for both.
    await counts.count('tent', db.generation, db.count, toThousand);
    await counts.count('tent', db.generation, db.count, toThreeThousand);
    expect(db.state.counted).toBe(2);
    // A count that is running but will not be enough does not hold up one that needs more.
    const other = createSearchCounts<Count>();
    const slow = database({ total: 1000, capped: true });
    const running = other.count('tarp', slow.generation, slow.count, toThousand);
    slow.state.next = { total: 3000, capped: true };
    const further = other.count('tarp', slow.generation, slow.count, toThreeThousand);
    expect(await running).toEqual({ total: 1000, capped: true });
    expect(await further).toEqual({ total: 3000, capped: true });
    expect(slow.state.counted).toBe(2);
  });
});
