import { MAX_CHANGE_AGE_MS } from '@/domain/checklists/change-age';
import type { ChecklistDetail } from '@/domain/checklists/checklist-view';
import { OFFLINE_DATABASE } from './clear';
import { withQueuedChanges, type QueuedChange } from './queued-change';

// The device's queue of progress changes not yet sent: one IndexedDB store, in the order the
// changes were made, so that it survives a reload and a closed tab. Sign-out deletes the whole
// database (clear.ts); this module closes its connection when asked to (`versionchange`) so the
// deletion is never blocked, and opens a new, empty one at its next use. Where IndexedDB is missing
// (an old or locked-down browser) the queue lives in memory for the page's lifetime. Only a new
// change makes the database again once it is gone: reading or counting an empty queue does not.

const DATABASE_VERSION = 1;
const STORE = 'ticks';

/** A change as the queue stores it: `seq` orders the queue. */
export type StoredChange = QueuedChange & { seq: number };

type Listener = () => void;
const listeners = new Set<Listener>();
// Other tabs of the site hear of each change to the queue, so every header counts the same.
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('ticklist-tick-queue');
channel?.addEventListener('message', () => notifyHere());

function notifyHere() {
  for (const listener of listeners) listener();
}

function notify() {
  notifyHere();
  channel?.postMessage('changed');
}

/** Calls `listener` after every change to the queue, in this tab or another; returns the unsubscribe. */
export function subscribeQueue(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let opening: Promise<IDBDatabase> | null = null;
let isDeleted = false;

function openDatabase(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(OFFLINE_DATABASE, DATABASE_VERSION);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) {
        request.result.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
      }
    };
    request.onsuccess = () => {
      const database = request.result;
      const forget = () => {
        if (opening === current) opening = null;
      };
      // Another tab upgrades the database, or sign-out deletes it: let go at once. Deleted, the
      // queue is empty until a new change (reading it meanwhile would make it again).
      database.onversionchange = (event) => {
        database.close();
        forget();
        if (event.newVersion === null) isDeleted = true;
        notify();
      };
      database.onclose = forget;
      resolve(database);
    };
    request.onerror = () => {
      if (opening === current) opening = null;
      reject(new QueueUnavailable());
    };
  });
  const current = opening;
  return current;
}

/** IndexedDB refused to open (some private modes do): the queue falls back to memory. */
class QueueUnavailable extends Error {
  override name = 'QueueUnavailable';
}

let memory: StoredChange[] | null = null;
let memorySeq = 0;

function hasIndexedDb(): boolean {
  return typeof indexedDB !== 'undefined' && memory === null;
}

/** Runs `work` in one transaction of the store and resolves with its last request's result. */
async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const database = await openDatabase();
    try {
      return await new Promise<T>((resolve, reject) => {
        const transaction = database.transaction(STORE, mode);
        const request = work(transaction.objectStore(STORE));
        transaction.oncomplete = () => resolve(request.result);
        transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
        transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
      });
    } catch (error) {
      // The connection closed under us (the database was deleted meanwhile): once more, on a new one.
      if (attempt > 0 || !(error instanceof DOMException) || error.name !== 'InvalidStateError') throw error;
      if (opening) opening = null;
    }
  }
}

async function withFallback<T>(indexed: () => Promise<T>, inMemory: (changes: StoredChange[]) => T): Promise<T> {
  if (hasIndexedDb()) {
    try {
      return await indexed();
    } catch (error) {
      if (!(error instanceof QueueUnavailable)) throw error;
      memory = [];
    }
  }
  memory ??= [];
  return inMemory(memory);
}

/** Adds a change at the end of the queue. */
export async function enqueueChange(change: QueuedChange): Promise<void> {
  isDeleted = false;
  await withFallback(
    () => inStore('readwrite', (store) => store.add(change)),
    (changes) => changes.push({ ...change, seq: (memorySeq += 1) }),
  );
  notify();
}

/**
 * Whether the database is there to read, without making it: opening one that is not (after
 * sign-out deleted it) would make it again, empty. Where the browser cannot list its databases,
 * assumed there.
 */
async function isThere(): Promise<boolean> {
  if (isDeleted) return false;
  if (opening || typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((database) => database.name === OFFLINE_DATABASE);
  } catch {
    return true;
  }
}

/**
 * The queue in the order its changes were made. A queue deleted meanwhile reads as empty; an entry
 * that is not a change (written by another version of the app) is left out, never sent.
 */
export async function readQueue(): Promise<StoredChange[]> {
  try {
    const stored = await withFallback(
      async () => ((await isThere()) ? inStore('readonly', (store) => store.getAll() as IDBRequest<unknown[]>) : []),
      (changes): unknown[] => [...changes],
    );
    return stored.filter(isStoredChange);
  } catch {
    return [];
  }
}

function isStoredChange(value: unknown): value is StoredChange {
  if (typeof value !== 'object' || value === null) return false;
  const { seq, id, listId, itemId, kind, at } = value as Record<string, unknown>;
  const isItemChange = (kind === 'tick' || kind === 'untick') && typeof itemId === 'string';
  return (
    typeof seq === 'number' &&
    typeof id === 'string' &&
    typeof listId === 'string' &&
    typeof at === 'string' &&
    !Number.isNaN(Date.parse(at)) &&
    (isItemChange || kind === 'startAgain')
  );
}

/** The changes of one list not yet sent (none where no queue can be read, as on the server). */
export async function queuedChangesOf(listId: string): Promise<StoredChange[]> {
  if (typeof indexedDB === 'undefined' && memory === null) return [];
  return (await readQueue()).filter((change) => change.listId === listId);
}

/** A list's detail with its changes that wait in the queue made on it, as the user last saw it. */
export async function withChangesQueuedFor(detail: ChecklistDetail): Promise<ChecklistDetail> {
  return withQueuedChanges(detail, await queuedChangesOf(detail.id));
}

/** Takes a change out of the queue once the server has answered it. */
export async function removeChange(seq: number): Promise<void> {
  await withFallback(
    async () => ((await isThere()) ? inStore('readwrite', (store) => store.delete(seq)) : undefined),
    (changes) => {
      const at = changes.findIndex((change) => change.seq === seq);
      if (at >= 0) changes.splice(at, 1);
    },
  );
  notify();
}

/** How long ago a change was made, as the server asks to be told it (never less than 0). */
export function changeAge(change: Pick<QueuedChange, 'at'>, now = Date.now()): number {
  return Math.max(0, now - Date.parse(change.at));
}

/** The server refuses a change older than 30 days; the device drops it rather than send it. */
export function isExpired(change: Pick<QueuedChange, 'at'>, now: number): boolean {
  return changeAge(change, now) > MAX_CHANGE_AGE_MS;
}

/** Drops the changes the server would refuse for their age; returns the queue that remains. */
export async function dropExpiredChanges(now = Date.now()): Promise<StoredChange[]> {
  const queue = await readQueue();
  const expired = queue.filter((change) => isExpired(change, now));
  for (const change of expired) await removeChange(change.seq);
  return queue.filter((change) => !isExpired(change, now));
}

/** Closes this module's connection and forgets the in-memory queue (tests, and nothing else, need it). */
export async function closeQueueForTests(): Promise<void> {
  const current = opening;
  opening = null;
  memory = null;
  isDeleted = false;
  if (current) (await current.catch(() => null))?.close();
}
