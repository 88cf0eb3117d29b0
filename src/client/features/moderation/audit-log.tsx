import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { auditMessages, auditTargetText, moderationActionLabels, type AuditRow } from '@/domain/moderation/audit';
import { paths } from '@/domain/paths';
import { Card } from '@/client/components/ui/card';
import { ShowMore } from '@/client/components/ui/show-more';
import { auditLogQuery } from '@/client/api/moderation-admin';
import { formatDateTime } from '@/client/lib/format';
import { useIsHydrated } from '@/client/lib/hydration';
import { QueueLoadStates } from './queue-load-states';

/** The audit log, newest first, a page at a time: who did what to what, why, and what changed. */
export function AuditLog() {
  const log = useInfiniteQuery(auditLogQuery());
  if (!log.data)
    return <QueueLoadStates query={log} loading="Loading the audit log" failed={auditMessages.loadFailed} />;
  const entries = log.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <p className="text-slate-600 dark:text-slate-400">{auditMessages.empty}</p>;
  return (
    <div className="space-y-4">
      <ul aria-label={auditMessages.title} className="space-y-3">
        {entries.map((entry) => (
          <li key={entry.id}>
            <AuditEntryCard entry={entry} />
          </li>
        ))}
      </ul>
      <ShowMore query={log} loadingLabel="Loading more of the audit log" />
    </div>
  );
}

function AuditEntryCard({ entry }: { entry: AuditRow }) {
  const isHydrated = useIsHydrated();
  return (
    <Card className="p-4 text-sm">
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="font-semibold text-slate-900 dark:text-white">
          {entry.actorUsername ?? auditMessages.automatic}
        </span>
        <span className="text-slate-700 dark:text-slate-300">{moderationActionLabels[entry.action]}</span>
        <AuditTarget entry={entry} />
      </p>
      <time dateTime={entry.createdAt} className="mt-1 block text-slate-500 dark:text-slate-400">
        {formatDateTime(entry.createdAt, isHydrated)}
      </time>
      {entry.reason ? <p className="mt-2 break-words text-slate-700 dark:text-slate-300">{entry.reason}</p> : null}
      {entry.before !== null || entry.after !== null ? (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
          <dt className="font-medium">{auditMessages.before}</dt>
          <dd className="min-w-0 font-mono break-all">{JSON.stringify(entry.before ?? null)}</dd>
          <dt className="font-medium">{auditMessages.after}</dt>
          <dd className="min-w-0 font-mono break-all">{JSON.stringify(entry.after ?? null)}</dd>
        </dl>
      ) : null}
    </Card>
  );
}

/** The target in words, linked where it has a page of its own. */
function AuditTarget({ entry }: { entry: AuditRow }) {
  const text = auditTargetText(entry);
  const className = 'min-w-0 break-words text-brand-700 underline-offset-4 hover:underline dark:text-brand-200';
  if (entry.targetType === 'checklist' && entry.targetName !== null) {
    return (
      <Link to={paths.checklist(entry.targetId)} className={className}>
        {text}
      </Link>
    );
  }
  if ((entry.targetType === 'profile' || entry.targetType === 'user') && entry.targetName !== null) {
    return (
      <Link to={paths.user(entry.targetName)} className={className}>
        {text}
      </Link>
    );
  }
  return <span className="min-w-0 break-words text-slate-700 dark:text-slate-300">{text}</span>;
}
