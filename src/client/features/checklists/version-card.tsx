import { useQuery } from '@tanstack/react-query';
import { ChevronDown, Eye, EyeOff, History } from 'lucide-react';
import { useId, useState } from 'react';
import {
  changesLabel,
  changeText,
  entriesLabel,
  restoredFromText,
  showAllChangesText,
  shownChanges,
  versionMessages,
  versionSummaryText,
  versionTitle,
  CHANGES_SHOWN,
  type Version,
  type VersionEntries as Entries,
} from '@/domain/checklists/version-history';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { LoadError, LoadingState } from '@/client/components/ui/load-states';
import { errorMessage } from '@/client/lib/api';
import { cn } from '@/client/lib/cn';
import { formatDateTime } from '@/client/lib/format';
import { versionEntriesQuery } from '@/client/api/versions';
import { ItemNote } from './item-note';

/**
 * One version in the history: its number and date, its changes in brief and sentence by sentence
 * (the first few, the rest behind a toggle), what it restored and its note; "Show this version"
 * unfolds its entries, and any but the current one offers "Restore this version".
 */
export function VersionCard({
  checklistId,
  version,
  isCurrent,
  onRestore,
}: {
  checklistId: string;
  version: Version;
  isCurrent: boolean;
  onRestore: () => void;
}) {
  const [isShown, setShown] = useState(false);
  const entriesId = useId();
  const headingId = useId();
  return (
    <li aria-labelledby={headingId}>
      <Card className="p-4 sm:p-6">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2
            id={headingId}
            className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white"
          >
            {versionTitle(version.number)}
            {isCurrent ? (
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-200 dark:bg-slate-800 dark:text-brand-200 dark:ring-slate-700">
                {versionMessages.current}
              </span>
            ) : null}
          </h2>
          <time dateTime={version.createdAt} className="text-sm text-slate-600 dark:text-slate-400">
            {formatDateTime(version.createdAt)}
          </time>
        </div>
        <p className="mt-1 text-sm font-medium text-slate-700 dark:text-slate-300">{versionSummaryText(version)}</p>
        {version.restoredFrom === null ? null : (
          <p className="mt-2 inline-flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300">
            <History className="h-4 w-4 shrink-0" aria-hidden />
            {restoredFromText(version.restoredFrom)}
          </p>
        )}
        {version.note ? (
          <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-600 italic dark:text-slate-400">
            {version.note}
          </p>
        ) : null}
        <ChangeList version={version} />
        <div className="mt-4 flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={isShown}
            aria-controls={isShown ? entriesId : undefined}
            onClick={() => setShown(!isShown)}
          >
            {isShown ? <EyeOff className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
            {isShown ? versionMessages.hideEntries : versionMessages.showEntries}
          </Button>
          {isCurrent ? null : (
            <Button variant="secondary" size="sm" onClick={onRestore}>
              <History className="h-4 w-4" aria-hidden />
              {versionMessages.restore}
            </Button>
          )}
        </div>
        {isShown ? <VersionEntries id={entriesId} checklistId={checklistId} number={version.number} /> : null}
      </Card>
    </li>
  );
}

function ChangeList({ version }: { version: Version }) {
  const [isExpanded, setExpanded] = useState(false);
  const listId = useId();
  if (version.changes.length === 0) return null;
  const isLong = version.changes.length > CHANGES_SHOWN;
  return (
    <div className="mt-3">
      <ul
        id={listId}
        aria-label={changesLabel(version.number)}
        className="list-disc space-y-1 pl-5 text-sm break-words text-slate-700 marker:text-slate-400 dark:text-slate-300"
      >
        {shownChanges(version.changes, isExpanded).map((change, index) => (
          // A version's changes never change, so their places are their keys.
          <li key={index}>{changeText(change)}</li>
        ))}
      </ul>
      {isLong ? (
        <Button
          variant="ghost"
          size="sm"
          className="mt-1"
          aria-expanded={isExpanded}
          aria-controls={listId}
          onClick={() => setExpanded(!isExpanded)}
        >
          <ChevronDown className={cn('h-4 w-4 transition-transform', isExpanded && 'rotate-180')} aria-hidden />
          {isExpanded ? versionMessages.showFewerChanges : showAllChangesText(version.changes.length)}
        </Button>
      ) : null}
    </div>
  );
}

/** A version's entries as the list showed them: headings as headings, items with their notes. */
function VersionEntries({ id, checklistId, number }: { id: string; checklistId: string; number: number }) {
  const entries = useQuery(versionEntriesQuery(checklistId, number));
  return (
    <div id={id} className="mt-4 border-t border-slate-100 pt-4 dark:border-slate-800">
      {entries.isPending ? <LoadingState label={versionMessages.loadingEntries} /> : null}
      {entries.isError ? (
        <LoadError onRetry={() => void entries.refetch()} isRetrying={entries.isFetching}>
          {errorMessage(entries.error, versionMessages.entriesLoadFailed)}
        </LoadError>
      ) : null}
      {entries.data ? <EntryList version={entries.data} /> : null}
    </div>
  );
}

function EntryList({ version }: { version: Entries }) {
  const noteId = useId();
  return (
    <ul aria-label={entriesLabel(version.number)} className="space-y-2">
      {version.entries.map((entry, index) =>
        entry.kind === 'heading' ? (
          <li key={index} className="pt-2 first:pt-0">
            <h3 className="text-base font-semibold text-slate-900 dark:text-white">{entry.content}</h3>
          </li>
        ) : (
          <li key={index} className="flex gap-2 text-sm text-slate-800 dark:text-slate-200">
            <span aria-hidden className="mt-1.5 h-1.5 w-1.5 shrink-0 rounded-full bg-slate-400" />
            <div className="min-w-0 break-words">
              {entry.content}
              {entry.note ? <ItemNote id={`${noteId}-${index}`} note={entry.note} className="mt-0.5" /> : null}
            </div>
          </li>
        ),
      )}
    </ul>
  );
}
