import { z } from 'zod';

// Staff picks from a public list's detail page: moderators and admins pick and unpick (decision 048).

/** A staff pick as a moderator's toggle on a list's detail page reads and sets it. */
export const staffPickStateSchema = z.object({ isStaffPick: z.boolean() });
export type StaffPickState = z.infer<typeof staffPickStateSchema>;
export const staffPickMessages = {
  toggle: 'Staff pick',
  failed: 'Failed to change the staff pick.',
} as const;
