import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { blockMessages, type BlockedUser } from '@/domain/social/blocks';
import { displayName } from '@/domain/social/profile';
import { paths } from '@/domain/paths';
import { blockedUsersQuery, useBlockMutation } from '@/client/api/blocks';
import { Avatar } from '@/client/components/ui/avatar';
import { Button } from '@/client/components/ui/button';
import { LoadError } from '@/client/components/ui/load-states';
import { Section } from '@/client/components/ui/section';
import { ShowMore } from '@/client/components/ui/show-more';
import { Spinner } from '@/client/components/ui/spinner';
import { errorMessage } from '@/client/lib/api';
import { formatDate } from '@/client/lib/format';
import { toast } from '@/client/lib/toast';

/** Settings: the people the user blocked, newest first, each with Unblock. */
export function BlockedUsersSection() {
  const blocked = useInfiniteQuery(blockedUsersQuery());
  const users = blocked.data?.pages.flatMap((page) => page.users) ?? [];

  return (
    <Section title={blockMessages.sectionTitle} description={blockMessages.sectionDescription}>
      {blocked.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner className="h-6 w-6" label={blockMessages.loading} />
        </div>
      ) : blocked.isError && !blocked.data ? (
        <LoadError onRetry={() => void blocked.refetch()} isRetrying={blocked.isFetching}>
          {errorMessage(blocked.error, blockMessages.loadFailed)}
        </LoadError>
      ) : users.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{blockMessages.empty}</p>
      ) : (
        <div className="space-y-4">
          <ul aria-label={blockMessages.sectionTitle} className="divide-y divide-slate-200 dark:divide-slate-700">
            {users.map((user) => (
              <BlockedUserRow key={user.id} user={user} />
            ))}
          </ul>
          <ShowMore query={blocked} loadingLabel={blockMessages.loading} />
        </div>
      )}
    </Section>
  );
}

function BlockedUserRow({ user }: { user: BlockedUser }) {
  const unblock = useBlockMutation();
  const name = displayName(user);
  return (
    <li className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
      <Avatar emoji={user.avatarUrl} size="sm" />
      <div className="min-w-0 flex-1">
        <Link
          to={paths.user(user.username)}
          className="block font-medium break-words text-slate-900 hover:text-brand-700 hover:underline dark:text-white dark:hover:text-brand-200"
        >
          {name}
        </Link>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <span className="break-all">@{user.username}</span> ·{' '}
          <span className="whitespace-nowrap">
            {blockMessages.blockedOn} <time dateTime={user.blockedAt}>{formatDate(user.blockedAt)}</time>
          </span>
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        disabled={unblock.isPending}
        aria-busy={unblock.isPending}
        aria-label={`${blockMessages.unblock} ${name}`}
        onClick={() =>
          unblock.mutate(
            { username: user.username, isBlocked: false },
            {
              onSuccess: () => toast.success(blockMessages.unblocked(name)),
              onError: (error) => toast.error(errorMessage(error, blockMessages.unblockFailed)),
            },
          )
        }
        className="shrink-0"
      >
        {unblock.isPending ? blockMessages.unblocking : blockMessages.unblock}
      </Button>
    </li>
  );
}
