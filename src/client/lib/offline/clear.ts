import { OFFLINE_LISTS_CACHE } from '../pwa/list-cache';
import { writeDeviceOwner } from './device-owner';
import { forgetOfflinePrefetch } from './prefetch';

/** The device's IndexedDB database of offline data (the queue of changes waiting to be sent). */
export const OFFLINE_DATABASE = 'ticklist-offline';

/**
 * Removes everything kept on this device for the signed-in user: their lists' copies, their queued
 * changes, and the record of whose they were. Called on sign-out and when another user signs in,
 * so nothing one person kept is shown to the next. Resolves once both are gone, or once the
 * database's deletion is only waiting for other tabs to close it (every module that opens it closes
 * its connection on `versionchange`, so the wait is short).
 */
export async function clearOfflineData(): Promise<void> {
  writeDeviceOwner(null);
  forgetOfflinePrefetch();
  await Promise.all([
    'caches' in window ? window.caches.delete(OFFLINE_LISTS_CACHE).catch(() => false) : null,
    'indexedDB' in window ? deleteDatabase(OFFLINE_DATABASE) : null,
  ]);
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = window.indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    request.onblocked = () => resolve();
  });
}
