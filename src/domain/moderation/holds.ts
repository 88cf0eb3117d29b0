import { z } from 'zod';

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
  /** The mark on a hidden list in its author's My Lists. */
  hiddenBadge: 'Hidden by the moderators',
} as const;

/**
 * What the author of a hidden thing is told about it (nobody else gets it): the moderators' reason,
 * and whether a review was asked for since it was hidden (the button then gives way to reviewAsked).
 */
const holdShape = { reason: z.string(), reviewRequested: z.boolean() };
export const holdSchema = z.object(holdShape);
export type Hold = z.infer<typeof holdSchema>;
/** A response's `hold` field: set for the thing's author while it is hidden, null or absent otherwise. */
export const holdFieldSchema = z.object(holdShape).nullable().optional();
