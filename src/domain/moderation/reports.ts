import { z } from 'zod';

// Reports (decision 048): a signed-in user reports a public list, a comment or a profile they can
// see, with a reason and an optional note. One open report per person per thing: reporting again
// rewrites it.

export const REPORT_TARGET_TYPES = ['checklist', 'comment', 'profile'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = ['spam', 'harassment', 'inappropriate', 'copyright', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const reportReasonLabels: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment or hate',
  inappropriate: 'Inappropriate content',
  copyright: 'Copyright',
  other: 'Other',
};

export const MAX_REPORT_NOTE_LENGTH = 500;

/**
 * A thing reported by this many different people, each with an account older than
 * AUTO_HIDE_ACCOUNT_AGE_HOURS, is hidden until a moderator decides: a day-old account costs a
 * spammer a day, and one person reporting five times counts once.
 */
export const AUTO_HIDE_REPORTERS = 5;
export const AUTO_HIDE_ACCOUNT_AGE_HOURS = 24;

export const reportMessages = {
  thanks: 'Thanks, our moderators will take a look.',
  report: 'Report',
  dialogTitle: 'Report',
  reasonLabel: 'Reason',
  reasonRequired: 'Choose a reason.',
  noteLabel: 'Note (optional)',
  noteTooLong: `Notes can be at most ${MAX_REPORT_NOTE_LENGTH} characters.`,
  send: 'Send report',
  sending: 'Sending…',
  cancel: 'Cancel',
  failed: 'Failed to send the report.',
  ownThing: 'You cannot report your own list, comment or profile.',
  noteCounter: (length: number) => `${length}/${MAX_REPORT_NOTE_LENGTH}`,
  /** The Report action's accessible name, saying what is reported. */
  reportThing: (type: ReportTargetType) => `Report this ${reportTargetNames[type]}`,
} as const;

/** What a reported thing is called in the words a person reads. */
export const reportTargetNames: Record<ReportTargetType, string> = {
  checklist: 'list',
  comment: 'comment',
  profile: 'profile',
};

/**
 * Reporting: a signed-in person reports what someone else made; their own list, comment or profile
 * is theirs to change or delete, never to report. (Whether they can see the thing is the server's.)
 */
export const canReport = (viewer: { id: string } | null, thing: { ownerId: string }): boolean =>
  viewer !== null && viewer.id !== thing.ownerId;

export const reportInputSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  /** A list's or comment's id, or a profile's username. */
  targetId: z.string().trim().min(1).max(200),
  reason: z.enum(REPORT_REASONS, { error: reportMessages.reasonRequired }),
  note: z.string().trim().max(MAX_REPORT_NOTE_LENGTH, reportMessages.noteTooLong).default(''),
});
export type ReportInput = z.infer<typeof reportInputSchema>;

export const reportResultSchema = z.object({ message: z.literal(reportMessages.thanks) });

/**
 * The thing as it was when a case was opened, kept in the case so a moderator judges what was
 * reported even if its author has changed or deleted it since.
 */
export const reportSnapshotSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('checklist'),
    title: z.string(),
    description: z.string(),
    visibility: z.enum(['public', 'unlisted', 'private']),
    tags: z.array(z.string()),
    entries: z.array(z.object({ kind: z.enum(['item', 'heading']), content: z.string(), note: z.string() })),
  }),
  z.object({
    type: z.literal('comment'),
    content: z.string(),
    checklist: z.object({ id: z.string(), title: z.string() }),
  }),
  z.object({
    type: z.literal('profile'),
    username: z.string(),
    profileName: z.string().nullable(),
    avatarUrl: z.string().nullable(),
  }),
]);
export type ReportSnapshot = z.infer<typeof reportSnapshotSchema>;
