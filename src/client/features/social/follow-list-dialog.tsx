import { useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { canFollow, type Viewer } from '@/domain/permissions';
import { displayName, publicProfileMessages, type followUserSchema } from '@/domain/social/profile';
import { Avatar } from '@/client/components/ui/avatar';
import { Button } from '@/client/components/ui/button';
import { DialogButton } from '@/client/components/ui/deferred-dialog';
import { Spinner } from '@/client/components/ui/spinner';
import { formatCount } from '@/client/lib/format';
import { FollowButton } from './follow-button';
import { followListQuery } from '@/client/api/profiles';
import type { FollowListKind } from '@/client/api/query-keys';
import { paths } from '@/domain/paths';

type FollowUser = z.infer<typeof followUserSchema>;

const titles = { followers: 'Followers', following: 'Following' } as const;
const LOAD_FAILED = 'Failed to load users.';

/** A count ("N followers", "N following") that opens the list of those users. */
export function FollowListDialog({
  username,
  kind,
  count,
  viewer,
}: {
  username: string;
  kind: FollowListKind;
  count: number;
  viewer: Viewer;
}) {
  return (
    <DialogButton
      variant="ghost"
      size="sm"
      className="px-2 font-normal text-slate-600 dark:text-slate-400"
      dialog={{
        title: titles[kind],
        description: kind === 'followers' ? `People who follow @${username}` : `People @${username} follows`,
        isDescriptionHidden: true,
      }}
      body={(close) => <FollowListBody username={username} kind={kind} viewer={viewer} onNavigate={close} />}
    >
      <span>
        <span className="font-semibold text-slate-900 tabular-nums dark:text-white">{formatCount(count)}</span>{' '}
        {kind === 'followers' ? (count === 1 ? 'follower' : 'followers') : 'following'}
      </span>
    </DialogButton>
  );
}

function FollowListBody({
  username,
  kind,
  viewer,
  onNavigate,
}: {
  username: string;
  kind: FollowListKind;
  viewer: Viewer;
  onNavigate: () => void;
}) {
  const list = useQuery(followListQuery(username, kind));

  if (list.isError && !list.data) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 text-sm text-red-600 dark:text-red-400">
        <p>{LOAD_FAILED}</p>
        <Button variant="secondary" size="sm" onClick={() => void list.refetch()} disabled={list.isFetching}>
          <RotateCcw className="h-4 w-4" aria-hidden />
          Try again
        </Button>
      </div>
    );
  }

  if (!list.data) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label={`Loading ${kind}`} />
      </div>
    );
  }

  if (list.data.users.length === 0) {
    return (
      <p className="rounded-lg bg-slate-50 px-4 py-6 text-center text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-400">
        {publicProfileMessages.noUsers}
      </p>
    );
  }

  return (
    <ul aria-label={titles[kind]} className="-mx-2 min-h-0 space-y-1 overflow-y-auto px-2">
      {list.data.users.map((user) => (
        <li key={user.id}>
          {/* Follow or Unfollow beside everyone but the viewer, as on a profile. */}
          <FollowUserRow user={user} isFollowShown={canFollow(viewer, { userId: user.id })} onNavigate={onNavigate} />
        </li>
      ))}
    </ul>
  );
}

function FollowUserRow({
  user,
  isFollowShown,
  onNavigate,
}: {
  user: FollowUser;
  isFollowShown: boolean;
  onNavigate: () => void;
}) {
  const handleId = useId();
  return (
    <div className="flex items-center gap-3 rounded-lg px-2 py-2 hover:bg-slate-50 dark:hover:bg-slate-800/60">
      <Avatar emoji={user.avatarUrl} size="sm" />
      <div className="min-w-0 flex-1">
        <Link
          to={paths.user(user.username)}
          onClick={onNavigate}
          className="block truncate rounded-sm text-sm font-semibold text-slate-900 hover:text-brand-700 hover:underline dark:text-white dark:hover:text-brand-200"
        >
          {displayName(user)}
        </Link>
        <p id={handleId} className="truncate text-xs text-slate-500 dark:text-slate-400">
          @{user.username}
        </p>
      </div>
      {isFollowShown ? (
        <FollowButton username={user.username} isFollowing={user.isFollowing} size="sm" describedBy={handleId} />
      ) : null}
    </div>
  );
}
