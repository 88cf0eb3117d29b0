import { useEffect } from 'react';
import { useAuth } from './use-auth';

/**
 * For a signed-in user, once the page is loaded and the browser idle: loads the queue of progress
 * changes, sends what waits in it and counts it in the header. Never part of a page's first load.
 */
export function useSendQueuedChanges() {
  const { user } = useAuth();
  const isSignedIn = Boolean(user);
  useEffect(() => {
    if (!isSignedIn) return;
    const start = () => void import('./queued-progress').then((queue) => queue.startSendingQueuedChanges());
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(start, { timeout: 3_000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(start, 500);
    return () => window.clearTimeout(timer);
  }, [isSignedIn]);
}
