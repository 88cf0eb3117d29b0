import { useInfiniteQuery } from '@tanstack/react-query';
import { GitFork } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { remixMessages, type Remix } from '@/domain/checklists/remixes';
import { paths } from '@/domain/paths';
import { Card } from '@/client/components/ui/card';
import { LoadError } from '@/client/components/ui/load-states';
import { ShowMore } from '@/client/components/ui/show-more';
import { remixesQuery } from '@/client/api/remixes';
import { formatDate } from '@/client/lib/format';
import { useIsHydrated } from '@/client/lib/hydration';
import { AuthorName } from './author-name';

/**
 * "Remixes (N)": a list's public clones, newest first, each linked with its author. Not shown while
 * the list has none (nor while the first page loads: most lists have none, and an empty heading
 * would come and go).
 */
export function RemixesSection({ checklistId }: { checklistId: string }) {
  const remixes = useInfiniteQuery(remixesQuery(checklistId));
  const headingId = useId();
  const total = remixes.data?.pages[0]?.total ?? 0;
  if (remixes.isPending || (remixes.isSuccess && total === 0)) return null;
  const loaded = remixes.data?.pages.flatMap((page) => page.remixes) ?? [];

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold text-slate-900 dark:text-white">
        <GitFork className="h-5 w-5 text-slate-400" aria-hidden />
        {remixMessages.heading}{' '}
        {remixes.data ? (
          <span className="text-base font-normal text-slate-500 dark:text-slate-400">({total})</span>
        ) : null}
      </h2>
      {remixes.isError && !remixes.data ? (
        <LoadError onRetry={() => void remixes.refetch()} isRetrying={remixes.isFetching}>
          {remixMessages.loadFailed}
        </LoadError>
      ) : (
        <>
          <Card>
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {loaded.map((remix) => (
                <li key={remix.id}>
                  <RemixRow remix={remix} />
                </li>
              ))}
            </ul>
          </Card>
          <ShowMore query={remixes} loadingLabel={remixMessages.loading} />
        </>
      )}
    </section>
  );
}

function RemixRow({ remix }: { remix: Remix }) {
  const isHydrated = useIsHydrated();
  return (
    <div className="flex items-center gap-3 px-4 py-3">
      <span
        aria-hidden
        className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-lg leading-none dark:bg-slate-800"
      >
        {remix.authorAvatar}
      </span>
      <div className="min-w-0 flex-1">
        <Link
          to={paths.checklist(remix.id)}
          className="font-semibold break-words text-slate-900 hover:text-brand-700 hover:underline dark:text-white dark:hover:text-brand-200"
        >
          {remix.title}
        </Link>
        <p className="mt-0.5 flex flex-wrap items-baseline gap-x-2 text-sm text-slate-600 dark:text-slate-400">
          <span className="min-w-0 break-words">
            by <AuthorName name={remix.author} username={remix.authorUsername} className="font-medium" />
          </span>
          <time dateTime={remix.createdAt} className="text-slate-500 dark:text-slate-400">
            {formatDate(remix.createdAt, isHydrated)}
          </time>
        </p>
      </div>
    </div>
  );
}
