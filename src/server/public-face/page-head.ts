import { pageNames, pageTitle, SITE_NAME } from '@/domain/page-title';
import { isValidUsername } from '@/domain/accounts/username';
import { MAX_TAG_LENGTH } from '@/domain/checklists/checklist-fields';
import { legalDocumentAt } from '@/domain/legal/legal-pages';
import type { Executor } from '../db/client';
import { displayName, presentAuthor } from '../presenters';
import { findListForHead, findPublicProfile, isTagInUse } from './public-face.queries';
import { previewContentOf, previewPath, previewVersion } from './share-preview/preview-content';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from './share-preview/preview-layout';
import { xmlText } from './xml';
import { paths } from '@/domain/paths';

// The head of the HTML page the server responds with for a public route: its own
// title, description, canonical address, OpenGraph and Twitter card tags, and its feed, so a link
// pasted into a chat or found by a crawler describes the page without running the app.

/** What a page says of itself in its head. */
export type PageHead = {
  title: string;
  description: string;
  /** The page's one address (path and query), when it is a public page worth pointing at. */
  canonicalPath?: string;
  type: 'website' | 'article' | 'profile';
  /** Search engines are asked not to index it (an unlisted list: only those given its address find it). */
  isNotIndexed?: boolean;
  feed?: { href: string; title: string };
  /** A picture for link previews: path and query of a PNG (a list's share preview, decision 026). */
  image?: { path: string; width: number; height: number; alt: string };
};

export const SITE_DESCRIPTION = 'Ticklist: discover, clone, customise and work through real-life checklists.';
/** How long a page waits for its own head before it is served with the site's. */
export const HEAD_LOOKUP_MS = 1_000;
/** A preview's description is cut here (search engines and chat previews show about this much). */
export const DESCRIPTION_MAX_LENGTH = 200;

/** The site's own head: every page without one of its own. */
export const SITE_HEAD: PageHead = { title: pageTitle(), description: SITE_DESCRIPTION, type: 'website' };

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_MAX_LENGTH ? flat : `${flat.slice(0, DESCRIPTION_MAX_LENGTH - 1).trimEnd()}…`;
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/**
 * `<meta>` tags, in the order given, each content escaped. OpenGraph's keys (`og:…`) are written
 * as `property`, the others (the description, Twitter's card) as `name`, as each standard reads them.
 */
function metaTags(contents: Record<string, string | number>): string[] {
  return Object.entries(contents).map(
    ([key, content]) =>
      `<meta ${key.startsWith('og:') ? 'property' : 'name'}="${key}" content="${xmlText(String(content))}" />`,
  );
}

/** The tags of `head`, as HTML for the document's head. */
export function renderHead(head: PageHead, baseUrl: string): string {
  const tags = [
    `<title>${xmlText(head.title)}</title>`,
    ...metaTags({
      description: head.description,
      'og:site_name': SITE_NAME,
      'og:type': head.type,
      'og:title': head.title,
      'og:description': head.description,
      'twitter:card': head.image ? 'summary_large_image' : 'summary',
      'twitter:title': head.title,
      'twitter:description': head.description,
    }),
  ];
  if (head.image) {
    const url = `${baseUrl}${head.image.path}`;
    tags.push(
      ...metaTags({
        'og:image': url,
        'og:image:type': 'image/png',
        'og:image:width': head.image.width,
        'og:image:height': head.image.height,
        'og:image:alt': head.image.alt,
        'twitter:image': url,
        'twitter:image:alt': head.image.alt,
      }),
    );
  }
  if (head.isNotIndexed) tags.push(`<meta name="robots" content="noindex" data-page-head />`);
  if (head.canonicalPath) {
    const url = xmlText(`${baseUrl}${head.canonicalPath}`);
    tags.push(`<link rel="canonical" href="${url}" data-page-head />`, `<meta property="og:url" content="${url}" />`);
  }
  if (head.feed) {
    tags.push(
      `<link rel="alternate" type="application/atom+xml" title="${xmlText(head.feed.title)}" href="${xmlText(head.feed.href)}" data-page-head />`,
    );
  }
  return tags.join('\n    ');
}

/** The head of a list's page: the list's own when anyone may open it, else the site's. */
async function listHead(db: Executor, id: string): Promise<PageHead> {
  const row = await findListForHead(db, id);
  if (!row) return SITE_HEAD;
  // A page's head is the same for everyone: its author is named as a visitor may see them.
  const { author } = presentAuthor(row, null);
  const summary = `${plural(row.items_count, 'item')} by ${author}.`;
  const preview = previewContentOf(row);
  return {
    title: pageTitle(row.title),
    description: shorten(row.description?.trim() ? `${row.description} · ${summary}` : `A checklist of ${summary}`),
    canonicalPath: paths.checklist(row.id),
    type: 'article',
    isNotIndexed: row.is_unlisted,
    image: {
      path: previewPath(row.id, previewVersion(preview)),
      width: PREVIEW_WIDTH,
      height: PREVIEW_HEIGHT,
      alt: shorten(`The checklist “${row.title}” on ${SITE_NAME}: ${summary}`),
    },
  };
}

