import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while the server renders and while the browser hydrates that HTML, true from then on (and
 * from the start in a page the browser drew alone). What depends on the browser (its time zone,
 * its storage, code that loads later) waits for true, so the first render matches the server's
 * HTML (decision 025).
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
