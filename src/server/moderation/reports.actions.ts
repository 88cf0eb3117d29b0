import { sql } from 'drizzle-orm';
import {
  AUTO_HIDE_ACCOUNT_AGE_HOURS,
  AUTO_HIDE_REPORTERS,
  canReport,
  reportMessages,
  type ReportInput,
} from '@/domain/moderation/reports';
import { executeNamed, type Database } from '../db/client';
import type { WriteOutcome } from '../outcome';
import { runAutoHides } from './auto-hide';
import { findReportTarget } from './reports.queries';

/**
 * A signed-in user reports a list, a comment or a profile they can see (decision 048), in one
 * statement committed alone (ticklist_file_report): the thing's open case is found or opened with a
 * snapshot of the thing as it is now, and the reporter's report in it written, or rewritten (one
 * open report per person per thing). A closed case is never reopened: a report after a
 * moderator's decision opens a new one.
 *
 * Automatic hiding: a thing not hidden yet whose case has reports from AUTO_HIDE_REPORTERS
 * different people, each with an account older than AUTO_HIDE_ACCOUNT_AGE_HOURS, is hidden until a
 * moderator decides, its owner is notified, and the hiding is written to the audit log with no
 * actor. The report that brings the case there leaves the hiding, done after its commit
 * (auto-hide.ts).
 */
export async function reportThing(db: Database, reporterId: string, input: ReportInput): Promise<WriteOutcome> {
  const target = await findReportTarget(db, input.targetType, input.targetId, reporterId);
  if (!target) return { ok: false, reason: 'not_found' };
  if (!canReport({ id: reporterId }, target)) return { ok: false, reason: 'invalid', message: reportMessages.ownThing };
  const [filed] = await executeNamed<{ hiding: string | null }>(
    db,
    sql`select ticklist_file_report(${input.targetType}, ${target.id}, ${target.ownerId},
      ${JSON.stringify(target.snapshot)}::jsonb, ${reporterId}, ${input.reason}, ${input.note},
      ${AUTO_HIDE_REPORTERS}, ${AUTO_HIDE_ACCOUNT_AGE_HOURS}) as hiding`,
  );
  if (filed?.hiding) await runAutoHides(db, [Number(filed.hiding)]);
  return { ok: true, value: undefined };
}
