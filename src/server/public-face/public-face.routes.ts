import { Hono, type Context } from 'hono';
import { isValidUsername } from '@/domain/accounts/username';
import { MAX_TAG_LENGTH } from '@/domain/checklists/checklist-fields';
import type { Database } from '../db/client';
import { perAddress, refusedByRateLimit, type AppEnv } from '../http';
import { authorOf, displayName } from '../presenters';
import {
  countListedLists,
  countListedProfiles,
  findListForHead,
  findPublicProfile,
  listListsForSitemap,
  listNewestForFeed,
  listProfilesForSitemap,
  type FeedRow,
  type SitemapRow,
} from './public-face.queries';
import { previewContentOf, previewPath, previewVersion } from './share-preview/preview-content';
import { createPreviewRenderer, PreviewBusyError, type PreviewRenderer } from './share-preview/preview-renderer';
import { atomXml, sitemapIndexXml, sitemapXml, type AtomFeed } from './xml';
import { paths } from '@/domain/paths';

/** sitemaps.org: at most 50,000 URLs in one sitemap. */
export const SITEMAP_MAX_ENTRIES = 50_000;
/** A feed holds the 20 newest lists. */
export const FEED_ENTRIES = 20;

// Crawlers read the public pages; the API and the screens of a signed-in user are not for them.
const PRIVATE_PATHS = [
  '/api/',
  '/dashboard',
  '/me',
  '/create',
  '/edit-checklist/',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/email-change',
  '/dev/',
];

type Kind = 'lists' | 'profiles';

/** A preview at its current address never changes: a year, and no revalidation (decision 026). */
export const PREVIEW_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** The redirect from an older (or no) version to the current one is soon out of date itself. */
export const PREVIEW_REDIRECT_CACHE_CONTROL = 'public, max-age=60';

/**
 * robots.txt, the sitemaps, the Atom feeds (decision 020) and the share preview images
 * of lists (decision 026), mounted before the single-page app's fallback. `sitemapMaxEntries` is the
 * split point, smaller in tests; `previews` renders and caches the images (one per process).
 */
