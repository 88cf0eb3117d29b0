import { sql } from 'drizzle-orm';
import type { RemixesQuery, RemixPage } from '@/domain/checklists/remixes';
import type { Executor } from '../db/client';
import { before, cursorTime, takePage } from '../paging';
import { authorColumns, presentAuthor, type AuthorRow } from '../presenters';
import { readListPart } from './checklist-access';

type RemixRow = AuthorRow & { id: string; title: string; created_at: Date; cursor_time: string };

/**
 * A list's public clones, newest first, a page at a time after `before` (keyset on the clone's
 * created_at and id), with the count of them all, in one statement with the list's visibility to
 * the viewer; null when the viewer may not see the list. A private or unlisted clone is never
 * listed nor counted: the response is the same for everyone who may see the list (so a visitor's
 * may be cached), and it names each author as anyone may see them, as a card does.
 */
export async function listRemixes(
  db: Executor,
  checklistId: string,
  viewerId: string | null,
  page: RemixesQuery,
): Promise<{ page: RemixPage; isPublic: boolean } | null> {
  const clones = sql`cloned_checklists k join checklists c on c.id = k.cloned_checklist_id`;
  const isPublicClone = sql`k.original_checklist_id = ${checklistId} and c.is_public`;
  // Whatever the list, its clones are found by the original's index and sorted, a few dozen rows.
  const read = await readListPart<RemixRow, { is_public: boolean; total: number }>(db, checklistId, viewerId, {
    listColumns: sql`c.is_public`,
    // A count in a FROM item of its own: as a scalar subquery of the select list, the statement ran
    // slower (measured).
    join: sql`cross join (select count(*)::int as total from ${clones} where ${isPublicClone}) counted`,
    columns: sql`list.is_public, counted.total`,
    part: sql`
      select c.id, c.title, ${authorColumns}, c.created_at, ${cursorTime(sql`c.created_at`)} as cursor_time
      from ${clones} left join profiles p on p.id = c.author_id
      where ${isPublicClone} and ${before(page.before, sql`c.created_at`, sql`c.id`)}
      order by c.created_at desc, c.id desc
      limit ${page.limit + 1}`,
    order: sql`part.created_at desc, part.id desc`,
  });
  if (!read) return null;
  const { rows, nextCursor } = takePage(read.rows, page.limit);
  return {
    page: {
      remixes: rows.map((row) => ({
        id: row.id,
        title: row.title,
        ...presentAuthor(row, null),
        createdAt: new Date(row.created_at).toISOString(),
      })),
      total: read.list.total,
      nextCursor,
    },
    isPublic: read.list.is_public,
  };
}
