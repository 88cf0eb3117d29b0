import { useCallback, useSyncExternalStore } from 'react';

// Values this browser keeps for a visitor (their progress, their choices), read as React state that
// follows other tabs (the `storage` event) and this one (same-tab writes fire no `storage` event, so
// this module tells its own readers).
const CHANGE_EVENT = 'ticklist:storage-change';

// Private browsing or a full quota can make localStorage throw; a value then lives for the tab.
const memory = new Map<string, string>();

function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

function writeStored(key: string, value: string) {
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

/** The raw value stored under `key` (null when none, and while rendering on the server), and its setter. */
export function useStoredValue(key: string): [string | null, (value: string) => void] {
  const raw = useSyncExternalStore(
    subscribe,
    () => readStored(key),
    () => null,
  );
  const save = useCallback((value: string) => writeStored(key, value), [key]);
  return [raw, save];
}