export function publicFaceRoutes({
  db,
  baseUrl,
  sitemapMaxEntries = SITEMAP_MAX_ENTRIES,
  previews = createPreviewRenderer(),
}: {
  db: Database;
  baseUrl: string;
  sitemapMaxEntries?: number;
  previews?: PreviewRenderer | undefined;
}) {
  const base = baseUrl.replace(/\/+$/, '');
  const absolute = (path: string) => `${base}${path}`;
  const xml = (c: Context, body: string, type: string) => {
    c.header('Content-Type', `${type}; charset=utf-8`);
    // Crawlers and feed readers come back often; an hour's staleness is fine for either.
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(body);
  };
  const notFound = (c: Context) => c.text('Not found', 404);
  const entries = (rows: SitemapRow[]) => rows.map((row) => ({ loc: absolute(row.path), lastmod: row.lastmod }));
  const pageOf = (kind: Kind, page: number) =>
    (kind === 'lists' ? listListsForSitemap : listProfilesForSitemap)(db, {
      offset: (page - 1) * sitemapMaxEntries,
      limit: sitemapMaxEntries,
    });

  const feed = async (c: Context, rows: FeedRow[], head: Omit<AtomFeed, 'entries' | 'emptyUpdated'>) =>
    xml(
      c,
      atomXml({
        ...head,
        emptyUpdated: new Date(),
        entries: rows.map((row) => ({
          id: absolute(paths.checklist(row.id)),
          title: row.title,
          link: absolute(paths.checklist(row.id)),
          published: new Date(row.created_at),
          updated: new Date(row.updated_at),
          author: displayName(authorOf(row), 'listAuthor', null),
          summary: row.description ?? '',
          categories: row.tags,
        })),
      }),
      'application/atom+xml',
    );

  return new Hono<AppEnv>()
    .get('/preview/checklist/:file', async (c) => {
      const id = /^(.+)\.png$/.exec(c.req.param('file'))?.[1];
      // A private list's image gets exactly the response a missing one's does, as its page does.
      const row = id ? await findListForHead(db, id) : null;
      if (!row) return notFound(c);
      const content = previewContentOf(row);
      const version = previewVersion(content);
      if (c.req.query('v') !== version) {
        // Any other version (an address from before an edit, or none) goes to the current picture,
        // so bytes are only ever served under the one address they will always have.
        c.header('Cache-Control', PREVIEW_REDIRECT_CACHE_CONTROL);
        return c.redirect(previewPath(row.id, version), 302);
      }
      const key = `${row.id}:${version}`;
      // Rendering keeps a core busy: only a picture not yet in memory counts
      // against the address's allowance, and the renderer refuses work past its queue.
      if (!previews.has(key)) {
        const refused = await refusedByRateLimit(c, null, perAddress('previewRendersPerIp'));
        if (refused) return refused;
      }
      let png: Buffer;
      try {
        png = await previews.png(key, content);
      } catch (error) {
        if (!(error instanceof PreviewBusyError)) throw error;
        c.header('Cache-Control', 'no-store');
        c.header('Retry-After', '5');
        return c.text('Busy rendering previews; try again shortly.', 503);
      }
      c.header('Content-Type', 'image/png');
      c.header('Cache-Control', PREVIEW_CACHE_CONTROL);
      // Chat apps and other sites show it in their link previews, some straight from here.
      c.header('Cross-Origin-Resource-Policy', 'cross-origin');
      // An unlisted list's picture is for those given its address, as its page is (decision 024).
      if (row.is_unlisted) c.header('X-Robots-Tag', 'noindex');
      return c.body(new Uint8Array(png));
    })
    .get('/robots.txt', (c) => {
      c.header('Cache-Control', 'public, max-age=3600');
      return c.text(
        [
          'User-agent: *',
          'Allow: /',
          ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
          '',
          `Sitemap: ${absolute('/sitemap.xml')}`,
          '',
        ].join('\n'),
      );
    })
    .get('/sitemap.xml', async (c) => {
      const [lists, profiles] = await Promise.all([countListedLists(db), countListedProfiles(db)]);
      if (lists + profiles <= sitemapMaxEntries) {
        const [listRows, profileRows] = await Promise.all([pageOf('lists', 1), pageOf('profiles', 1)]);
        return xml(c, sitemapXml(entries([...listRows, ...profileRows])), 'application/xml');
      }
      // Past the limit, /sitemap.xml is the index of numbered sitemaps of each kind.
      const now = new Date();
      const sitemaps = (['lists', 'profiles'] as const).flatMap((kind) => {
        const pages = Math.ceil((kind === 'lists' ? lists : profiles) / sitemapMaxEntries);
        return Array.from({ length: pages }, (_, index) => ({
          loc: absolute(`/sitemaps/${kind}-${index + 1}.xml`),
          lastmod: now,
        }));
      });
      return xml(c, sitemapIndexXml(sitemaps), 'application/xml');
    })
    .get('/sitemaps/:file', async (c) => {
      const match = /^(lists|profiles)-([1-9]\d{0,6})\.xml$/.exec(c.req.param('file'));
      if (!match) return notFound(c);
      const rows = await pageOf(match[1] as Kind, Number(match[2]));
      return rows.length === 0 ? notFound(c) : xml(c, sitemapXml(entries(rows)), 'application/xml');
    })
    .get('/feeds/newest.atom', async (c) =>
      feed(c, await listNewestForFeed(db, {}, FEED_ENTRIES), {
        selfUrl: absolute('/feeds/newest.atom'),
        pageUrl: absolute(paths.browse()),
        title: 'Ticklist: newest checklists',
      }),
    )
    .get('/feeds/user/:file', async (c) => {
      const username = /^(.+)\.atom$/.exec(c.req.param('file'))?.[1];
      if (!username || !isValidUsername(username)) return notFound(c);
      // A missing profile and a private one get the same response.
      const profile = await findPublicProfile(db, username);
      if (!profile) return notFound(c);
      const name = displayName(profile, 'commenter', null);
      return feed(c, await listNewestForFeed(db, { authorId: profile.id }, FEED_ENTRIES), {
        selfUrl: absolute(`/feeds/user/${encodeURIComponent(profile.username)}.atom`),
        pageUrl: absolute(paths.user(profile.username)),
        title: `Ticklist: checklists by ${name}`,
      });
    })
    .get('/feeds/tag/:file', async (c) => {
      const tag = /^(.+)\.atom$/s.exec(c.req.param('file'))?.[1]?.trim();
      if (!tag || tag.length > MAX_TAG_LENGTH) return notFound(c);
      return feed(c, await listNewestForFeed(db, { tag }, FEED_ENTRIES), {
        selfUrl: absolute(`/feeds/tag/${encodeURIComponent(tag)}.atom`),
        pageUrl: absolute(paths.browse({ tag })),
        title: `Ticklist: checklists tagged ${tag}`,
      });
    });
}
