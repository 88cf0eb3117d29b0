import { sql } from 'drizzle-orm';
import type { AuditTargetType, ModerationAction } from '@/domain/moderation/audit';
import type { Executor } from '../db/client';

export type AuditRecord = {
  /** The moderator or admin; null for the automatic hiding. */
  actorId: string | null;
  action: ModerationAction;
  targetType: AuditTargetType;
  targetId: string;
  reason?: string;
  before?: unknown;
  after?: unknown;
};

/**
 * Writes one row of the audit log, in the caller's transaction so that an action and its record
 * commit together. The actor's username is copied: rows are never changed (a trigger refuses),
 * so they must not depend on the account still existing.
 */
export async function recordModeration(db: Executor, record: AuditRecord): Promise<void> {
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
  await db.execute(sql`
    insert into moderation_actions (actor_id, actor_username, action, target_type, target_id, reason, before, after)
    values (${record.actorId}, (select username from profiles where id = ${record.actorId}), ${record.action},
      ${record.targetType}, ${record.targetId}, ${record.reason ?? ''}, ${json(record.before)}::jsonb, ${json(record.after)}::jsonb)`);
}
