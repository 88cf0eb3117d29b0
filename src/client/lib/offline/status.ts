import { useSyncExternalStore } from 'react';

// What the header says about working offline: whether the browser has a connection, and how many
// progress changes wait on this device. Tiny on purpose, as every page's first load carries it: the
// queue itself loads later and reports its size here (setWaitingCount).

let waiting = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Called by the queue whenever its size may have changed. */
export function setWaitingCount(count: number) {
  if (count === waiting) return;
  waiting = count;
  for (const listener of listeners) listener();
}

/** False while the browser has no connection; true on the server and while hydrating, as the HTML was drawn. */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** How many changes wait to be sent (0 on the server and while hydrating). */
export function useWaitingCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => waiting,
    () => 0,
  );
}
