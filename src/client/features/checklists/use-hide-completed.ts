import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { hideCompletedMessages } from '@/domain/checklists/runs';
import { meQuery, useUpdateSettings } from '@/client/api/me';
import { useAuth } from '@/client/api/use-auth';
import { toast } from '@/client/lib/toast';

// A visitor's choice stays in this browser; a signed-in user's is in their profile, on every device.
const STORAGE_KEY = 'ticklist:hide-completed-items';
const CHANGE_EVENT = 'ticklist:hide-completed-change';

function readStored(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

function writeStored(isHidden: boolean) {
  try {
    window.localStorage.setItem(STORAGE_KEY, String(isHidden));
  } catch {
    // Private browsing or a full quota: the choice lasts as long as the page.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** Whether the detail pages hide completed items, and how to change it (at once on screen, then saved). */
export function useHideCompleted(): { isHidden: boolean; setHidden: (isHidden: boolean) => void } {
  const { profile } = useAuth();
  const queryClient = useQueryClient();
  const settings = useUpdateSettings();
  const stored = useSyncExternalStore(subscribe, readStored, () => false);
  const isHidden = profile ? profile.hideCompletedItems : stored;
  const setHidden = useCallback(
    (next: boolean) => {
      if (!profile) {
        writeStored(next);
        return;
      }
      const { queryKey } = meQuery();
      queryClient.setQueryData(queryKey, (me) => (me ? { ...me, hideCompletedItems: next } : me));
      settings.mutate(
        { hideCompletedItems: next },
        {
          onError: () => {
            queryClient.setQueryData(queryKey, (me) => (me ? { ...me, hideCompletedItems: !next } : me));
            toast.error(hideCompletedMessages.saveFailed);
          },
        },
      );
    },
    [profile, queryClient, settings],
  );
  return { isHidden, setHidden };
}
