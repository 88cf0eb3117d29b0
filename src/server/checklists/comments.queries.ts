import { sql, type SQL } from 'drizzle-orm';
import type { Comment, CommentPage } from '@/domain/checklists/comments';
import type { Executor } from '../db/client';
import { before, cursorTime, takePage } from '../paging';
import { presentPerson, type PersonRow, type ViewerId } from '../presenters';
import { hasBlocked } from '../social/blocks.queries';
import { findChecklistAccess } from './checklist-access';

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
});

const commentColumns = sql`cm.id, cm.content, cm.created_at, cm.updated_at, cm.user_id, p.profile_name, p.is_public,
  p.avatar_url, p.username`;
const selectComments = sql`
  select ${commentColumns} from checklist_comments cm left join profiles p on p.id = cm.user_id`;

/**
 * Comments of a list with their author, newest first, a page at a time after
 * the `before` cursor (keyset on created_at, id), with the count of them all.
 */
export async function listComments(
  db: Executor,
  checklistId: string,
  viewerId: string | null,
  page: { before?: string | undefined; limit: number },
): Promise<CommentPage | null> {
  const access = await findChecklistAccess(db, checklistId, viewerId);
  if (!access) return null;
  const result = await db.execute<CommentRow & { cursor_time: string; total: number }>(sql`
    select page.*, (${countOfComments(checklistId, viewerId)}) as total
    from (
      select c.*, ${cursorTime(sql`c.created_at`)} as cursor_time
      from (${selectComments} where cm.checklist_id = ${checklistId} and ${notBlockedBy(viewerId)}
              and ${before(page.before, sql`cm.created_at`, sql`cm.id`)}
            order by cm.created_at desc, cm.id desc limit ${page.limit + 1}) c
    ) page
    order by page.created_at desc, page.id desc`);
  const { rows, nextCursor } = takePage(result.rows, page.limit);
  return {
    comments: rows.map((row) => toComment(row, viewerId)),
    // An empty page still knows the total: counted apart when no row carried it.
    total: result.rows[0]?.total ?? (await countComments(db, checklistId, viewerId)),
    nextCursor,
  };
}

/**
 * A blocked user's comments are left out of what the one who blocked them reads, and out of the
 * count they are shown (decision 048); everyone else reads them as before.
 */
const notBlockedBy = (viewerId: string | null) => sql`not ${hasBlocked(viewerId, sql`cm.user_id`)}`;

const countOfComments = (checklistId: string, viewerId: string | null) =>
  sql`select count(*)::int from checklist_comments cm where cm.checklist_id = ${checklistId} and ${notBlockedBy(viewerId)}`;

async function countComments(db: Executor, checklistId: string, viewerId: string | null): Promise<number> {
  const result = await db.execute<{ total: number }>(sql`select (${countOfComments(checklistId, viewerId)}) as total`);
  return result.rows[0]!.total;
}

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
 * The comment that `written` (an INSERT … RETURNING * of checklist_comments, run by the caller's
 * action) writes, read with its author as findComment does, in the same statement; the
 * author's profile comes with it (`person`), for the notification about it.
 */
export async function readWrittenComment(db: Executor, written: SQL): Promise<{ comment: Comment; person: PersonRow }> {
  const result = await db.execute<CommentRow>(sql`
    with cm as (${written})
    select ${commentColumns} from cm left join profiles p on p.id = cm.user_id`);
  const row = result.rows[0]!;
  // The response goes to its author, who has just written it.
  return { comment: toComment(row, row.user_id), person: personOf(row) };
}
