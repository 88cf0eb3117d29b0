import { sql, type SQL } from 'drizzle-orm';
import {
  GROUP_LISTS_SHOWN,
  MAX_GROUPS,
  type Group,
  type GroupListsPage,
  type LibraryStatus,
} from '@/domain/library/library';
import { encodeCursor } from '@/domain/paging';
import { executeNamed, type Executor } from '../db/client';
import { isUuid } from '../db/ids';
import { cursorTime, cutPage } from '../paging';
import { visibleTo } from '../visibility/lists';
import { authorColumns, presentAuthor, type AuthorRow } from '../presenters';

type GroupListRow = AuthorRow & { id: string; title: string; cursor_time: string };

/** A group's lists the user can still see, in the order they were filed, after `cursor` when given. */
type GroupListsCursor = [string, string];

const groupListsSql = (groupId: SQL, userId: string, after: GroupListsCursor | null, limit: number) => sql`
  select c.id, c.title, ${authorColumns}, ${cursorTime(sql`m.created_at`)} as cursor_time
  from user_list_memberships m
  join checklists c on c.id = m.checklist_id and ${visibleTo(userId)}
  left join profiles p on p.id = c.author_id
  where m.list_group_id = ${groupId}
    and ${after ? sql`(m.created_at, c.id) > (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql`true`}
  order by m.created_at, c.id
  limit ${limit}`;

/** The page's lists and where the next page starts (`rows` holds one more than `limit` when there is one). */
function groupListsPage(rows: GroupListRow[], limit: number, userId: string): GroupListsPage {
  const { rows: shown, nextCursor } = cutPage(rows, limit, (last) => encodeCursor([last.cursor_time, last.id]));
  return {
    checklists: shown.map((list) => {
      const { author, authorAvatar } = presentAuthor(list, userId);
      return { id: list.id, title: list.title, author, authorAvatar };
    }),
    nextCursor,
  };
}

/**
 * The user's groups, oldest first, in one statement: each with its first
 * GROUP_LISTS_SHOWN lists and how many it holds (a bounded response; the rest come a page
 * at a time from `listGroupLists`). A list that became private to someone else no longer shows
 * in another user's group, nor counts.
 */
export async function listGroups(db: Executor, userId: string): Promise<Group[]> {
  const result = await db.execute<{
    id: string;
    name: string;
    created_at: Date;
    list_count: number;
    checklists: GroupListRow[];
  }>(sql`
    select g.id, g.name, g.created_at,
      (select count(*)::int from user_list_memberships m
       join checklists c on c.id = m.checklist_id and ${visibleTo(userId)}
       where m.list_group_id = g.id) as list_count,
      coalesce((select json_agg(shown) from (${groupListsSql(sql`g.id`, userId, null, GROUP_LISTS_SHOWN + 1)}) shown),
               '[]') as checklists
    from user_list_groups g
    where g.user_id = ${userId}
    order by g.created_at, g.id
    limit ${MAX_GROUPS}`);
  return result.rows.map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: new Date(row.created_at).toISOString(),
    listCount: row.list_count,
    ...groupListsPage(row.checklists, GROUP_LISTS_SHOWN, userId),
  }));
}

/** The next page of one of the user's groups; null when the group is not theirs. */
export async function listGroupLists(
  db: Executor,
  userId: string,
  groupId: string,
  after: GroupListsCursor,
  limit: number,
): Promise<GroupListsPage | null> {
  if (!isUuid(groupId)) return null;
  const owned = await db.execute(sql`select 1 from user_list_groups where id = ${groupId} and user_id = ${userId}`);
  if (!owned.rows.length) return null;
  const result = await db.execute<GroupListRow>(groupListsSql(sql`${groupId}::uuid`, userId, after, limit + 1));
  return groupListsPage(result.rows, limit, userId);
}

/** The user's own rows about a list, null when they may not see it: one statement with that check. */
export async function libraryStatus(db: Executor, userId: string, checklistId: string): Promise<LibraryStatus | null> {
  if (!isUuid(checklistId)) return null;
  // Named: planned on every request, it cost more than the two statements it replaced (measured).
  const [row] = await executeNamed<LibraryRow>(
    db,
    sql`
      ${selectLibraryRows(userId, checklistId)}
      from checklists c where c.id = ${checklistId} and ${visibleTo(userId)}`,
  );
  return row ? { groupIds: row.group_ids, isSaved: row.is_saved } : null;
}

/** The user's own rows about a list, without asking whether the list is still visible to them. */
export async function ownLibraryRows(db: Executor, userId: string, checklistId: string): Promise<LibraryStatus> {
  const row = (await db.execute<LibraryRow>(selectLibraryRows(userId, checklistId))).rows[0]!;
  return { groupIds: row.group_ids, isSaved: row.is_saved };
}

type LibraryRow = { group_ids: string[]; is_saved: boolean };

const selectLibraryRows = (userId: string, checklistId: string) => sql`
  select coalesce((select json_agg(m.list_group_id order by m.created_at) from user_list_memberships m
                   where m.user_id = ${userId} and m.checklist_id = ${checklistId}), '[]') as group_ids,
         exists (select 1 from saved_checklists s where s.user_id = ${userId} and s.checklist_id = ${checklistId}) as is_saved`;
