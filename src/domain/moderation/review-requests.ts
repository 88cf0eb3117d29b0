import { z } from 'zod';
import { holdMessages } from './holds';
import { REPORT_TARGET_TYPES } from './reports';

// The author of a hidden list, comment or profile asks the moderators to look again, once per
// hiding (decision 048).

/** The author asks the moderators to look again at their hidden list, comment or profile. */
export const reviewRequestInputSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  /** A list's or comment's id, or a profile's username. */
  targetId: z.string().trim().min(1).max(200),
});
export type ReviewRequestInput = z.infer<typeof reviewRequestInputSchema>;
export const reviewRequestResultSchema = z.object({ message: z.literal(holdMessages.reviewAsked) });
