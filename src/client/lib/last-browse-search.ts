import { useIsHydrated } from './hydration';
import { paths } from '@/domain/paths';

/**
 * "Back to Browse" returns to /browse with the filters the user last had there.
 *
 * Why session storage rather than router state on the card link: the way back to Browse often
 * passes other pages (Browse → list → its author's profile → another list, or a list reached from
 * the bell), and router state rides only the one link it was set on; it is also lost on reload.
 * Going back in history instead returned to whatever came before (the create form, a profile),
 * which is not Browse. Session storage is per tab, like the browsing it remembers.
 */
const STORAGE_KEY = 'ticklist:last-browse-search';
/** Only Browse's own parameters come back out, whatever the storage holds. */
const BROWSE_PARAMS = ['q', 'tag', 'order', 'view'] as const;

function sanitize(search: string): string {
  const given = new URLSearchParams(search);
  const allowed = new URLSearchParams();
  for (const name of BROWSE_PARAMS) {
    const value = given.get(name);
    if (value) allowed.set(name, value);
  }
  return allowed.toString();
}

/** Browse calls this whenever its URL changes. */
export function rememberBrowseSearch(search: string): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, sanitize(search));
  } catch {
    // Storage can be full or blocked; Back to Browse then opens plain /browse.
  }
}

/** /browse with the last Browse filters of this tab, or plain /browse. */
export function backToBrowsePath(): string {
  let search = '';
  try {
    search = sanitize(window.sessionStorage.getItem(STORAGE_KEY) ?? '');
  } catch {
    // As above: plain /browse.
  }
  return search ? `${paths.browse()}?${search}` : paths.browse();
}

/**
 * `backToBrowsePath()` for a link rendered on a page the server may have rendered: plain /browse
 * until the page is hydrated (the server cannot read this tab's storage), then this tab's filters.
 */
export function useBackToBrowsePath(): string {
  return useIsHydrated() ? backToBrowsePath() : paths.browse();
}
