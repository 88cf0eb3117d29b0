import { z } from 'zod';
import { newestFirstPageQuery, nextCursorSchema } from '../paging';
import { HIDE_REASON_MAX_LENGTH } from './holds';
import { REPORT_REASONS, REPORT_TARGET_TYPES, type ReportTargetType } from './reports';
import { canAdminister, type Role } from './roles';
import { SUSPENSION_LENGTHS } from './suspensions';

// The moderators' queue (decision 048): open cases, one per reported thing, newest first, each with
// its reports; and the decisions that close a case (dismiss, hide, restore, delete a comment,
// suspend the owner).

/**
 * Cases come newest first: a wave of spam is worked while it is still spreading, and the order is
 * the open-cases index's own, paged by its keyset (`before`) like comments and runs. Ten a page: a
 * case is a tall card (the thing, its state, its reports, the decisions), ten fill several screens
 * of a phone, and every decision asks again for the pages shown.
 */
export const CASES_PAGE_SIZE = 10;
export const MAX_CASES_PAGE_SIZE = 50;
export const casesPageQuerySchema = newestFirstPageQuery(CASES_PAGE_SIZE, MAX_CASES_PAGE_SIZE);
/** The newest reports a case shows in full; its count and reasons count them all. */
export const CASE_REPORTS_SHOWN = 20;

/**
 * The thing as it was first reported (the reports' snapshot): a list's title, description,
 * visibility, tags and entries; a comment's content and its list; a profile's username, name and
 * avatar. Read leniently, every field optional, so a snapshot of an older shape still shows what
 * it has rather than failing the whole queue.
 */
export const caseSnapshotSchema = z.looseObject({
  type: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  visibility: z.string().optional(),
  tags: z.array(z.string()).optional(),
  entries: z
    .array(z.looseObject({ kind: z.string().optional(), content: z.string(), note: z.string().nullish() }))
    .optional(),
  /** In the queue's page, a list's entries are its first few and this is how many it had in all. */
  entryCount: z.number().int().optional(),
  content: z.string().optional(),
  checklist: z.looseObject({ id: z.string(), title: z.string() }).optional(),
  username: z.string().optional(),
  profileName: z.string().nullish(),
  avatarUrl: z.string().nullish(),
});
export type CaseSnapshot = z.infer<typeof caseSnapshotSchema>;

/** How many entries of a reported list the queue's page carries and shows; the rest are asked for per case. */
export const SNAPSHOT_ENTRIES_SHOWN = 5;
/** One case's whole snapshot, every entry included. */
export const caseSnapshotResponseSchema = z.object({ snapshot: caseSnapshotSchema });

/** How many entries a snapshot had: its count when the queue trimmed it, else its entries. */
export const snapshotEntryCount = (snapshot: CaseSnapshot) => snapshot.entryCount ?? snapshot.entries?.length ?? 0;

/** A suspension: its end, or null for a permanent one. */
export const suspensionStateSchema = z.object({ until: z.string().nullable(), reason: z.string() });

export const caseReportSchema = z.object({
  reporterUsername: z.string(),
  reason: z.enum(REPORT_REASONS),
  note: z.string(),
  createdAt: z.string(),
});

export const moderationCaseSchema = z.object({
  id: z.string(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  openedAt: z.string(),
  owner: z.object({ username: z.string(), name: z.string().nullable(), role: z.string() }),
  snapshot: caseSnapshotSchema,
  /** The thing now: whether it still exists, whether it is hidden and why, whether its owner is suspended. */
  state: z.object({
    exists: z.boolean(),
    hiddenReason: z.string().nullable(),
    ownerSuspension: suspensionStateSchema.nullable(),
  }),
  reportCount: z.number().int(),
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.number().int() })),
  reports: z.array(caseReportSchema),
  reviewRequested: z.boolean(),
});
export type ModerationCase = z.infer<typeof moderationCaseSchema>;

export const casePageSchema = z.object({ cases: z.array(moderationCaseSchema), nextCursor: nextCursorSchema });
export type CasePage = z.infer<typeof casePageSchema>;

