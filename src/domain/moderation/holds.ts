import { z } from 'zod';
import { REPORT_TARGET_TYPES } from './reports';

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
export const holdSchema = z.object({ reason: z.string(), reviewRequested: z.boolean() });
export type Hold = z.infer<typeof holdSchema>;

/** The author asks the moderators to look again at their hidden list, comment or profile. */
export const reviewRequestInputSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  /** A list's or comment's id, or a profile's username. */
  targetId: z.string().trim().min(1).max(200),
});
export type ReviewRequestInput = z.infer<typeof reviewRequestInputSchema>;
export const reviewRequestResultSchema = z.object({ message: z.literal(holdMessages.reviewAsked) });
