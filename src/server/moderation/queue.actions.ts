import { sql, type SQL } from 'drizzle-orm';
import type { ModerationAction } from '@/domain/moderation/audit';
import { holdMessages } from '@/domain/moderation/holds';
import { queueMessages, suspensionRefusal } from '@/domain/moderation/queue';
import type { ReportTargetType } from '@/domain/moderation/reports';
import { roleOf, type Role } from '@/domain/moderation/roles';
import { suspensionEnd, type SuspensionLength } from '@/domain/moderation/suspensions';
import type { Database, Executor } from '../db/client';
import { isUuid } from '../db/ids';
import { recordModeration } from './audit';
import { hideThing, restoreThing, suspendUser, unsuspendUser } from './holds';

// The moderators' decisions on a case (decision 048). Each runs in one transaction that locks the
// case, so two moderators deciding the same case at once cannot both act: the second finds it
// closed. Each writes its audit row (the thing's state before and after) in that transaction, and
// closes the case it decides.

export type QueueRefusal = { ok: false; status: 400 | 403 | 404 | 409; message: string };
export type QueueOutcome<T = undefined> = { ok: true; value: T } | QueueRefusal;

/** Who acts: a moderator or an admin, as `requireRole` found them. */
export type Moderator = { id: string; role: Role };

type CaseRow = { id: string; target_type: ReportTargetType; target_id: string; owner_id: string; status: string };

const refuse = (status: QueueRefusal['status'], message: string): QueueRefusal => ({ ok: false, status, message });

/** The open case, locked for this transaction; a refusal when there is none or it was decided. */
async function lockOpenCase(tx: Executor, caseId: string): Promise<CaseRow | QueueRefusal> {
  if (!isUuid(caseId)) return refuse(404, queueMessages.caseNotFound);
  const found = await tx.execute<CaseRow>(sql`
    select id, target_type, target_id, owner_id, status from moderation_cases where id = ${caseId} for update`);
  const row = found.rows[0];
  if (!row) return refuse(404, queueMessages.caseNotFound);
  if (row.status !== 'open') return refuse(409, queueMessages.caseClosed);
  return row;
}

const isRefusal = (value: object): value is QueueRefusal => 'ok' in value;

async function closeCase(tx: Executor, caseId: string): Promise<void> {
  await tx.execute(sql`update moderation_cases set status = 'closed', closed_at = now() where id = ${caseId}`);
}

/** A reported thing's hold as the audit log keeps it; null when it no longer exists. */
async function thingState(
  tx: Executor,
  type: ReportTargetType,
  id: string,
): Promise<{ hiddenAt: string | null; hiddenReason: string | null } | null> {
  const found = await tx.execute<{ hidden_at: string | null; hidden_reason: string | null }>(
    type === 'checklist'
      ? sql`select hidden_at::text, hidden_reason from checklists where id = ${id}::uuid`
      : type === 'comment'
        ? sql`select hidden_at::text, hidden_reason from checklist_comments where id = ${id}::uuid`
        : sql`select hidden_at::text, hidden_reason from profiles where id = ${id}`,
  );
  const row = found.rows[0];
  return row ? { hiddenAt: row.hidden_at, hiddenReason: row.hidden_reason } : null;
}

type UserState = { id: string; email: string; username: string; role: Role; suspendedUntil: string | null };

/** A user's role and suspension (the audit log's before and after); null when there is no such user. */
async function userState(tx: Executor, where: SQL): Promise<UserState | null> {
  const found = await tx.execute<{
    id: string;
    email: string;
    username: string;
    role: string;
    until: string | null;
  }>(sql`
    select p.id, u.email, p.username, p.role, p.suspended_until::text as until
    from profiles p join users u on u.id = p.id where ${where} for update of p`);
  const row = found.rows[0];
  if (!row) return null;
  return { id: row.id, email: row.email, username: row.username, role: roleOf(row.role), suspendedUntil: row.until };
}

const suspensionOf = (user: UserState | null) => ({ suspendedUntil: user?.suspendedUntil ?? null });

/**
 * Runs one decision on an open case: `act` changes the thing and says what the audit log records;
 * the case is closed with it unless `keepsOpen`.
 */
async function decide(
  db: Database,
  caseId: string,
  act: (
    tx: Executor,
    found: CaseRow,
  ) => Promise<
    | QueueRefusal
    | {
        action: ModerationAction;
        reason?: string;
        before: unknown;
        after: unknown;
        targetType?: 'user';
        targetId?: string;
      }
  >,
  actorId: string,
): Promise<QueueOutcome> {
  return db.transaction(async (tx) => {
    const found = await lockOpenCase(tx, caseId);
    if (isRefusal(found)) return found;
    const done = await act(tx, found);
    if ('ok' in done) return done;
    await recordModeration(tx, {
      actorId,
      action: done.action,
      targetType: done.targetType ?? found.target_type,
      targetId: done.targetId ?? found.target_id,
      reason: done.reason,
      before: done.before,
      after: done.after,
    });
    await closeCase(tx, found.id);
    return { ok: true, value: undefined };
  });
}

/**
 * Closes the case and leaves the thing as it is, except that a thing the reports hid on their own
 * (no moderator decided it) is shown again: dismissing says the reports were wrong.
 */
export function dismissCase(db: Database, caseId: string, actor: Moderator): Promise<QueueOutcome> {
  return decide(
    db,
    caseId,
    async (tx, found) => {
      const before = await thingState(tx, found.target_type, found.target_id);
      if (before?.hiddenReason === holdMessages.autoHiddenReason) {
        await restoreThing(tx, found.target_type, found.target_id);
      }
      return { action: 'dismiss', before, after: await thingState(tx, found.target_type, found.target_id) };
    },
    actor.id,
  );
}

