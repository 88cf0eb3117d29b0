import { useEffect } from 'react';

/** The Atom feeds the server offers (src/server/public-face). */
export const feedPaths = {
  newest: () => '/feeds/newest.atom',
  user: (username: string) => `/feeds/user/${encodeURIComponent(username)}.atom`,
  tag: (tag: string) => `/feeds/tag/${encodeURIComponent(tag)}.atom`,
};

/**
 * Offers a feed to browsers and feed readers while the page shows: a
 * `<link rel="alternate" type="application/atom+xml">` in the document's head. `href` null: none.
 * (The newest lists' feed is in index.html for every page.)
 */
export function useFeedLink(href: string | null, title: string) {
  useEffect(() => {
    if (!href) return;
    // The server may have linked it already in this page's HTML: the page takes that link over.
    const serverLink = document.head.querySelector<HTMLLinkElement>(
      `link[rel="alternate"][href="${CSS.escape(href)}"][data-page-head]`,
    );
    const link = serverLink ?? document.createElement('link');
    link.removeAttribute('data-page-head');
    link.rel = 'alternate';
    link.type = 'application/atom+xml';
    link.href = href;
    link.title = title;
    if (!serverLink) document.head.append(link);
    return () => link.remove();
  }, [href, title]);
}
