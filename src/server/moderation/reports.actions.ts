import { sql, type SQL } from 'drizzle-orm';
import { holdMessages } from '@/domain/moderation/holds';
import {
  AUTO_HIDE_ACCOUNT_AGE_HOURS,
  AUTO_HIDE_REPORTERS,
  canReport,
  reportMessages,
  type ReportInput,
} from '@/domain/moderation/reports';
import { autoHiddenNotificationMessage } from '@/domain/notifications/notifications';
import type { Database, Transaction } from '../db/client';
import { notifyModeration } from '../notifications/notifications.actions';
import type { WriteOutcome } from '../outcome';
import { recordModeration } from './audit';
import { hideThing } from './holds';
import { findReportTarget, type ReportTarget } from './reports.queries';

/**
 * A signed-in user reports a list, a comment or a profile they can see (decision 048), in one
 * transaction: the thing's open case is found or opened with a snapshot of the thing as it is now,
 * and the reporter's report in it written, or rewritten (one open report per person per thing).
 * A closed case is never reopened: a report after a moderator's decision opens a new one. Then the
 * thing may be hidden automatically (hideIfReportedEnough).
 */
export async function reportThing(db: Database, reporterId: string, input: ReportInput): Promise<WriteOutcome> {
  return db.transaction(async (tx): Promise<WriteOutcome> => {
    const target = await findReportTarget(tx, input.targetType, input.targetId, reporterId);
    if (!target) return { ok: false, reason: 'not_found' };
    if (!canReport({ id: reporterId }, target))
      return { ok: false, reason: 'invalid', message: reportMessages.ownThing };
    // The open case's row, locked until commit (the upsert locks it whether it inserts or finds it),
    // so two reports arriving together count one after the other: neither both hide nor both miss.
    const opened = await tx.execute<{ id: string }>(sql`
      insert into moderation_cases (target_type, target_id, owner_id, snapshot)
      values (${input.targetType}, ${target.id}, ${target.ownerId}, ${JSON.stringify(target.snapshot)}::jsonb)
      on conflict (target_type, target_id) where status = 'open' do update set status = moderation_cases.status
      returning id`);
    const caseId = opened.rows[0]!.id;
    await tx.execute(sql`
      insert into reports (case_id, reporter_id, reason, note)
      values (${caseId}, ${reporterId}, ${input.reason}, ${input.note})
      on conflict (case_id, reporter_id) do update
        set reason = excluded.reason, note = excluded.note, updated_at = now()`);
    await hideIfReportedEnough(tx, input.targetType, target, caseId);
    return { ok: true, value: undefined };
  });
}

const hiddenAt: Record<ReportInput['targetType'], (id: string) => SQL> = {
  checklist: (id) => sql`select hidden_at from checklists where id = ${id}`,
  comment: (id) => sql`select hidden_at from checklist_comments where id = ${id}`,
  profile: (id) => sql`select hidden_at from profiles where id = ${id}`,
};

/**
 * Automatic hiding: a thing not hidden yet whose case has reports from AUTO_HIDE_REPORTERS
 * different people, each with an account older than AUTO_HIDE_ACCOUNT_AGE_HOURS, is hidden until a
 * moderator decides, its author is notified, and the hiding is written to the audit log with no actor. A case holds one
 * report per person, so counting its reports counts people.
 */
async function hideIfReportedEnough(
  tx: Transaction,
  type: ReportInput['targetType'],
  target: ReportTarget,
  caseId: string,
): Promise<void> {
  if (target.isHidden) return;
  // Read after the case's lock, so a hide committed meanwhile by a report that came first is seen.
  const counted = await tx.execute<{ reporters: number; is_hidden: boolean }>(sql`
    select (select count(*)::int from reports r join users u on u.id = r.reporter_id
        where r.case_id = ${caseId}
          and u.created_at <= now() - make_interval(hours => ${AUTO_HIDE_ACCOUNT_AGE_HOURS})) as reporters,
      (${hiddenAt[type](target.id)}) is not null as is_hidden`);
  const { reporters, is_hidden } = counted.rows[0]!;
  if (is_hidden || reporters < AUTO_HIDE_REPORTERS) return;
  const reason = holdMessages.autoHiddenReason;
  await hideThing(tx, type, target.id, reason);
  const list =
    target.snapshot.type === 'checklist'
      ? { id: target.id, title: target.snapshot.title }
      : target.snapshot.type === 'comment'
        ? target.snapshot.checklist
        : null;
  await notifyModeration(tx, {
    recipientId: target.ownerId,
    message: autoHiddenNotificationMessage(type, list?.title),
    checklistId: list?.id ?? null,
  });
  await recordModeration(tx, {
    actorId: null,
    action: 'auto_hide',
    targetType: type,
    targetId: target.id,
    reason,
    before: { hidden: false },
    after: { hidden: true, reason },
  });
}
