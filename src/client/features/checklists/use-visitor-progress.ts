import { useCallback, useMemo } from 'react';
import { useStoredValue } from '@/client/lib/browser-storage';
import { parseStoredProgress, progressStorageKey, storedProgress } from '@/client/lib/progress';

/**
 * A signed-out visitor's completions stay in this browser, as the ids of the completed items under
 * `ticklist:progress:{checklistId}`, restored on load; ids of items the list no longer has are
 * dropped. Other tabs showing the same list follow along.
 */
export function useVisitorProgress(checklistId: string, items: readonly { id: string }[]) {
  const [raw, saveRaw] = useStoredValue(progressStorageKey(checklistId));
  const completedItemIds = useMemo(() => parseStoredProgress(raw, items), [raw, items]);
  const save = useCallback((ids: readonly string[]) => saveRaw(storedProgress(ids)), [saveRaw]);
  return { completedItemIds, save };
}
