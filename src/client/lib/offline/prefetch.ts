import type { OfflineLists } from '@/domain/offline-lists';
import { listDetailPath } from '../pwa/list-cache';

// The lists a signed-in user uses (their own, and those they saved, cloned or started in the last
// 30 days) are fetched ahead, through the service worker, which keeps each list's detail: they are
// on the device before they are first opened without a connection.

/** A device asks for them at most this often, and again after each sign-in. */
export const PREFETCH_EVERY_MS = 6 * 60 * 60 * 1000;

const OFFLINE_LISTS_PATH = '/api/accounts/me/offline-lists';
const PREFETCHED_AT_KEY = 'ticklist-offline-prefetched-at';

export type PrefetchDevice = {
  fetch: (path: string) => Promise<Response>;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  isOnline: () => boolean;
  now: () => Date;
};

/** Whether the lists are due to be fetched again: never fetched, or last fetched 6 hours ago or more. */
export function isPrefetchDue(lastPrefetchedAt: string | null, now: Date): boolean {
  if (lastPrefetchedAt === null) return true;
  const elapsed = now.getTime() - new Date(lastPrefetchedAt).getTime();
  return !(elapsed >= 0 && elapsed < PREFETCH_EVERY_MS);
}

/**
 * Fetches the user's offline lists and each one's detail, one at a time, when the device is online
 * and they are due (or `isAfterSignIn`); the time is recorded only once all arrived, so a failure
 * part way tries again at the next start. Resolves with the number of lists fetched, or null when
 * nothing was asked (not due, offline) or the user is not signed in.
 */
export async function prefetchOfflineLists(
  { isAfterSignIn }: { isAfterSignIn: boolean },
  device: PrefetchDevice = browserDevice(),
): Promise<number | null> {
  if (!device.isOnline()) return null;
  if (!isAfterSignIn && !isPrefetchDue(device.storage.getItem(PREFETCHED_AT_KEY), device.now())) return null;
  const response = await device.fetch(OFFLINE_LISTS_PATH);
  if (!response.ok) return null;
  const { lists } = (await response.json()) as OfflineLists;
  for (const list of lists) {
    const detail = await device.fetch(listDetailPath(list.id));
    // Read to its end: the worker stores the copy as the body arrives.
    await detail.blob();
  }
  device.storage.setItem(PREFETCHED_AT_KEY, device.now().toISOString());
  return lists.length;
}

/** Forgets when the lists were last fetched (their copies are being removed), so the next user's come at once. */
export function forgetOfflinePrefetch(storage: PrefetchDevice['storage'] = window.localStorage): void {
  try {
    storage.removeItem(PREFETCHED_AT_KEY);
  } catch {
    // Storage unavailable: nothing was recorded.
  }
}

function browserDevice(): PrefetchDevice {
  return {
    fetch: (path) => window.fetch(path, { credentials: 'same-origin' }),
    storage: window.localStorage,
    isOnline: () => navigator.onLine,
    now: () => new Date(),
  };
}
