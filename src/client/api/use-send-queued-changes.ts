import { useEffect } from 'react';
import type * as queuedProgress from './queued-progress';
import { useAuth } from './use-auth';

type QueueModule = typeof queuedProgress;

/**
 * Runs `use` with the queue's code, which loads after the page. Offline, with no service worker to
 * serve it, the code cannot load yet: it is asked for again once the connection returns.
 */
export function withQueuedProgress(use: (queue: QueueModule) => void): void {
  import('./queued-progress').then(use, () => {
    window.addEventListener('online', () => withQueuedProgress(use), { once: true });
  });
}

/**
 * For a signed-in user, once the page is loaded and the browser idle: loads the queue of progress
 * changes, sends what waits in it and counts it in the header. Never part of a page's first load.
 */
export function useSendQueuedChanges() {
  const { user } = useAuth();
  const isSignedIn = Boolean(user);
  useEffect(() => {
    if (!isSignedIn) return;
    const start = () => withQueuedProgress((queue) => queue.startSendingQueuedChanges());
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(start, { timeout: 3_000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(start, 500);
    return () => window.clearTimeout(timer);
  }, [isSignedIn]);
}
