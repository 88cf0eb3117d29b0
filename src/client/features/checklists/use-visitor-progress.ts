import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { parseStoredProgress, progressStorageKey, storedProgress } from '@/client/lib/progress';

// Same-tab writes do not fire the `storage` event, so this one tells this tab's readers.
const CHANGE_EVENT = 'ticklist:progress-change';

// Private browsing or a full quota can make localStorage throw; progress then lives for the tab.
const memory = new Map<string, string>();

function readRaw(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

function writeRaw(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    memory.set(key, value);
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

/**
 * A signed-out visitor's completions stay in this browser, as the ids of the completed items under
 * `ticklist:progress:{checklistId}`, restored on load; ids of items the list no longer has are
 * dropped. Other tabs showing the same list follow along.
 */
export function useVisitorProgress(checklistId: string, items: readonly { id: string }[]) {
  const key = progressStorageKey(checklistId);
  const raw = useSyncExternalStore(
    subscribe,
    () => readRaw(key),
    () => null,
  );
  const completedItemIds = useMemo(() => parseStoredProgress(raw, items), [raw, items]);
  const save = useCallback((ids: readonly string[]) => writeRaw(key, storedProgress(ids)), [key]);
  return { completedItemIds, save };
}