export const queueMessages = {
  title: 'Moderation',
  casesTab: 'Reports',
  staffPicksTab: 'Staff picks',
  empty: 'No open reports. All clear.',
  noStaffPicks: 'No staff picks yet.',
  caseNotFound: 'This case does not exist.',
  caseClosed: 'This case was already decided.',
  thingGone: 'It no longer exists; dismiss the case.',
  onlyComments: 'Only a comment can be deleted.',
  reasonRequired: 'Give a reason.',
  reasonTooLong: `Reasons can be at most ${HIDE_REASON_MAX_LENGTH} characters.`,
  lengthRequired: 'Choose how long.',
  notYourself: 'You cannot suspend yourself.',
  onlyAdmins: 'Only an admin can suspend a moderator or an admin.',
  userNotFound: 'No user has that username.',
  notSuspended: 'This user is not suspended.',
  deleted: 'No longer exists',
  reviewRequested: 'The author asked for a review',
  dismiss: 'Dismiss',
  hide: 'Hide',
  restore: 'Restore',
  deleteComment: 'Delete comment',
  suspend: 'Suspend user',
  unsuspend: 'Unsuspend',
  dismissed: 'Case dismissed.',
  hidden: 'Hidden.',
  restored: 'Restored.',
  commentDeleted: 'Comment deleted.',
  suspended: 'User suspended.',
  unsuspended: 'User unsuspended.',
  failed: 'That did not work. Try again.',
  loading: 'Loading reports',
  loadFailed: 'The reports could not be loaded.',
  loadingPicks: 'Loading staff picks',
  picksFailed: 'The staff picks could not be loaded.',
  owner: 'By',
  reasonLabel: 'Reason',
  lengthLabel: 'Length',
  visible: 'Visible',
  reportedBy: 'Reports',
  hideTitle: 'Hide it',
  hideDescription: 'It disappears for everyone but its author, who sees your reason and may ask for a review.',
  suspendTitle: (username: string) => `Suspend @${username}`,
  suspendDescription:
    'They are signed out at once and cannot sign in; their lists, comments and profile are hidden until it ends. They get an e-mail with your reason.',
  dismissTitle: 'Dismiss this case?',
  dismissDescription: 'The reports are closed and it stays as it is (if the reports hid it, it is shown again).',
  restoreTitle: 'Restore it?',
  restoreDescription: 'It is shown again to everyone who could see it, and the case is closed.',
  deleteCommentTitle: 'Delete this comment?',
  deleteCommentDescription: 'The comment is deleted for good, and the case is closed.',
  unsuspendTitle: (username: string) => `Unsuspend @${username}?`,
  unsuspendDescription: 'They can sign in again, and their lists, comments and profile come back.',
  working: 'Working…',
  reportCount: (count: number) => `${count} ${count === 1 ? 'report' : 'reports'}`,
  hiddenState: (reason: string) => `Hidden: ${reason}`,
  suspendedUntil: (date: string) => `Owner suspended until ${date}`,
  suspendedForGood: 'Owner suspended permanently',
  showAllEntries: (count: number) => `Show all ${count} entries`,
  showFewerEntries: 'Show fewer entries',
  loadingEntries: 'Loading entries…',
  entriesFailed: 'The entries could not be loaded.',
  pickedOn: (date: string) => `picked ${date}`,
} as const;

/** Each decision's button. */
export const queueActionLabels: Record<QueueAction, string> = {
  dismiss: queueMessages.dismiss,
  hide: queueMessages.hide,
  restore: queueMessages.restore,
  'delete-comment': queueMessages.deleteComment,
  suspend: queueMessages.suspend,
  unsuspend: queueMessages.unsuspend,
};

/** What each decision's toast says once it is done. */
export const queueActionDone: Record<QueueAction, string> = {
  dismiss: queueMessages.dismissed,
  hide: queueMessages.hidden,
  restore: queueMessages.restored,
  'delete-comment': queueMessages.commentDeleted,
  suspend: queueMessages.suspended,
  unsuspend: queueMessages.unsuspended,
};

export const targetTypeLabels: Record<ReportTargetType, string> = {
  checklist: 'List',
  comment: 'Comment',
  profile: 'Profile',
};

const reasonField = z
  .string({ error: queueMessages.reasonRequired })
  .trim()
  .min(1, queueMessages.reasonRequired)
  .max(HIDE_REASON_MAX_LENGTH, queueMessages.reasonTooLong);

/** Dismiss, Restore, Delete comment and Unsuspend take nothing but the case. */
export const emptyActionSchema = z.object({});
export const hideInputSchema = z.object({ reason: reasonField });
export type HideInput = z.infer<typeof hideInputSchema>;
export const suspendInputSchema = z.object({
  reason: reasonField,
  length: z.enum(SUSPENSION_LENGTHS, { error: queueMessages.lengthRequired }),
});
export type SuspendInput = z.infer<typeof suspendInputSchema>;

export const QUEUE_ACTIONS = ['dismiss', 'hide', 'restore', 'delete-comment', 'suspend', 'unsuspend'] as const;
export type QueueAction = (typeof QUEUE_ACTIONS)[number];

/**
 * Whether `actor` may suspend (or unsuspend) `target`: never themselves; a user, by any moderator;
 * a moderator or an admin, only by an admin, so a moderator cannot lock out those above them.
 * Null when allowed, else the refusal's message.
 */
export function suspensionRefusal(
  actor: { id: string; role: Role },
  target: { id: string; role: Role },
): string | null {
  if (actor.id === target.id) return queueMessages.notYourself;
  if (target.role !== 'user' && !canAdminister(actor.role)) return queueMessages.onlyAdmins;
  return null;
}

/** Which actions a case offers: Delete comment for a comment only; Unsuspend while its owner is suspended. */
export function caseActions(moderationCase: Pick<ModerationCase, 'targetType' | 'state'>): QueueAction[] {
  const { exists, hiddenReason, ownerSuspension } = moderationCase.state;
  return QUEUE_ACTIONS.filter((action) => {
    if (action === 'hide') return exists && hiddenReason === null;
    if (action === 'restore') return exists && hiddenReason !== null;
    if (action === 'delete-comment') return exists && moderationCase.targetType === 'comment';
    if (action === 'suspend') return ownerSuspension === null;
    if (action === 'unsuspend') return ownerSuspension !== null;
    return true;
  });
}

export const staffPickEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  authorUsername: z.string(),
  pickedAt: z.string(),
});
export const staffPickListSchema = z.object({ picks: z.array(staffPickEntrySchema) });
export type StaffPickEntry = z.infer<typeof staffPickEntrySchema>;
/** The queue's side tab lists at most this many picks, newest first. */
export const MAX_STAFF_PICKS_LISTED = 100;
