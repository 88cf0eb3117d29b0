import { ApiError } from '@/client/lib/api';
import type { QueuedChange } from './queued-change';
import { dropExpiredChanges, readQueue, removeChange, type StoredChange } from './tick-queue';

// Sends the queued progress changes to the server, one at a time and in the order they were made,
// each with the time it was made. A change leaves the queue only once the server has answered it:
// a change sent twice (the tab closed before the answer came) is harmless, because the server
// applies a change only if it is later than the item's last one.

export type SenderHooks<State> = {
  /** Sends one change; rejects with an ApiError for an error response, anything else for no response. */
  send: (change: QueuedChange) => Promise<State>;
  /** The server has the change; `isLastOfList` when no other change of that list waits. */
  onSent: (change: StoredChange, state: State, isLastOfList: boolean) => void;
  /** The server refused the change (its list is gone, or it is too old or too far ahead): it is dropped. */
  onRefused: (change: StoredChange) => void;
  /** The queue is empty again; these lists had changes sent or dropped since it last was. */
  onDrained: (listIds: string[]) => void;
};

type SenderOptions = {
  /**
   * How long to wait before trying again after the server was unreachable or busy: doubled at each
   * failure in a row, up to `maxRetryMs`, and back to this after a success.
   */
  retryMs?: number;
  maxRetryMs?: number;
  isOnline?: () => boolean;
  /**
   * Whether the queue may be sent now: only by the user it belongs to. While another user's sign-in
   * is clearing what the last one left, nothing is sent, and it is asked again after a wait.
   */
  mayStart?: () => boolean;
};

export type FailureKind = 'refused' | 'signedOut' | 'retryLater';

/**
 * What a failed send means for its change. 401: the user is signed out, so sending stops (sign-out
 * clears the queue). Any other 4xx but a rate limit: the server will never take it, so it goes. No
 * response, a rate limit or a server error: it stays, to be sent later.
 */
export function failureKind(error: unknown): FailureKind {
  if (!(error instanceof ApiError) || error.status < 400) return 'retryLater';
  if (error.status === 401) return 'signedOut';
  if (error.status === 408 || error.status === 429 || error.status >= 500) return 'retryLater';
  return 'refused';
}

const LOCK_NAME = 'ticklist-tick-sender';

/** Runs `work` while holding the site's sending lock, so two tabs never send the same queue at once. */
function holdingSendLock(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(LOCK_NAME, work) : work();
}

export function createSender<State>(hooks: SenderHooks<State>, options: SenderOptions = {}) {
  const retryMs = options.retryMs ?? 2_000;
  const maxRetryMs = options.maxRetryMs ?? 60_000;
  let failuresInRow = 0;
  const isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine);
  const mayStart = options.mayStart ?? (() => true);
  const touched = new Set<string>();
  let running: Promise<void> | null = null;
  let isAskedAgain = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const scheduleRetry = () => {
    clearTimeout(retry);
    retry = setTimeout(() => void flush(), Math.min(retryMs * 2 ** failuresInRow, maxRetryMs));
    failuresInRow += 1;
  };

  async function sendAll(): Promise<void> {
    if (!mayStart()) {
      scheduleRetry();
      return;
    }
    let queue = await dropExpiredChanges();
    while (queue.length > 0 && isOnline()) {
      const change = queue[0]!;
      let state: State;
      try {
        state = await hooks.send(change);
      } catch (error) {
        const kind = failureKind(error);
        if (kind !== 'refused') {
          if (kind === 'retryLater') scheduleRetry();
          return;
        }
        await removeChange(change.seq);
        touched.add(change.listId);
        hooks.onRefused(change);
        queue = await readQueue();
        continue;
      }
      failuresInRow = 0;
      await removeChange(change.seq);
      touched.add(change.listId);
      queue = await readQueue();
      hooks.onSent(change, state, !queue.some((next) => next.listId === change.listId));
    }
    if (queue.length === 0 && touched.size > 0) {
      const listIds = [...touched];
      touched.clear();
      hooks.onDrained(listIds);
    }
  }

  /**
   * Sends what the queue holds, unless offline. Called while a round runs, it runs one more round
   * after it, for the change that has just joined the queue.
   */
  function flush(): Promise<void> {
    if (running) {
      isAskedAgain = true;
      return running;
    }
    running = (async () => {
      do {
        isAskedAgain = false;
        await holdingSendLock(sendAll);
      } while (isAskedAgain && isOnline());
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return { flush, stop: () => clearTimeout(retry) };
}
