// Who the lists and queued changes on this device belong to: the last user the server said was
// signed in here. Kept so that a different user (or nobody) found signed in later clears them,
// across page loads, and so that the app opened without a connection still knows whose they are.

const OWNER_KEY = 'ticklist-offline-owner';

export type DeviceOwner = { id: string; email: string };

export function readDeviceOwner(): DeviceOwner | null {
  try {
    const stored = JSON.parse(window.localStorage.getItem(OWNER_KEY) ?? 'null') as unknown;
    return isOwner(stored) ? { id: stored.id, email: stored.email } : null;
  } catch {
    return null;
  }
}

export function writeDeviceOwner(owner: DeviceOwner | null): void {
  try {
    if (owner) window.localStorage.setItem(OWNER_KEY, JSON.stringify(owner));
    else window.localStorage.removeItem(OWNER_KEY);
  } catch {
    // Storage unavailable (private mode): nothing was kept either.
  }
}

function isOwner(value: unknown): value is DeviceOwner {
  if (typeof value !== 'object' || value === null) return false;
  const { id, email } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof email === 'string';
}
