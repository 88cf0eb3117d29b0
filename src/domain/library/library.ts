import { z } from 'zod';
import { plainText } from '../text';

export const MAX_GROUP_NAME_LENGTH = 60;

export const libraryMessages = {
  dialogTitle: 'Add to List Library',
  noGroups: 'No list groups yet.',
  updated: 'Updated your Library!',
  loadFailed: 'Failed to load lists',
  updateFailed: 'Failed to update lists',
  createFailed: 'Failed to create group',
  nameRequired: 'Group name is required.',
  nameTooLong: `Group names can be at most ${MAX_GROUP_NAME_LENGTH} characters.`,
  groupNotEmpty: 'Only an empty group can be deleted.',
  groupNotFound: 'Group not found.',
  inLibrary: 'In Library',
  addToLibrary: 'Add to List Library',
  /** Spec §2.4, the dashboard variant's wording of the same button. */
  addToLibraryShort: 'Add to Library',
} as const;

/** Spec §5: a new or renamed group name is trimmed and must not be blank. */
export const groupNameSchema = z.object({
  name: plainText('single-line')
    .min(1, libraryMessages.nameRequired)
    .max(MAX_GROUP_NAME_LENGTH, libraryMessages.nameTooLong),
});

export const groupListSchema = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string(),
  authorAvatar: z.string(),
});
export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  checklists: z.array(groupListSchema),
});
export type Group = z.infer<typeof groupSchema>;
export const groupsSchema = z.object({ groups: z.array(groupSchema) });

/** Where one checklist sits in the user's library: the spec's "In Library" when in any group. */
export const libraryStatusSchema = z.object({ groupIds: z.array(z.string()), isSaved: z.boolean() });
export type LibraryStatus = z.infer<typeof libraryStatusSchema>;

export function isInLibrary(status: Pick<LibraryStatus, 'groupIds'>): boolean {
  return status.groupIds.length > 0;
}
