import { sql, type SQL } from 'drizzle-orm';
import type { AccountStats } from '@/domain/accounts/profile';
import type {
  OwnChecklist,
  OwnChecklistsPage,
  OwnListFilter,
  OwnListsCursor,
  OwnListSort,
  OwnListsQuery,
} from '@/domain/checklists/own-lists';
import type { ChecklistVisibility } from '@/domain/checklists/visibility';
import type { Hold } from '@/domain/moderation/holds';
import { encodeCursor } from '@/domain/paging';
import { executeNamed, type Executor } from '../db/client';
import { cursorTime, cutPage } from '../paging';
import { visibleTo } from '../visibility/lists';
import { authorVisibilityColumn } from '../visibility/lists';
import { holdJson } from '../visibility/held';
import { itemCountColumn, presentEstimatedTime, tagsColumn } from '../presenters';

/**
 * The stats bar in one statement. Saved counts the distinct lists in the user's library
 * (any group, or saved) that they can still see; Started counts the lists whose open run has a
 * completed item (a list used before and started again is not started until its first tick); In
 * Progress counts those of them not yet complete, as Home's "In Progress" lists them; Completed
 * counts completed runs as the completion badges do (a list completed twice counts twice); Badges
 * counts those earned.
 */
export async function accountStats(db: Executor, userId: string): Promise<AccountStats> {
  const rows = await executeNamed<AccountStats>(
    db,
    sql`
    select
      (select count(*)::int from follows where followed_id = ${userId}) as followers,
      (select count(*)::int from follows where follower_id = ${userId}) as following,
      (select count(*)::int from checklists where author_id = ${userId}) as created,
      (select count(*)::int from (
         select checklist_id from user_list_memberships where user_id = ${userId}
         union
         select checklist_id from saved_checklists where user_id = ${userId}) mine
       join checklists c on c.id = mine.checklist_id and ${visibleTo(userId)}) as saved,
      (select count(*)::int from cloned_checklists where cloned_by = ${userId}) as cloned,
      open_runs.started, open_runs.in_progress as "inProgress",
      (select count(*)::int from checklist_runs where user_id = ${userId} and completed) + open_runs.completed as completed,
      (select count(*)::int from user_badges where user_id = ${userId}) as badges
    -- The open runs, read once for the three counts that need them. Each run's row says whether it
    -- is complete and whether its user may still see the list (kept by triggers), so no list is
    -- read: a probe of every started list would double the statement's reads.
    from (select count(*)::int as started,
            (count(*) filter (where not pr.complete and pr.list_visible))::int as in_progress,
            (count(*) filter (where pr.complete))::int as completed
          from checklist_progress pr
          where pr.user_id = ${userId} and pr.completed_count > 0) open_runs`,
  );
  return rows[0]!;
}

/** Each sort's key (its first columns) and order; every one ends with creation time and id. */
const ownListOrders = {
  newest: { key: sql``, order: sql`c.created_at desc, c.id desc` },
  oldest: { key: sql``, order: sql`c.created_at asc, c.id asc` },
  'most-used': { key: sql`c.uses_count`, order: sql`c.uses_count desc, c.created_at desc, c.id desc` },
  title: { key: sql`lower(c.title)`, order: sql`lower(c.title) asc, c.created_at desc, c.id desc` },
} satisfies Record<OwnListSort, { key: SQL; order: SQL }>;

/** Where a page starts: after the cursor's key, in the sort's own order. */
function afterOwnListsCursor(cursor: OwnListsCursor): SQL {
  switch (cursor.s) {
    case 'newest':
      return sql`(c.created_at, c.id) < (${cursor.k[0]}::timestamptz, ${cursor.k[1]}::uuid)`;
    case 'oldest':
      return sql`(c.created_at, c.id) > (${cursor.k[0]}::timestamptz, ${cursor.k[1]}::uuid)`;
    case 'most-used':
      return sql`(c.uses_count, c.created_at, c.id) < (${cursor.k[0]}::int, ${cursor.k[1]}::timestamptz, ${cursor.k[2]}::uuid)`;
    case 'title':
      // Title ascending, then newest first: not one row comparison, so spelt out.
      return sql`(lower(c.title) > ${cursor.k[0]}
        or (lower(c.title) = ${cursor.k[0]} and (c.created_at, c.id) < (${cursor.k[1]}::timestamptz, ${cursor.k[2]}::uuid)))`;
  }
}

