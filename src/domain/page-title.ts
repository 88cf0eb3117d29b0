/** The site's name, as the tab and a shared link show it when a page has no name of its own. */
export const SITE_NAME = 'Ticklist';

/**
 * A page's title in the browser tab and in a shared link's preview: the page's own name first (a
 * list's title, a person's name), then the site. The server writes it into the HTML of public pages
 * (src/server/public-face/page-head.ts); the app keeps it as the user moves between pages.
 */
export function pageTitle(name?: string | null): string {
  const own = name?.replace(/\s+/g, ' ').trim();
  return own ? `${own} · ${SITE_NAME}` : SITE_NAME;
}

/** The names of the public pages that have one, as the server's HTML and the app both title them. */
export const pageNames = {
  browse: (tag?: string | null) => (tag ? `Checklists tagged ${tag}` : 'Browse checklists'),
  profile: (name: string, username: string) => `${name} (@${username})`,
};
