import { whenControlledByWorker } from '../pwa/controlled';
import { whenIdleAfterLoad } from '../pwa/idle';
import { clearOfflineData } from './clear';
import { readDeviceOwner, writeDeviceOwner, type DeviceOwner } from './device-owner';
import { prefetchOfflineLists } from './prefetch';

/**
 * Keeps this device's offline data for `user`, the user the server says is signed in (null: nobody).
 * What another user (or a user since signed out) left is cleared first. A signed-in user's lists
 * are then fetched ahead through the service worker: at once after a sign-in, else when due.
 */
export async function keepOfflineDataFor(user: DeviceOwner | null): Promise<void> {
  const owner = readDeviceOwner();
  if (owner && owner.id !== user?.id) await clearOfflineData();
  if (!user) return;
  writeDeviceOwner(user);
  await whenControlledByWorker();
  await whenIdleAfterLoad();
  await prefetchOfflineLists({ isAfterSignIn: owner?.id !== user.id });
}
