// The installed app and the lists kept on the device for use without a connection.

/**
 * A list's copy is kept on the device this long after it was last fetched: the window of
 * OFFLINE_LIST_DAYS (offline-lists.ts), held here too because the service worker imports this
 * module, and that one would bring zod into the worker.
 */
export const OFFLINE_COPY_DAYS = 30;

/** The response header on a list's detail served from the device: when that copy was stored (ISO time). */
export const CACHED_AT_HEADER = 'x-ticklist-cached-at';

/** How long ago a copy was stored, in words: "just now", "5 minutes ago", "1 hour ago", "3 days ago". */
export function savedAgo(cachedAt: string, now: Date): string {
  const minutes = Math.floor((now.getTime() - new Date(cachedAt).getTime()) / 60_000);
  if (!(minutes >= 1)) return 'just now';
  const [count, unit] =
    minutes < 60
      ? [minutes, 'minute']
      : minutes < 24 * 60
        ? [Math.floor(minutes / 60), 'hour']
        : [Math.floor(minutes / (24 * 60)), 'day'];
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

export const pwaMessages = {
  updateReady: 'A new version is ready',
  reload: 'Reload',
  /**
   * A list shown from the device's copy: no connection, or no response within a few seconds (a
   * connection in name only, which is offline for the person holding the phone).
   */
  copyFromDevice: (ago: string) => `You’re offline. This is a copy saved on this device ${ago}.`,
} as const;
