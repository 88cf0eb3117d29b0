import { runMessages } from '@/domain/checklists/runs';
import type { progressStateSchema } from '@/domain/checklists/checklist-actions';
import { apiRequest } from '@/client/lib/api';
import type { QueuedChange } from '@/client/lib/offline/queued-change';
import { readDeviceOwner } from '@/client/lib/offline/device-owner';
import { createSender } from '@/client/lib/offline/sender';
import { setWaitingCount } from '@/client/lib/offline/status';
import { changeAge, enqueueChange, readQueue, subscribeQueue } from '@/client/lib/offline/tick-queue';
import { queryClient } from '@/client/lib/query-client';
import { toast } from '@/client/lib/toast';
import { updateDetail, withProgress, type ProgressState } from './checklist-detail-cache';
import { checklistApiPath } from './checklists';
import { sessionQuery } from './session';
import { checklistKeys } from './query-keys';

// A signed-in user's completions and "Start again" go through the device's queue, online or not:
// the page shows each at once, the queue keeps it through a reload or a closed tab, and the sender
// delivers it when there is a connection (at once, when there is one already). Loaded after the
// page, never in its first load.

/**
 * The request that sends a change: with how long ago it was made (the server dates it by that, which
 * needs no agreement between the two clocks), and for a Start again the change's own id, so that one
 * sent twice closes one run.
 */
export function changeRequest(change: QueuedChange): { path: string; method: 'PUT' | 'DELETE' } {
  const query = new URLSearchParams({ ago: String(changeAge(change)) });
  const list = checklistApiPath(change.listId);
  if (change.kind === 'startAgain' || change.itemId === undefined) {
    query.set('key', change.id);
    return { path: `${list}/progress?${query}`, method: 'DELETE' };
  }
  const path = `${list}/items/${encodeURIComponent(change.itemId)}/done?${query}`;
  return { path, method: change.kind === 'tick' ? 'PUT' : 'DELETE' };
}

const sender = createSender<ProgressState>(
  {
    send: (change) => {
      const { path, method } = changeRequest(change);
      // A tick made just before the user leaves the page still arrives (if it does not, the queue,
      // which keeps it until the answer, sends it again from the next page).
      return apiRequest<typeof progressStateSchema>(path, { method, keepalive: true });
    },
    // The server's state replaces the optimistic one only when no later change of the list waits,
    // which it would not show yet.
    onSent: (change, state, isLastOfList) => {
      if (isLastOfList) updateDetail(queryClient, change.listId, (detail) => withProgress(detail, state));
      if (change.kind === 'startAgain')
        void queryClient.invalidateQueries({ queryKey: checklistKeys.runs(change.listId) });
    },
    // A refused tick quietly gives way to the server's state (below); a refused Start again says so.
    onRefused: (change) => {
      if (change.kind === 'startAgain') toast.error(runMessages.startAgainFailed);
    },
    onDrained: (listIds) => {
      for (const id of listIds) {
        void queryClient.invalidateQueries({ queryKey: checklistKeys.detail(id), exact: true });
        void queryClient.invalidateQueries({ queryKey: checklistKeys.runs(id) });
      }
      void queryClient.invalidateQueries({ queryKey: checklistKeys.browse });
    },
  },
  {
    // The queue is its owner's: sent only while the server names the device's owner signed in, so a
    // change the last user left is never sent as the next one's (their sign-in clears it first).
    mayStart: () => {
      const signedIn = queryClient.getQueryData(sessionQuery().queryKey)?.user.id;
      return signedIn !== undefined && readDeviceOwner()?.id === signedIn;
    },
  },
);

let isStarted = false;

/**
 * Starts sending: now, whenever the browser comes back online, and after each change joins the
 * queue; and keeps the header's count of waiting changes. Once per page; later calls do nothing.
 */
export function startSendingQueuedChanges(): void {
  if (isStarted) return;
  isStarted = true;
  const count = () => void readQueue().then((queue) => setWaitingCount(queue.length));
  subscribeQueue(count);
  count();
  window.addEventListener('online', () => void sender.flush());
  void sender.flush();
}

/** Queues a change already shown on screen, and sends it if there is a connection. */
export async function queueChange(change: QueuedChange): Promise<void> {
  startSendingQueuedChanges();
  await enqueueChange(change);
  await sender.flush();
}