/**
 * Hide (with the reason its author will read) or Restore: the thing's hold changes, with its state
 * before and after in the audit log. A thing that no longer exists is refused: only Dismiss is left.
 */
function decideHold(db: Database, caseId: string, actor: Moderator, action: 'hide' | 'restore', reason?: string) {
  return decide(
    db,
    caseId,
    async (tx, { target_type: type, target_id: id }) => {
      const before = await thingState(tx, type, id);
      const isChanged =
        before !== null &&
        (reason === undefined ? await restoreThing(tx, type, id) : await hideThing(tx, type, id, reason));
      if (!isChanged) return refuse(409, queueMessages.thingGone);
      return { action, reason, before, after: await thingState(tx, type, id) };
    },
    actor.id,
  );
}

/** Hides the thing for everyone but its author, who sees the reason. */
export const hideCase = (db: Database, caseId: string, actor: Moderator, reason: string): Promise<QueueOutcome> =>
  decideHold(db, caseId, actor, 'hide', reason);

/** Shows the thing again (a list gets its author's choice back unless they are suspended). */
export const restoreCase = (db: Database, caseId: string, actor: Moderator): Promise<QueueOutcome> =>
  decideHold(db, caseId, actor, 'restore');

/** Deletes the reported comment (comments only: a list or a profile is hidden, never deleted here). */
export function deleteCaseComment(db: Database, caseId: string, actor: Moderator): Promise<QueueOutcome> {
  return decide(
    db,
    caseId,
    async (tx, found) => {
      if (found.target_type !== 'comment') return refuse(400, queueMessages.onlyComments);
      const deleted = await tx.execute<{ content: string; checklist_id: string }>(sql`
        delete from checklist_comments where id = ${found.target_id}::uuid returning content, checklist_id`);
      const comment = deleted.rows[0];
      if (!comment) return refuse(409, queueMessages.thingGone);
      return {
        action: 'delete_comment',
        before: { content: comment.content, checklistId: comment.checklist_id },
        after: null,
      };
    },
    actor.id,
  );
}

/** What the suspension e-mail needs: to whom, until when (null: for good), and why. */
export type Suspension = { email: string; username: string; until: Date | null; reason: string };

/**
 * Suspends the case's owner for `length`: their sessions end, their lists are held, and their
 * comments and profile are left out while it lasts. The caller mails them after the commit.
 */
export async function suspendCaseOwner(
  db: Database,
  caseId: string,
  actor: Moderator,
  input: { reason: string; length: SuspensionLength },
): Promise<QueueOutcome<Suspension>> {
  let suspension: Suspension | null = null;
  const outcome = await decide(
    db,
    caseId,
    async (tx, found) => {
      const before = await userState(tx, sql`p.id = ${found.owner_id}`);
      if (!before) return refuse(409, queueMessages.thingGone);
      const refusal = suspensionRefusal(actor, before);
      if (refusal) return refuse(403, refusal);
      const until = suspensionEnd(input.length, new Date());
      await suspendUser(tx, before.id, until, input.reason);
      suspension = { email: before.email, username: before.username, until, reason: input.reason };
      return {
        action: 'suspend',
        reason: input.reason,
        targetType: 'user',
        targetId: before.id,
        before: suspensionOf(before),
        after: { ...suspensionOf(await userState(tx, sql`p.id = ${before.id}`)), length: input.length },
      };
    },
    actor.id,
  );
  return outcome.ok && suspension ? { ok: true, value: suspension } : (outcome as QueueRefusal);
}

/**
 * Ends a user's suspension now (by username): their lists come back unless a moderator hid them.
 * No case is closed: lifting a suspension decides nothing about what was reported.
 */
export async function unsuspendByUsername(db: Database, username: string, actor: Moderator): Promise<QueueOutcome> {
  return db.transaction(async (tx) => {
    const before = await userState(tx, sql`lower(p.username) = lower(${username})`);
    if (!before) return refuse(404, queueMessages.userNotFound);
    const refusal = suspensionRefusal(actor, before);
    if (refusal) return refuse(403, refusal);
    if (before.suspendedUntil === null) return refuse(409, queueMessages.notSuspended);
    await unsuspendUser(tx, before.id);
    await recordModeration(tx, {
      actorId: actor.id,
      action: 'unsuspend',
      targetType: 'user',
      targetId: before.id,
      before: suspensionOf(before),
      after: suspensionOf(await userState(tx, sql`p.id = ${before.id}`)),
    });
    return { ok: true, value: undefined };
  });
}

/** Unsuspend from a case's card: its owner, by the same rule; the case stays open. */
export async function unsuspendCaseOwner(db: Database, caseId: string, actor: Moderator): Promise<QueueOutcome> {
  if (!isUuid(caseId)) return refuse(404, queueMessages.caseNotFound);
  const found = await db.execute<{ username: string | null; status: string }>(sql`
    select p.username, mc.status from moderation_cases mc left join profiles p on p.id = mc.owner_id
    where mc.id = ${caseId}`);
  const row = found.rows[0];
  if (!row) return refuse(404, queueMessages.caseNotFound);
  if (row.status !== 'open') return refuse(409, queueMessages.caseClosed);
  if (!row.username) return refuse(409, queueMessages.thingGone);
  return unsuspendByUsername(db, row.username, actor);
}
