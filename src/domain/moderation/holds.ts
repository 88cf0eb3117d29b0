// What the moderators' Hide does to a list, a comment or a profile (decision 048): it disappears
// for everyone but its author, who sees why, may edit it, and may ask for a review once.

export const HIDE_REASON_MAX_LENGTH = 500;

export const holdMessages = {
  hiddenNotice: (reason: string) => `Hidden by the moderators: ${reason}`,
  /** The reason given when enough people reported a thing and it was hidden until a moderator looks. */
  autoHiddenReason: 'reported by several people; a moderator will look at it',
  askForReview: 'Ask for a review',
  reviewAsked: 'A moderator will review it.',
  reviewAlreadyAsked: 'You have already asked for a review.',
} as const;
