import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { blockedUsersPageSchema, blockStateSchema } from '@/domain/social/blocks';
import type { PublicProfile } from '@/domain/social/profile';
import { apiRequest } from '@/client/lib/api';
import { newestFirstPages } from './newest-first-pages';
import { activityKeys, blockKeys, checklistKeys, meKeys, notificationKeys, profileKeys } from './query-keys';

const blockPath = (username: string) => `/api/users/${encodeURIComponent(username.toLowerCase())}/block`;

/** The people the signed-in user blocked, newest block first, a page at a time. */
export const blockedUsersQuery = () =>
  newestFirstPages<typeof blockedUsersPageSchema>(blockKeys.all, '/api/accounts/me/blocks');

export type BlockChange = { username: string; isBlocked: boolean };

/**
 * Block or unblock: the button waits for the server. A block changes what the blocker reads
 * elsewhere too: the blocked user's comments leave the comment lists, their notifications go, and
 * follows between the two end, so those caches are refreshed.
 */
export function useBlockMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, isBlocked }: BlockChange) =>
      apiRequest<typeof blockStateSchema>(blockPath(username), { method: isBlocked ? 'PUT' : 'DELETE' }),
    onSuccess: ({ isBlocked }, { username }) => {
      queryClient.setQueryData(profileKeys.profile(username), (profile: PublicProfile | undefined) =>
        profile ? { ...profile, isBlocked, ...(isBlocked ? { isFollowing: false } : {}) } : profile,
      );
      for (const key of [profileKeys.all, blockKeys.all, notificationKeys.all, activityKeys.all, meKeys.stats])
        void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ predicate: (query) => isCommentsKey(query.queryKey) });
    },
  });
}

const isCommentsKey = (key: readonly unknown[]) => key[0] === checklistKeys.all[0] && key[1] === 'comments';
