import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { pageTitle } from '@/domain/page-title';

/**
 * The browser tab's title while the page shows: its own name, then the site's (the same words the
 * server wrote into the page's HTML, src/server/public-face/page-head.ts); back to the site's alone
 * when the page goes. `name` null or undefined: the site's alone (e.g. while loading).
 */
export function useDocumentTitle(name: string | null | undefined) {
  useEffect(() => {
    document.title = pageTitle(name);
    return () => {
      document.title = pageTitle();
    };
  }, [name]);
}

/**
 * The server marks the links of the page it rendered (`data-page-head`: the canonical address, the
 * page's feed); once the app has moved to another page they describe a page no longer shown, so
 * they go. (Pages link their own feed from then on, lib/feed-link.ts.)
 */
export function useDropServerHeadOnNavigation() {
  const { pathname, search } = useLocation();
  const first = useRef(`${pathname}${search}`);
  useEffect(() => {
    if (`${pathname}${search}` === first.current) return;
    for (const element of document.head.querySelectorAll('[data-page-head]')) element.remove();
  }, [pathname, search]);
}
