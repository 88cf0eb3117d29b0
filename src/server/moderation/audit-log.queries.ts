import { sql } from 'drizzle-orm';
import type { AuditPage, AuditRow } from '@/domain/moderation/audit';
import type { Executor } from '../db/client';
import { before, cursorTime, takePage } from '../paging';

type Row = {
  id: string;
  actor_username: string | null;
  action: AuditRow['action'];
  target_type: AuditRow['targetType'];
  target_id: string;
  target_name: string | null;
  reason: string;
  before: unknown;
  after: unknown;
  created_at: Date;
  cursor_time: string;
};

/**
 * What a row's target is called now: a list's title, a person's username (a profile or a user is
 * named by their user id), a comment's first words; null once it is gone.
 */
const targetName = sql`case a.target_type
  when 'checklist' then (select c.title from checklists c where c.id = a.target_id::uuid)
  when 'comment' then (select left(cm.content, 80) from checklist_comments cm where cm.id = a.target_id::uuid)
  else (select p.username from profiles p where p.id = a.target_id) end`;

/** The audit log, newest first, a page at a time after the `before` cursor (keyset on created_at, id). */
export async function listAuditLog(
  db: Executor,
  page: { before?: string | undefined; limit: number },
): Promise<AuditPage> {
  const result = await db.execute<Row>(sql`
    select a.id, a.actor_username, a.action, a.target_type, a.target_id, ${targetName} as target_name, a.reason,
      a.before, a.after, a.created_at, ${cursorTime(sql`a.created_at`)} as cursor_time
    from moderation_actions a
    where ${before(page.before, sql`a.created_at`, sql`a.id`)}
    order by a.created_at desc, a.id desc
    limit ${page.limit + 1}`);
  const { rows, nextCursor } = takePage(result.rows, page.limit);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      actorUsername: row.actor_username,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      targetName: row.target_name,
      reason: row.reason,
      before: row.before,
      after: row.after,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    nextCursor,
  };
}
