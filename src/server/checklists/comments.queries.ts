import { sql, type SQL } from 'drizzle-orm';
import type { Comment, CommentPage } from '@/domain/checklists/comments';
import type { Hold } from '@/domain/moderation/holds';
import { executeNamed, sqlLimitAtLeast, type Executor } from '../db/client';
import { holdJson, shownTo } from '../visibility/held';
import { before, cursorTime, takePage } from '../paging';
import { presentPerson, type PersonRow, type ViewerId } from '../presenters';
import { hasBlocked } from '../visibility/blocks';
import { readListPart } from './checklist-access';

type CommentRow = {
  id: string;
  content: string;
  created_at: Date;
  updated_at: Date;
  user_id: string;
  profile_name: string | null;
  is_public: boolean | null;
  avatar_url: string | null;
  username: string | null;
  hold: Hold | null;
};

const personOf = (row: CommentRow): PersonRow => ({
  id: row.user_id,
  name: row.profile_name,
  avatar: row.avatar_url,
  username: row.username,
  isPublic: row.is_public,
});

/** A comment as `viewerId` reads it: its author by the name they may see (see presenters.ts). */
const toComment = (row: CommentRow, viewerId: ViewerId): Comment => ({
  id: row.id,
  content: row.content,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
  author: { id: row.user_id, ...presentPerson(personOf(row), 'commenter', viewerId) },
  // Only its author reads a hidden comment at all (`shownTo`), with why it is hidden.
  hold: row.user_id === viewerId ? row.hold : null,
});

const commentColumns = sql`cm.id, cm.content, cm.created_at, cm.updated_at, cm.user_id, p.profile_name, p.is_public,
  p.avatar_url, p.username, ${holdJson('cm')} as hold`;
const selectComments = sql`
  select ${commentColumns} from checklist_comments cm left join profiles p on p.id = cm.user_id`;

/**
 * Comments of a list with their author, newest first, a page at a time after
 * the `before` cursor (keyset on created_at, id), with the count of them all; null when the viewer
 * may not see the list. One statement.
 */
export async function listComments(
  db: Executor,
  checklistId: string,
  viewerId: string | null,
  page: { before?: string | undefined; limit: number },
): Promise<CommentPage | null> {
  // The limit is written into the statement's text (it is named), rounded up, then cut to the
  // page's by the outer one.
  const read = await readListPart<CommentRow & { cursor_time: string }, { total: number }>(db, checklistId, viewerId, {
    columns: sql`(${countShown(checklistId, viewerId)}) as total`,
    part: sql`
      select c.*, ${cursorTime(sql`c.created_at`)} as cursor_time
      from (${selectComments} where cm.checklist_id = ${checklistId} and ${readableBy(viewerId)}
              and ${before(page.before, sql`cm.created_at`, sql`cm.id`)}
            order by cm.created_at desc, cm.id desc limit ${sqlLimitAtLeast(page.limit + 1)}) c`,
    order: sql`part.created_at desc, part.id desc`,
    limit: sql`${page.limit + 1}`,
  });
  if (!read) return null;
  const { rows, nextCursor } = takePage(read.rows, page.limit);
  return { comments: rows.map((row) => toComment(row, viewerId)), total: read.list.total, nextCursor };
}

/**
 * Which of a list's comments `viewerId` may read (over `checklist_comments cm` and its author's
 * profile `p`): a hidden comment, and every comment of a suspended author, is read by nobody but
 * its author; a blocked user's comments are left out for the one who blocked them (decision 048).
 */
const readableBy = (viewerId: string | null) =>
  sql`${shownTo(viewerId, 'cm', 'cm.user_id')} and not ${hasBlocked(viewerId, sql`cm.user_id`)}`;

/** How many of a list's comments `viewerId` may read, as the page counts them. */
const countShown = (checklistId: string, viewerId: string | null) => sql`
  select count(*)::int from checklist_comments cm left join profiles p on p.id = cm.user_id
  where cm.checklist_id = ${checklistId} and ${readableBy(viewerId)}`;

/**
 * One comment with its author, as the API responds with it to that author, who has just edited it (and
 * sees their own name).
 */
export async function findComment(db: Executor, id: string): Promise<Comment> {
  const result = await db.execute<CommentRow>(sql`${selectComments} where cm.id = ${id}`);
  const row = result.rows[0]!;
  return toComment(row, row.user_id);
}

/**
 * The comment a statement writes, read with its author as findComment does, in that statement:
 * `queries` are its WITH queries, among them `cm`, the INSERT … RETURNING * of checklist_comments
 * (no row when it wrote none), and `more` the other columns it answers. The author's profile comes
 * with it (`person`), for the notification about it.
 */
export async function readWrittenComment<More extends Record<string, unknown>>(
  db: Executor,
  queries: SQL,
  more: SQL,
): Promise<{ written: { comment: Comment; person: PersonRow } | null; more: More }> {
  // Named (its plan reads every row by key, whatever the values): PostgreSQL took longer to plan
  // this statement than to run it.
  const row = (
    await executeNamed<CommentRow & More>(
      db,
      sql`
    with ${queries}
    select ${commentColumns}, ${more} from (select 1) one left join cm on true left join profiles p on p.id = cm.user_id`,
    )
  )[0]!;
  // The response goes to its author, who has just written it.
  return {
    written: row.id ? { comment: toComment(row, row.user_id), person: personOf(row) } : null,
    more: row as More,
  };
}
