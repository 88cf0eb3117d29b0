import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { hideCompletedMessages } from '@/domain/checklists/runs';
import { meQuery, useUpdateSettings } from '@/client/api/me';
import { useAuth } from '@/client/api/use-auth';
import { useStoredValue } from '@/client/lib/browser-storage';
import { toast } from '@/client/lib/toast';

// A visitor's choice stays in this browser; a signed-in user's is in their profile, on every device.
const STORAGE_KEY = 'ticklist:hide-completed-items';

/** Whether the detail pages hide completed items, and how to change it (at once on screen, then saved). */
export function useHideCompleted(): { isHidden: boolean; setHidden: (isHidden: boolean) => void } {
  const { profile } = useAuth();
  const queryClient = useQueryClient();
  const settings = useUpdateSettings();
  const [stored, saveStored] = useStoredValue(STORAGE_KEY);
  const isHidden = profile ? profile.hideCompletedItems : stored === 'true';
  const setHidden = useCallback(
    (next: boolean) => {
      if (!profile) {
        saveStored(String(next));
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
    [profile, queryClient, settings, saveStored],
  );
  return { isHidden, setHidden };
}
