import { queryOptions, useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import type { followListSchema, followStateSchema, publicProfileSchema, PublicProfile } from '@/domain/social/profile';
import { apiRequest } from '@/client/lib/api';
import { profileKeys, type FollowListKind } from './query-keys';
type FollowList = z.infer<typeof followListSchema>;
type FollowState = z.infer<typeof followStateSchema>;

const userPath = (username: string) => `/api/users/${encodeURIComponent(username.toLowerCase())}`;

const isProfileKey = (key: QueryKey) => key.length === 2 && key[0] === profileKeys.all[0];
const isListKey = (key: QueryKey) => key.length === 3 && key[0] === profileKeys.all[0];

/** A profile with its counts and public checklists; 404 when no such user. */
export const profileQuery = (username: string) =>
  queryOptions({
    queryKey: profileKeys.profile(username),
    queryFn: ({ signal }) => apiRequest<typeof publicProfileSchema>(userPath(username), { signal }),
  });

/** Who follows a user, or whom they follow, each with whether the viewer follows them. */
export const followListQuery = (username: string, kind: FollowListKind) =>
  queryOptions({
    queryKey: profileKeys.list(username, kind),
    queryFn: ({ signal }) => apiRequest<typeof followListSchema>(`${userPath(username)}/${kind}`, { signal }),
  });

export type FollowChange = { username: string; isFollowing: boolean };

/** `data` is a cached profile (a profile key's response) or nothing yet. */
function isOwnProfile(data: unknown): boolean {
  return (data as PublicProfile | undefined)?.isOwner === true;
}

/**
 * Writes the server's response to a follow change: the followed user's counts, and whether the
 * viewer follows them wherever they appear in a cached list.
 */
export function applyFollowState(queryClient: QueryClient, username: string, state: FollowState) {
  queryClient.setQueryData(profileKeys.profile(username), (profile: PublicProfile | undefined) =>
    profile
      ? {
          ...profile,
          // A private profile's follow response hides its counts (null, decision 008): keep what is
          // shown rather than turn a count into nothing.
          followers: state.followers ?? profile.followers,
          following: state.following ?? profile.following,
          isFollowing: state.isFollowing,
        }
      : profile,
  );
  const name = username.toLowerCase();
  queryClient.setQueriesData<FollowList>({ predicate: (query) => isListKey(query.queryKey) }, (list) =>
    list
      ? {
          users: list.users.map((user) =>
            user.username.toLowerCase() === name ? { ...user, isFollowing: state.isFollowing } : user,
          ),
        }
      : list,
  );
  // Who is in which list has changed too (the followed user's followers, the viewer's following).
  // Lists are only marked stale: refetching an open dialog would make the row just clicked jump or
  // vanish. The viewer's own profile, if shown, refetches its following count.
  void queryClient.invalidateQueries({ predicate: (query) => isListKey(query.queryKey), refetchType: 'none' });
  void queryClient.invalidateQueries({
    predicate: (query) => isProfileKey(query.queryKey) && isOwnProfile(query.state.data),
  });
}

/**
 * Follow: the button waits for the server, whose response then sets the followed user's counts;
 * a failure changes nothing, so there is nothing to revert and nothing to say. One mutation per
 * button, so each button knows whether it is the one pending.
 */
export function useFollowMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, isFollowing }: FollowChange) =>
      apiRequest<typeof followStateSchema>(`${userPath(username)}/follow`, { method: isFollowing ? 'PUT' : 'DELETE' }),
    onSuccess: (state, { username }) => applyFollowState(queryClient, username, state),
  });
}
