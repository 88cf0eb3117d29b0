import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_CHANGE_AGE_MS } from '@/domain/checklists/change-age';
import { OFFLINE_DATABASE } from './clear';
import { newChange } from './queued-change';
import {
  changeAge,
  closeQueueForTests,
  dropExpiredChanges,
  enqueueChange,
  isExpired,
  queuedChangesOf,
  readQueue,
  removeChange,
  subscribeQueue,
} from './tick-queue';

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
});

afterEach(async () => {
  await closeQueueForTests();
  vi.unstubAllGlobals();
});

const tick = (itemId: string, listId = 'list-1', at = new Date()) => newChange(listId, 'tick', itemId, at);

function deleteDatabase(): Promise<'deleted' | 'blocked'> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(OFFLINE_DATABASE);
    request.onsuccess = () => resolve('deleted');
    request.onblocked = () => resolve('blocked');
    request.onerror = () => reject(request.error);
  });
}

describe('the tick queue', () => {
  it('keeps changes in the order they were made, across a new connection (a reload)', async () => {
    for (const item of ['c', 'a', 'b']) await enqueueChange(tick(item));
    await closeQueueForTests();
    expect((await readQueue()).map((change) => change.itemId)).toEqual(['c', 'a', 'b']);
  });

  it('removes a change by its place in the queue, and reads one list’s changes', async () => {
    await enqueueChange(tick('a'));
    await enqueueChange(tick('b', 'list-2'));
    await enqueueChange(tick('c'));
    const [first] = await readQueue();
    await removeChange(first!.seq);
    expect((await queuedChangesOf('list-1')).map((change) => change.itemId)).toEqual(['c']);
  });

  it('notifies its subscribers of each change', async () => {
    const listener = vi.fn();
    const unsubscribe = subscribeQueue(listener);
    await enqueueChange(tick('a'));
    const [stored] = await readQueue();
    await removeChange(stored!.seq);
    unsubscribe();
    await enqueueChange(tick('b'));
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('lets the database be deleted while it is open (sign-out), and starts empty after', async () => {
    await enqueueChange(tick('a'));
    expect(await deleteDatabase()).toBe('deleted');
    expect(await readQueue()).toEqual([]);
    // Reading the empty queue does not make the database again; the next change does.
    const names = async () => (await indexedDB.databases()).map((database) => database.name);
    expect(await names()).not.toContain(OFFLINE_DATABASE);
    await enqueueChange(tick('b'));
    expect(await names()).toContain(OFFLINE_DATABASE);
    expect((await readQueue()).map((change) => change.itemId)).toEqual(['b']);
  });

  it('drops changes older than 30 days and keeps the rest in order', async () => {
    const now = Date.parse('2026-11-29T10:00:00.000Z');
    await enqueueChange(tick('old', 'list-1', new Date(now - MAX_CHANGE_AGE_MS - 60_000)));
    await enqueueChange(tick('recent', 'list-1', new Date(now - 60_000)));
    expect((await dropExpiredChanges(now)).map((change) => change.itemId)).toEqual(['recent']);
    expect((await readQueue()).map((change) => change.itemId)).toEqual(['recent']);
  });

  it('leaves out an entry that is not a change, and never counts it', async () => {
    await enqueueChange(tick('a'));
    await enqueueChange({ id: 'odd', listId: 'list-1', kind: 'tick', at: 'yesterday' } as never);
    await enqueueChange({ listId: 'list-1', kind: 'startAgain', at: new Date().toISOString() } as never);
    expect((await readQueue()).map((change) => change.itemId)).toEqual(['a']);
  });

  it('keeps the queue in memory where IndexedDB is missing', async () => {
    vi.stubGlobal('indexedDB', undefined);
    await enqueueChange(tick('a'));
    await enqueueChange(tick('b'));
    const [first] = await readQueue();
    await removeChange(first!.seq);
    expect((await queuedChangesOf('list-1')).map((change) => change.itemId)).toEqual(['b']);
  });
});

describe('a change’s age', () => {
  const now = Date.parse('2026-11-29T10:00:00.000Z');
  const madeAgo = (ms: number) => ({ at: new Date(now - ms).toISOString() });

  it('is how long ago it was made, and never less than 0 (a clock set back meanwhile)', () => {
    expect(changeAge(madeAgo(90_000), now)).toBe(90_000);
    expect(changeAge(madeAgo(-5_000), now)).toBe(0);
  });

  it('has expired past 30 days, as the server counts them, not at exactly 30', () => {
    expect(isExpired(madeAgo(MAX_CHANGE_AGE_MS + 1), now)).toBe(true);
    expect(isExpired(madeAgo(MAX_CHANGE_AGE_MS), now)).toBe(false);
  });
});
