/** The Cache Storage cache of list details kept for use without a connection (written by the service worker). */
export const OFFLINE_LISTS_CACHE = 'ticklist-lists';

const LIST_DETAIL_PATH = /^\/api\/checklists\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an address is a list's detail, the one API response kept on the device. */
export function isListDetailPath(pathname: string): boolean {
  return LIST_DETAIL_PATH.test(pathname);
}

/** The API address of a list's detail, as the service worker caches it. */
export const listDetailPath = (id: string) => `/api/checklists/${encodeURIComponent(id)}`;

const LIST_PAGE = /^\/(?:checklist|dashboard\/lists|dashboard\/discover)\/([0-9a-f-]{36})$/i;

/** The id of the list an app address shows (its own page, or the dashboard's), else null. */
export function listIdOfPage(pathname: string): string | null {
  return LIST_PAGE.exec(pathname)?.[1] ?? null;
}
