import { describe, expect, it } from 'vitest';
import { isPrefetchDue, PREFETCH_EVERY_MS, prefetchOfflineLists, type PrefetchDevice } from './prefetch';

const listIds = ['0b5f6a3e-8f7c-4d2b-9a1e-3c4d5e6f7a8b', '1c6a7b4f-9a8d-4e3c-8b2f-4d5e6f7a8b9c'];

/** A device whose network answers the offline lists with `status`, and records what was asked. */
function deviceAt(now: Date, { status = 200, isOnline = true, stored = new Map<string, string>() } = {}) {
  const asked: string[] = [];
  const device: PrefetchDevice = {
    fetch: async (path) => {
      asked.push(path);
      if (path === '/api/accounts/me/offline-lists') {
        const lists = listIds.map((id) => ({ id, updatedAt: now.toISOString() }));
        return new Response(JSON.stringify(status === 200 ? { lists } : { message: 'No' }), { status });
      }
      return new Response('{}', { status: 200 });
    },
    storage: {
      getItem: (key) => stored.get(key) ?? null,
      setItem: (key, value) => void stored.set(key, value),
      removeItem: (key) => void stored.delete(key),
    },
    isOnline: () => isOnline,
    now: () => now,
  };
  return { device, asked, stored };
}

describe('isPrefetchDue', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('is due when never done, and 6 hours after the last time', () => {
    expect(isPrefetchDue(null, now)).toBe(true);
    expect(isPrefetchDue(before(PREFETCH_EVERY_MS), now)).toBe(true);
  });

  it('is not due within 6 hours', () => {
    expect(isPrefetchDue(before(0), now)).toBe(false);
    expect(isPrefetchDue(before(PREFETCH_EVERY_MS - 1), now)).toBe(false);
  });

  it('is due when the last time is ahead of this clock or unreadable (a clock put back)', () => {
    expect(isPrefetchDue(before(-60_000), now)).toBe(true);
    expect(isPrefetchDue('garbage', now)).toBe(true);
  });
});

describe('prefetchOfflineLists', () => {
  const now = new Date('2026-11-29T12:00:00Z');

  it("fetches the offline lists, then each list's detail in order, and records when", async () => {
    const { device, asked, stored } = deviceAt(now);
    expect(await prefetchOfflineLists({ isAfterSignIn: false }, device)).toBe(2);
    expect(asked).toEqual(['/api/accounts/me/offline-lists', ...listIds.map((id) => `/api/checklists/${id}`)]);
    expect([...stored.values()]).toEqual([now.toISOString()]);
  });

  it('asks nothing again within 6 hours on the same device', async () => {
    const { device, asked, stored } = deviceAt(now);
    await prefetchOfflineLists({ isAfterSignIn: false }, device);
    const later = deviceAt(new Date(now.getTime() + PREFETCH_EVERY_MS - 60_000), { stored });
    expect(await prefetchOfflineLists({ isAfterSignIn: false }, later.device)).toBeNull();
    expect(later.asked).toEqual([]);
    expect(asked).toHaveLength(3);
  });

  it('asks again after 6 hours, and at once after a sign-in', async () => {
    const { device, stored } = deviceAt(now);
    await prefetchOfflineLists({ isAfterSignIn: false }, device);
    const signedIn = deviceAt(new Date(now.getTime() + 60_000), { stored });
    expect(await prefetchOfflineLists({ isAfterSignIn: true }, signedIn.device)).toBe(2);
    const due = deviceAt(new Date(now.getTime() + 60_000 + PREFETCH_EVERY_MS), { stored });
    expect(await prefetchOfflineLists({ isAfterSignIn: false }, due.device)).toBe(2);
  });

  it('asks nothing while offline, even after a sign-in', async () => {
    const { device, asked } = deviceAt(now, { isOnline: false });
    expect(await prefetchOfflineLists({ isAfterSignIn: true }, device)).toBeNull();
    expect(asked).toEqual([]);
  });

  it('stops at a refusal (signed out, rate-limited) and records nothing, so it tries again', async () => {
    for (const status of [401, 429, 503]) {
      const { device, asked, stored } = deviceAt(now, { status });
      expect(await prefetchOfflineLists({ isAfterSignIn: false }, device)).toBeNull();
      expect(asked).toEqual(['/api/accounts/me/offline-lists']);
      expect(stored.size).toBe(0);
    }
  });

  it('records nothing when the connection drops part way', async () => {
    const { device, stored } = deviceAt(now);
    const fetchOne = device.fetch;
    device.fetch = (path) =>
      path.endsWith(listIds[1]!) ? Promise.reject(new TypeError('Failed to fetch')) : fetchOne(path);
    await expect(prefetchOfflineLists({ isAfterSignIn: false }, device)).rejects.toThrow('Failed to fetch');
    expect(stored.size).toBe(0);
  });
});
