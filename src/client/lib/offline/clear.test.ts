import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearOfflineData, OFFLINE_DATABASE } from './clear';
import { readDeviceOwner, writeDeviceOwner } from './device-owner';

/** A browser's storage as the module sees it: IndexedDB, Cache Storage (its names) and localStorage. */
function stubBrowser() {
  const indexedDB = new IDBFactory();
  const cacheNames = new Set(['ticklist-lists', 'workbox-precache-v2']);
  const stored = new Map<string, string>();
  vi.stubGlobal('window', {
    indexedDB,
    caches: { delete: async (name: string) => cacheNames.delete(name) },
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    },
  });
  return { indexedDB, cacheNames, stored };
}

/** Opens the offline database with a store and one queued change, as the tick queue does. */
function openQueue(indexedDB: IDBFactory, { closesOnVersionChange }: { closesOnVersionChange: boolean }) {
  return new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(OFFLINE_DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore('ticks', { keyPath: 'id' }).put({ id: 'a' });
    request.onsuccess = () => {
      const db = request.result;
      if (closesOnVersionChange) db.onversionchange = () => db.close();
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error('not opened'));
  });
}

describe('clearOfflineData', () => {
  let browser: ReturnType<typeof stubBrowser>;
  beforeEach(() => {
    browser = stubBrowser();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("removes the lists' cache, the offline database, whose they were and when they were fetched", async () => {
    const db = await openQueue(browser.indexedDB, { closesOnVersionChange: true });
    writeDeviceOwner({ id: 'u1', email: 'a@example.com' });
    browser.stored.set('ticklist-offline-prefetched-at', '2026-11-29T10:00:00.000Z');

    await clearOfflineData();

    expect([...browser.cacheNames]).toEqual(['workbox-precache-v2']);
    expect(await browser.indexedDB.databases()).toEqual([]);
    expect(readDeviceOwner()).toBeNull();
    expect(browser.stored.size).toBe(0);
    // The queue's own connection was closed for the deletion, as every module's must be.
    expect(() => db.transaction('ticks')).toThrow();
  });

  it('does not wait forever on a tab that keeps the database open; it goes once that closes', async () => {
    const db = await openQueue(browser.indexedDB, { closesOnVersionChange: false });
    await clearOfflineData();
    expect(await browser.indexedDB.databases()).toHaveLength(1);
    db.close();
    await vi.waitFor(async () => expect(await browser.indexedDB.databases()).toEqual([]));
  });

  it('is harmless when nothing was kept', async () => {
    await clearOfflineData();
    await clearOfflineData();
    expect(await browser.indexedDB.databases()).toEqual([]);
  });
});
