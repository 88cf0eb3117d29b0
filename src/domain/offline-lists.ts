import { z } from 'zod';

/**
 * The lists a device keeps for use with no connection: the user's own lists and the lists they
 * saved, cloned or started, with activity in the last OFFLINE_LIST_DAYS days (a list with an open
 * run whatever its age: it is being worked through), the most recent first, at most
 * MAX_OFFLINE_LISTS. Lists opened on the device are kept by the device itself.
 */
export const OFFLINE_LIST_DAYS = 30;
export const MAX_OFFLINE_LISTS = 50;

export const offlineListsSchema = z.object({
  lists: z.array(z.object({ id: z.string(), updatedAt: z.string() })),
});
export type OfflineLists = z.infer<typeof offlineListsSchema>;