// Filtered by the author's own choice, which a held list keeps in held_visibility (decision 048).
const ownListFilters = {
  all: sql`true`,
  public: sql`${authorVisibilityColumn('c')} = 'public'`,
  // "Private" is the author's alone; a list anyone with the link may open has a filter of its own
  // (decision 024).
  private: sql`${authorVisibilityColumn('c')} = 'private'`,
  unlisted: sql`${authorVisibilityColumn('c')} = 'unlisted'`,
} satisfies Record<OwnListFilter, SQL>;

/**
 * "My Lists": a page of the user's own lists, public and private, in the chosen sort
 * and filter, with the summary tiles over all of them (a bounded page, not every list).
 */
export async function listOwnChecklists(
  db: Executor,
  userId: string,
  query: Pick<OwnListsQuery, 'sort' | 'filter' | 'limit'>,
  cursor: OwnListsCursor | null,
): Promise<OwnChecklistsPage> {
  const { key, order } = ownListOrders[query.sort];
  const result = await db.execute<{
    id: string;
    title: string;
    description: string;
    is_public: boolean;
    is_unlisted: boolean;
    author_visibility: ChecklistVisibility;
    hold: Hold | null;
    item_count: number;
    uses_count: number;
    rating: string | null;
    estimated_time: string | null;
    difficulty: OwnChecklist['difficulty'];
    tags: string[];
    created_at: Date;
    sort_key: string | number | null;
    cursor_time: string;
  }>(sql`
    select c.id, c.title, c.description, c.is_public, c.is_unlisted, ${authorVisibilityColumn('c')} as author_visibility,
           ${holdJson('c')} as hold, c.uses_count, c.rating, c.estimated_time, c.difficulty,
           c.created_at, ${itemCountColumn} as item_count, ${tagsColumn} as tags,
           ${query.sort === 'most-used' || query.sort === 'title' ? key : sql`null`} as sort_key,
           ${cursorTime(sql`c.created_at`)} as cursor_time
    from checklists c
    where c.author_id = ${userId} and ${ownListFilters[query.filter]}
      and ${cursor ? afterOwnListsCursor(cursor) : sql`true`}
    order by ${order}
    limit ${query.limit + 1}`);
  const nextKey = (row: (typeof result.rows)[number]): OwnListsCursor => {
    const tail = [row.cursor_time, row.id] as [string, string];
    if (query.sort === 'most-used') return { s: query.sort, f: query.filter, k: [Number(row.sort_key), ...tail] };
    if (query.sort === 'title') return { s: query.sort, f: query.filter, k: [String(row.sort_key), ...tail] };
    return { s: query.sort, f: query.filter, k: tail };
  };
  const { rows, nextCursor } = cutPage(result.rows, query.limit, (last) => encodeCursor(nextKey(last)));
  return {
    checklists: rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      isPublic: row.is_public,
      visibility: row.author_visibility,
      hold: row.hold,
      itemCount: row.item_count,
      uses: row.uses_count,
      rating: row.rating === null ? null : Number(row.rating),
      estimatedTime: presentEstimatedTime(row.estimated_time),
      difficulty: row.difficulty,
      tags: row.tags,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    summary: await ownListsSummary(db, userId),
    nextCursor,
  };
}

/** The summary tiles over all of the user's lists, in one statement. */
async function ownListsSummary(db: Executor, userId: string): Promise<OwnChecklistsPage['summary']> {
  const result = await db.execute<{ total_lists: number; total_uses: number; most_popular: string | null }>(sql`
    select count(*)::int as total_lists, coalesce(sum(uses_count), 0)::int as total_uses,
           (select title from checklists where author_id = ${userId} and uses_count > 0
            order by uses_count desc, created_at desc, id desc limit 1) as most_popular
    from checklists where author_id = ${userId}`);
  const row = result.rows[0]!;
  return { totalLists: row.total_lists, totalUses: row.total_uses, mostPopularTitle: row.most_popular };
}
