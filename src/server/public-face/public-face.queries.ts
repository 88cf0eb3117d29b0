import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { tagCount } from '../browse/browse.queries';
import { visibleTo } from '../visibility/lists';
import { isUuid } from '../db/ids';
import { notSuspended } from '../visibility/held';
import {
  authorColumns,
  itemCountColumn,
  personColumns,
  tagsColumn,
  type AuthorRow,
  type PersonRow,
} from '../presenters';
import type { PreviewRow } from './share-preview/preview-content';
import { PREVIEW_ITEMS } from './share-preview/preview-layout';
import { paths } from '@/domain/paths';

// Reads for the sitemaps and the feeds (decision 020). What a crawler or a feed reader
// is shown: a public list whose author's profile is public, and a public profile. Never a private
// list, nor any list of a private profile (which includes "Deleted user", decision 013).

/** A list crawlers and feeds may show, as SQL on the checklists row `c` joined to its author's profile `p`. */
const isListedPublicly = sql`c.is_public and p.is_public`;

/**
 * A profile crawlers and feeds may show, as SQL on `profiles p`: public, not hidden by the
 * moderators nor of a suspended user, and of a confirmed account.
 * An unconfirmed sign-up has no public profile (decision 015): listing it would tell
 * a new address's sign-up from a known one's, whose name is only held.
 */
const isProfileListed = sql`p.is_public and p.hidden_at is null and ${notSuspended('p')}
  and exists (select 1 from users u where u.id = p.id and u.email_verified)`;

export type SitemapRow = { path: string; lastmod: Date };

export async function countListedLists(db: Executor): Promise<number> {
  const result = await db.execute<{ total: number }>(sql`
    select count(*)::int as total from checklists c join profiles p on p.id = c.author_id
    where ${isListedPublicly}`);
  return result.rows[0]?.total ?? 0;
}

export async function countListedProfiles(db: Executor): Promise<number> {
  const result = await db.execute<{ total: number }>(sql`
    select count(*)::int as total from profiles p where ${isProfileListed}`);
  return result.rows[0]?.total ?? 0;
}

/** One sitemap's worth of lists, oldest first (a list keeps its page as new ones are added). */
export async function listListsForSitemap(
  db: Executor,
  page: { offset: number; limit: number },
): Promise<SitemapRow[]> {
  const result = await db.execute<{ id: string; lastmod: Date }>(sql`
    select c.id, c.updated_at as lastmod from checklists c join profiles p on p.id = c.author_id
    where ${isListedPublicly}
    order by c.created_at, c.id
    offset ${page.offset} limit ${page.limit}`);
  return result.rows.map((row) => ({ path: paths.checklist(row.id), lastmod: new Date(row.lastmod) }));
}

/** One sitemap's worth of public profiles; a profile changes when it does or when one of its listed lists does. */
export async function listProfilesForSitemap(
  db: Executor,
  page: { offset: number; limit: number },
): Promise<SitemapRow[]> {
  const result = await db.execute<{ username: string; lastmod: Date }>(sql`
    select p.username,
      greatest(p.updated_at, (select max(c.updated_at) from checklists c where c.author_id = p.id and c.is_public))
        as lastmod
    from profiles p
    where ${isProfileListed}
    order by p.created_at, p.id
    offset ${page.offset} limit ${page.limit}`);
  return result.rows.map((row) => ({
    path: paths.user(row.username),
    lastmod: new Date(row.lastmod),
  }));
}

export type FeedRow = AuthorRow & {
  id: string;
  title: string;
  description: string | null;
  created_at: Date;
  updated_at: Date;
  tags: string[];
};

/** The newest lists listed publicly, of one author or with one tag (compared without case) if asked. */
export async function listNewestForFeed(
  db: Executor,
  filter: { authorId?: string; tag?: string },
  limit: number,
): Promise<FeedRow[]> {
  const conditions: SQL[] = [isListedPublicly];
  if (filter.authorId) conditions.push(sql`c.author_id = ${filter.authorId}`);
  if (filter.tag) {
    conditions.push(
      sql`exists (select 1 from checklist_tags t where t.checklist_id = c.id and lower(t.tag) = lower(${filter.tag}))`,
    );
  }
  const result = await db.execute<FeedRow>(sql`
    select c.id, c.title, c.description, c.created_at, c.updated_at, ${authorColumns}, ${tagsColumn} as tags
    from checklists c join profiles p on p.id = c.author_id
    where ${sql.join(conditions, sql` and `)}
    order by c.created_at desc, c.id desc
    limit ${limit}`);
  return result.rows;
}

/** A public profile by username (without case), or null when there is none or it is private. */
export async function findPublicProfile(
  db: Executor,
  username: string,
): Promise<(PersonRow & { id: string; username: string }) | null> {
  const result = await db.execute<PersonRow & { id: string; username: string }>(sql`
    select ${personColumns} from profiles p where lower(p.username) = lower(${username}) and ${isProfileListed}`);
  return result.rows[0] ?? null;
}

/** Whether some public list carries `tag` (compared without case), from the tag counts the triggers maintain. */
export async function isTagInUse(db: Executor, tag: string): Promise<boolean> {
  const result = await db.execute<{ count: number }>(sql`select ${tagCount(sql`lower(${tag})`)} as count`);
  return (result.rows[0]?.count ?? 0) > 0;
}

export type ListHeadRow = PreviewRow & {
  id: string;
  description: string | null;
  is_unlisted: boolean;
};

/**
 * What a shared link's preview says of a list, in its page's head and its preview image: one anyone
 * may open by its address (`visibleTo` a visitor), or null, so a private list and a missing one give
 * the same page and the same image response.
 */
export async function findListForHead(db: Executor, id: string): Promise<ListHeadRow | null> {
  if (!isUuid(id)) return null;
  const result = await db.execute<ListHeadRow>(sql`
    select c.id, c.title, c.description, c.is_unlisted, ${authorColumns}, ${itemCountColumn} as items_count,
      coalesce((select json_agg(json_build_object('kind', i.kind, 'content', i.content) order by i.order_index) from (
        select kind, content, order_index from checklist_items where checklist_id = c.id order by order_index limit ${PREVIEW_ITEMS}
      ) i), '[]') as first_items
    from checklists c join profiles p on p.id = c.author_id
    where c.id = ${id} and ${visibleTo(null)}`);
  return result.rows[0] ?? null;
}
