import { z } from 'zod';
import { cursorIdSchema, cursorTimeSchema, nextCursorSchema, pageLimitSchema } from '../paging';

export const MAX_GROUP_NAME_LENGTH = 60;
/** A bounded response: a user has at most 100 groups; each shows its first 50 lists. */
export const MAX_GROUPS = 100;
export const GROUP_LISTS_SHOWN = 50;
export const MAX_GROUP_LISTS_PAGE_SIZE = 100;

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
  tooManyGroups: `You can have at most ${MAX_GROUPS} groups. Delete an empty one to make room.`,
  inLibrary: 'In Library',
  addToLibrary: 'Add to List Library',
  /** The dashboard variant's wording of the same button. */
  addToLibraryShort: 'Add to Library',
} as const;

export const groupListSchema = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string(),
  authorAvatar: z.string(),
});
/** A group with its first GROUP_LISTS_SHOWN lists (oldest filed first) and how many it holds. */
export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  listCount: z.number().int(),
  checklists: z.array(groupListSchema),
  /** Where the rest of its lists start (GET …/groups/{id}/checklists); null when all are shown. */
  nextCursor: nextCursorSchema,
});
export type Group = z.infer<typeof groupSchema>;
export const groupsSchema = z.object({ groups: z.array(groupSchema) });

/** The next lists of one group, in the order they were filed. */
export const groupListsQuerySchema = z.object({
  cursor: z.string().max(200),
  limit: /* @__PURE__ */ pageLimitSchema(GROUP_LISTS_SHOWN, MAX_GROUP_LISTS_PAGE_SIZE),
});
export const groupListsPageSchema = z.object({ checklists: z.array(groupListSchema), nextCursor: nextCursorSchema });
export type GroupListsPage = z.infer<typeof groupListsPageSchema>;

/** A group page's cursor: the last list's filing time (to the microsecond) and id, each checked by value. */
export const groupListsCursorSchema = z.tuple([cursorTimeSchema, cursorIdSchema]);

/** Where one checklist sits in the user's library: the spec's "In Library" when in any group. */
export const libraryStatusSchema = z.object({ groupIds: z.array(z.string()), isSaved: z.boolean() });
export type LibraryStatus = z.infer<typeof libraryStatusSchema>;

export function isInLibrary(status: Pick<LibraryStatus, 'groupIds'>): boolean {
  return status.groupIds.length > 0;
}
