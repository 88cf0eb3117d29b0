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

/** A cache over a fresh stand-in, for one test: `count(search)` asks the cache as Browse does. */
function searchCounts({ first, now, maxEntries }: { first?: Count; now?: () => number; maxEntries?: number } = {}) {
  const counts = createSearchCounts<Count>(now, maxEntries);
  const db = database(first);
  const count = (search: string, isEnough?: (count: Count) => boolean) =>
    counts.count(search, db.generation, db.count, isEnough);
  return { counts, db, count };
}

describe('the search count cache', () => {
  it('gives a search again what it counted while nothing has changed, checking that first', async () => {
    const { db, count } = searchCounts();
    expect(await count('camping')).toEqual({ total: 3, capped: false });
    expect(db.state).toMatchObject({ counted: 1, generationsRead: 0 });
    expect(await count('camping')).toEqual({ total: 3, capped: false });
    expect(db.state).toMatchObject({ counted: 1, generationsRead: 1 });
  });

  it('counts again once a list a search can find has changed', async () => {
    const { db, count } = searchCounts();
    await count('camping');
    db.state.generation = 2;
    db.state.next = { total: 4, capped: false };
    expect(await count('camping')).toEqual({ total: 4, capped: false });
    expect(db.state.counted).toBe(2);
    // ...and caches the new count under the new number.
    await count('camping');
    expect(db.state.counted).toBe(2);
  });

  it('caches each search apart', async () => {
    const { db, count } = searchCounts();
    await count('camping');
    await count('hiking');
    expect(db.state.counted).toBe(2);
  });

  it('gives a count past the cap again without asking, changes or not, until its time is up', async () => {
    let clock = 1_000_000;
    const { db, count } = searchCounts({ first: { total: 1000, capped: true }, now: () => clock });
    await count('tent');
    db.state.generation = 2;
    clock += SEARCH_COUNT_MS - 1;
    expect(await count('tent')).toEqual({ total: 1000, capped: true });
    expect(db.state).toMatchObject({ counted: 1, generationsRead: 0 });
    clock += 1;
    await count('tent');
    expect(db.state.counted).toBe(2);
  });

  it('counts again after SEARCH_COUNT_MS even when nothing has changed', async () => {
    let clock = 1_000_000;
    const { db, count } = searchCounts({ now: () => clock });
    await count('camping');
    clock += SEARCH_COUNT_MS;
    await count('camping');
    expect(db.state.counted).toBe(2);
  });

  it('counts a search once for those who ask for it while it is being counted', async () => {
    const { db, count } = searchCounts();
    const totals = await Promise.all(Array.from({ length: 5 }, () => count('camping')));
    expect(totals).toEqual(Array.from({ length: 5 }, () => ({ total: 3, capped: false })));
    expect(db.state.counted).toBe(1);
  });

  it('says at which number of changes a count was read: a running count waited for keeps its own', async () => {
    const { counts, db } = searchCounts();
    // Counted at 1; cached, it is given with that number.
    expect(await counts.counted('camping', db.generation, db.count)).toEqual({
      count: { total: 3, capped: false },
      generation: '1',
    });
    expect(await counts.counted('camping', db.generation, db.count)).toMatchObject({ generation: '1' });
    // A count begun at 1 is still running when the number moves to 2: who waits for it is told 1.
    let finish = () => {};
    const slow = () =>
      new Promise<{ count: Count; generation: string }>((resolve) => {
        finish = () => resolve({ count: { total: 5, capped: false }, generation: '1' });
      });
    db.state.generation = 2;
    const first = counts.counted('hiking', db.generation, slow);
    const waiting = counts.counted('hiking', db.generation, db.count);
    await Promise.resolve();
    finish();
    expect(await first).toMatchObject({ generation: '1' });
    expect(await waiting).toEqual({ count: { total: 5, capped: false }, generation: '1' });
    expect(db.state.counted).toBe(1);
  });

  it('caches at most so many searches, forgetting the one asked for least recently', async () => {
    const { db, count } = searchCounts({ maxEntries: 2 });
    await count('a');
    await count('b');
    await count('a'); // a asked again: b is now the oldest
    await count('c'); // b goes
    expect(db.state.counted).toBe(3);
    await count('a');
    await count('c');
    expect(db.state.counted).toBe(3);
    await count('b');
    expect(db.state.counted).toBe(4);
  });

  it('caches nothing from a count that failed', async () => {
    const { counts, db, count } = searchCounts();
    const failing = async (): Promise<{ count: Count; generation: string }> => {
      throw new Error('connection lost');
    };
    await expect(counts.count('camping', db.generation, failing)).rejects.toThrow('connection lost');
    await count('camping');
    expect(db.state.counted).toBe(1);
  });

  it('counts again, and caches the new count, when what is cached or running stopped sooner than an asker needs', async () => {
    const { db, count } = searchCounts({ first: { total: 1000, capped: true } });
    const toThousand = (counted: Count) => counted.total >= 1000;
    const toThreeThousand = (counted: Count) => counted.total >= 3000;
    await count('tent', toThousand);
    // Enough for what it was counted for, not for an asker who needs to know more.
    db.state.next = { total: 3000, capped: true };
    expect(await count('tent', toThreeThousand)).toEqual({ total: 3000, capped: true });
    expect(db.state.counted).toBe(2);
    // The further count is cached, and is enough for both.
    await count('tent', toThousand);
    await count('tent', toThreeThousand);
    expect(db.state.counted).toBe(2);
    // A count that is running but will not be enough does not hold up one that needs more.
    const slow = searchCounts({ first: { total: 1000, capped: true } });
    const running = slow.count('tarp', toThousand);
    slow.db.state.next = { total: 3000, capped: true };
    const further = slow.count('tarp', toThreeThousand);
    expect(await running).toEqual({ total: 1000, capped: true });
    expect(await further).toEqual({ total: 3000, capped: true });
    expect(slow.db.state.counted).toBe(2);
  });

  it('says what it has cached, if it still holds, without ever counting (a first page sent before its count)', async () => {
    const { counts, db, count } = searchCounts();
    expect(await counts.cached('camping', db.generation)).toBeUndefined();
    expect(db.state.counted).toBe(0);
    await count('camping');
    expect(await counts.cached('camping', db.generation)).toEqual({ total: 3, capped: false });
    // Not a count that stopped sooner than the asker needs, nor one a change has made stale.
    expect(await counts.cached('camping', db.generation, (counted) => counted.total > 3)).toBeUndefined();
    db.state.generation = 2;
    expect(await counts.cached('camping', db.generation)).toBeUndefined();
    expect(db.state.counted).toBe(1);
  });
});
