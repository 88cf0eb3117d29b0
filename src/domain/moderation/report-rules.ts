// What a person reads and may do when reporting (decision 048), without the schemas: the pages
// that show Report load these words and rules, and zod only when they send (reports.ts).

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
  dialogDescription: (type: ReportTargetType) =>
    `Tell the moderators what is wrong with this ${reportTargetNames[type]}. They will see who reported it.`,
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

/** What is reported: a list or comment by its id, a profile by its username; and whose it is. */
export type ReportTarget = { type: ReportTargetType; id: string; ownerId: string };
