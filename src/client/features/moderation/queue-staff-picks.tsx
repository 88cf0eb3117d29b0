import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { queueMessages } from '@/domain/moderation/queue';
import { paths } from '@/domain/paths';
import { moderationStaffPicksQuery } from '@/client/api/moderation';
import { formatDate } from '@/client/lib/format';
import { QueueLoadStates } from './queue-load-states';

/** The queue's side tab: the current staff picks, newest first, each linking to its list. */
export function QueueStaffPicks() {
  const query = useQuery(moderationStaffPicksQuery());
  if (!query.isSuccess) {
    return <QueueLoadStates query={query} loading={queueMessages.loadingPicks} failed={queueMessages.picksFailed} />;
  }
  if (query.data.picks.length === 0) {
    return <p className="py-10 text-center text-slate-600 dark:text-slate-400">{queueMessages.noStaffPicks}</p>;
  }
  return (
    <ul className="divide-y divide-slate-200 rounded-xl bg-white ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
      {query.data.picks.map((pick) => (
        <li key={pick.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-4">
          <Link
            to={paths.checklist(pick.id)}
            className="font-semibold break-words text-brand-700 underline dark:text-brand-200"
          >
            {pick.title}
          </Link>
          <span className="text-sm break-all text-slate-500">
            @{pick.authorUsername} · {queueMessages.pickedOn(formatDate(pick.pickedAt))}
          </span>
        </li>
      ))}
    </ul>
  );
}
