import { z } from 'zod';
import { REPORT_TARGET_TYPES } from './reports';

// The moderators' audit log (decision 048): every action, by whom (none for the automatic
// hiding), on what, why, and the thing's state before and after. Rows are never changed.

export const MODERATION_ACTIONS = [
  'dismiss',
  'hide',
  'auto_hide',
  'restore',
  'delete_comment',
  'suspend',
  'unsuspend',
  'grant_role',
  'revoke_role',
  'staff_pick',
  'staff_unpick',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const moderationActionLabels: Record<ModerationAction, string> = {
  dismiss: 'Dismissed',
  hide: 'Hid',
  auto_hide: 'Hidden automatically',
  restore: 'Restored',
  delete_comment: 'Deleted comment',
  suspend: 'Suspended',
  unsuspend: 'Unsuspended',
  grant_role: 'Granted role',
  revoke_role: 'Revoked role',
  staff_pick: 'Staff picked',
  staff_unpick: 'Removed staff pick',
};

/** What an action is about: a reported thing's type, or a user (suspension, roles). */
export const AUDIT_TARGET_TYPES = [...REPORT_TARGET_TYPES, 'user'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const auditEntrySchema = z.object({
  id: z.string(),
  actorUsername: z.string().nullable(),
  action: z.enum(MODERATION_ACTIONS),
  targetType: z.enum(AUDIT_TARGET_TYPES),
  targetId: z.string(),
  reason: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