/**
 * The head of the page at `url`: a list anyone may open by its address, a public profile, Browse,
 * the landing page and the legal pages have their own; every other page, a private list and a private or missing
 * profile among them, has the site's, so the page does not tell which of those it is.
 */
export async function headFor(db: Executor, url: URL): Promise<PageHead> {
  const { pathname, searchParams } = url;
  const list = /^\/checklist\/([^/]+)(\/print)?$/.exec(pathname);
  if (list) {
    const head = await listHead(db, decodeURIComponent(list[1]!));
    // A list's print view is the same list laid out for paper: search engines index its page only.
    return list[2] ? { ...head, canonicalPath: undefined, isNotIndexed: true } : head;
  }
  const user = /^\/user\/([^/]+)$/.exec(pathname);
  if (user) {
    const username = decodeURIComponent(user[1]!);
    const profile = isValidUsername(username) ? await findPublicProfile(db, username) : null;
    if (!profile) return SITE_HEAD;
    const name = displayName(profile, 'commenter', null);
    return {
      title: pageTitle(pageNames.profile(name, profile.username)),
      description: `Checklists by ${name} on ${SITE_NAME}.`,
      canonicalPath: paths.user(profile.username),
      type: 'profile',
      feed: {
        href: `/feeds/user/${encodeURIComponent(profile.username)}.atom`,
        title: `Ticklist: checklists by ${name}`,
      },
    };
  }
  if (pathname === '/browse') {
    const tag = searchParams.get('tag')?.trim();
    // Only a tag some public list carries gets a page of its own: any other text in the address
    // would otherwise become a title and a canonical page on our domain.
    if (tag && tag.length <= MAX_TAG_LENGTH && (await isTagInUse(db, tag))) {
      return {
        title: pageTitle(pageNames.browse(tag)),
        description: `Public checklists tagged “${tag}” on ${SITE_NAME}.`,
        canonicalPath: paths.browse({ tag }),
        type: 'website',
        feed: { href: `/feeds/tag/${encodeURIComponent(tag)}.atom`, title: `Ticklist: checklists tagged ${tag}` },
      };
    }
    return {
      title: pageTitle(pageNames.browse()),
      description: `Browse and search the public checklists on ${SITE_NAME}.`,
      canonicalPath: '/browse',
      type: 'website',
    };
  }
  if (pathname === '/') return { ...SITE_HEAD, canonicalPath: '/' };
  const legal = legalDocumentAt(pathname);
  if (legal) {
    return {
      title: pageTitle(legal.title),
      description: legal.description,
      canonicalPath: legal.path,
      type: 'website',
    };
  }
  return SITE_HEAD;
}

/** A page rendered on the server (page-body.ts): its root's HTML, its data script, its screen's preloads. */
export type RenderedBody = { root: string; data: string; preloads: string };

/**
 * The built index.html as a template: its description is taken out, its title is where each
 * page's head goes, and its empty `<div id="root">` is where a page rendered on the server goes
 * (page-body.ts), followed by the data it was rendered from; its screen's chunks are preloaded at the
 * end of the head. Throws at start-up if any is missing (a changed index.html), rather than
 * serving pages without a head.
 */
export function pageTemplate(
  indexHtml: string,
): (head: PageHead, baseUrl: string, body?: RenderedBody | null) => string {
  const description = /<meta name="description"[^>]*>\s*/;
  const title = /<title>[^<]*<\/title>/;
  const headEnd = '</head>';
  const root = '<div id="root"></div>';
  if (!description.test(indexHtml) || !title.test(indexHtml) || !indexHtml.includes(root)) {
    throw new Error('index.html has no <meta name="description">, <title> and <div id="root"></div> to replace');
  }
  const [before, after] = indexHtml.replace(description, '').split(title) as [string, string];
  const [headRest, bodyPart] = after.split(headEnd) as [string, string];
  const [beforeRoot, afterRoot] = bodyPart.split(root) as [string, string];
  const parts = (of: (html: string) => string) => [of(before), of(headRest), of(beforeRoot), of(afterRoot)] as const;
  const shellParts = parts((html) => html);
  const renderedParts = parts(withLowPriorityScripts);
  return (head, baseUrl, body) => {
    const preloads = body?.preloads ? `  ${body.preloads}\n  ` : '';
    const rendered = body ? `<div id="root">${body.root}</div>${body.data}` : root;
    const [start, rest, bodyStart, bodyEnd] = body ? renderedParts : shellParts;
    return `${start}${renderHead(head, baseUrl)}${rest}${preloads}${headEnd}${bodyStart}${rendered}${bodyEnd}`;
  };
}

/**
 * A page the server rendered shows its content before any script runs; its scripts only make it
 * respond. Asked for at low priority, they leave the line to the HTML and the stylesheet, so a
 * slow phone paints the page first and takes it over after (decision 025). The shell's scripts
 * render the page, so there they keep the browser's own priority.
 */
export function withLowPriorityScripts(html: string): string {
  return html.replace(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" ');
}
