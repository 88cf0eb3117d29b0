import { sql } from 'drizzle-orm';
import type { ReportReason, ReportTargetType } from '../../src/domain/moderation/reports';
import type { Executor } from '../../src/server/db/client';

/**
 * Opens a case on a thing, as reports do, with one report from each of `reports` (a reporter's id
 * and reason): for tests and the end-to-end set-up of the moderators' queue.
 */
export async function openCase(
  db: Executor,
  thing: { type: ReportTargetType; id: string; ownerId: string; snapshot: Record<string, unknown> },
  reports: { reporterId: string; reason: ReportReason; note?: string }[],
): Promise<string> {
  const opened = await db.execute<{ id: string }>(sql`
    insert into moderation_cases (target_type, target_id, owner_id, snapshot)
    values (${thing.type}, ${thing.id}, ${thing.ownerId}, ${JSON.stringify(thing.snapshot)}::jsonb) returning id`);
  const caseId = opened.rows[0]!.id;
  for (const report of reports) {
    await db.execute(sql`
      insert into reports (case_id, reporter_id, reason, note)
      values (${caseId}, ${report.reporterId}, ${report.reason}, ${report.note ?? ''})`);
  }
  return caseId;
}

/** Adds a comment by `userId` on a list, straight into the table; its id. */
export async function addComment(db: Executor, checklistId: string, userId: string, content: string): Promise<string> {
  const added = await db.execute<{ id: string }>(sql`
    insert into checklist_comments (checklist_id, user_id, content) values (${checklistId}, ${userId}, ${content})
    returning id`);
  return added.rows[0]!.id;
}

/** Gives a user a role directly (the command line's function is tested on its own). */
export async function setRole(db: Executor, userId: string, role: 'user' | 'moderator' | 'admin'): Promise<void> {
  await db.execute(sql`update profiles set role = ${role} where id = ${userId}`);
}
