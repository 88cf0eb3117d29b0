import { z } from 'zod';
import { newestFirstPageQuery, nextCursorSchema } from '../paging';
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

/** The audit log comes 30 rows at a time, newest first, with "Show more" for the next page. */
export const AUDIT_PAGE_SIZE = 30;
export const MAX_AUDIT_PAGE_SIZE = 100;
export const auditPageQuerySchema = newestFirstPageQuery(AUDIT_PAGE_SIZE, MAX_AUDIT_PAGE_SIZE);

/** A row of the log as the admins' page reads it: with what its target is called now, if it still exists. */
export const auditRowSchema = /* @__PURE__ */ auditEntrySchema.extend({ targetName: z.string().nullable() });
export type AuditRow = z.infer<typeof auditRowSchema>;
export const auditPageSchema = z.object({ entries: z.array(auditRowSchema), nextCursor: nextCursorSchema });
export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditMessages = {
  title: 'Audit log',
  intro: 'Every moderation action, newest first. Nothing here can be changed.',
  /** The actor of the automatic hiding, which no person did. */
  automatic: 'Automatic',
  empty: 'No moderation actions yet.',
  showMore: 'Show more',
  loadFailed: 'Failed to load the audit log.',
  before: 'Before',
  after: 'After',
  rolesLink: 'Roles',
} as const;

/** What an audit row's target is, in words: its type, and its name when it still has one. */
export function auditTargetText(row: Pick<AuditRow, 'targetType' | 'targetId' | 'targetName'>): string {
  const kind = { checklist: 'List', comment: 'Comment', profile: 'Profile', user: 'User' }[row.targetType];
  return `${kind} ${row.targetName ?? row.targetId}`;
}
