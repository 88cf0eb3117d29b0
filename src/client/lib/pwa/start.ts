import { Workbox } from 'workbox-window';
import { pwaMessages } from '@/domain/offline';
import { PAGE_STATE_ID } from '../page-state';
import { toast } from '../toast';
import { whenControlledByWorker } from './controlled';
import { listDetailPath, listIdOfPage } from './list-cache';

const UPDATE_TOAST = 'app-update';

/**
 * Registers the service worker (src/client/sw.ts). A new version of the app is offered, never
 * swapped in under the person: it waits until they choose "Reload", which activates it and loads
 * the page again with it.
 */
export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const wasControlled = navigator.serviceWorker.controller !== null;
  const workbox = new Workbox('/sw.js');
  workbox.addEventListener('waiting', () => {
    toast.offer(
      pwaMessages.updateReady,
      {
        label: pwaMessages.reload,
        onClick: () => {
          workbox.addEventListener('controlling', () => window.location.reload());
          workbox.messageSkipWaiting();
        },
      },
      { id: UPDATE_TOAST },
    );
  });
  workbox.register().catch((error: unknown) => console.warn('The service worker was not registered', error));
  keepListOnScreen(wasControlled);
}

/**
 * The list on screen is kept on the device like any other opened list, also when its detail did
 * not come through the worker: the page was rendered by the server with its data, or loaded before
 * a worker controlled it (a first visit).
 */
function keepListOnScreen(wasControlled: boolean): void {
  const listId = listIdOfPage(window.location.pathname);
  const wasRenderedWithData = document.getElementById(PAGE_STATE_ID) !== null;
  if (!listId || (wasControlled && !wasRenderedWithData)) return;
  void whenControlledByWorker()
    .then(() => window.fetch(listDetailPath(listId), { credentials: 'same-origin' }))
    .then((response) => response.blob())
    .catch(() => undefined);
}
