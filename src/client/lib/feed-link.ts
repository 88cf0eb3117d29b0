import { useEffect } from 'react';

/** The Atom feeds the server offers (issue 14; src/server/public-face). */
export const feedPaths = {
  newest: () => '/feeds/newest.atom',
  user: (username: string) => `/feeds/user/${encodeURIComponent(username)}.atom`,
  tag: (tag: string) => `/feeds/tag/${encodeURIComponent(tag)}.atom`,
};

/**
 * Announces a feed to browsers and feed readers while the page shows: a
 * `<link rel="alternate" type="application/atom+xml">` in the document's head. `href` null: none.
 * (The newest lists' feed is in index.html for every page.)
 */
export function useFeedLink(href: string | null, title: string) {
  useEffect(() => {
    if (!href) return;
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.type = 'application/atom+xml';
    link.href = href;
    link.title = title;
    document.head.append(link);
    return () => link.remove();
  }, [href, title]);
}
