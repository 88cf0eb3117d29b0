import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/domain/paths';
import {
  queueMessages,
  SNAPSHOT_ENTRIES_SHOWN,
  snapshotEntryCount,
  type CaseSnapshot,
  type ModerationCase,
} from '@/domain/moderation/queue';
import { caseSnapshotQuery } from '@/client/api/moderation';
import { Avatar } from '@/client/components/ui/avatar';
import { Button } from '@/client/components/ui/button';

type Entry = NonNullable<CaseSnapshot['entries']>[number];

function SnapshotEntries({ entries, withNotes }: { entries: Entry[]; withNotes: boolean }) {
  return entries.map((entry, index) => (
    <li key={index} className={entry.kind === 'heading' ? 'list-none font-semibold' : undefined}>
      {entry.content}
      {withNotes && entry.note ? (
        <p className="ml-5 whitespace-pre-line text-slate-500 dark:text-slate-400">{entry.note}</p>
      ) : null}
    </li>
  ));
}

/**
 * A reported list's entries: the first few, as the queue's page carries them; the rest, with every
 * note, read when the moderator asks (what was reported may be far down the list).
 */
function ListEntries({ moderationCase }: { moderationCase: ModerationCase }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const whole = useQuery({ ...caseSnapshotQuery(moderationCase.id), enabled: expanded });
  const count = snapshotEntryCount(moderationCase.snapshot);
  const shown = moderationCase.snapshot.entries ?? [];
  if (count === 0) return null;
  const all = expanded ? whole.data?.snapshot.entries : undefined;
  return (
    <div className="space-y-1">
      <ul
        id={listId}
        aria-busy={expanded && whole.isPending}
        className="list-inside list-disc text-sm break-words text-slate-700 dark:text-slate-300"
      >
        <SnapshotEntries entries={all ?? shown.slice(0, SNAPSHOT_ENTRIES_SHOWN)} withNotes={all !== undefined} />
      </ul>
      {/* Always there, so a screen reader announces the words when they change. */}
      <p role="status" className="text-sm text-slate-500">
        {expanded && whole.isPending ? queueMessages.loadingEntries : ''}
      </p>
      {expanded && whole.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {queueMessages.entriesFailed}
        </p>
      ) : null}
      {count > SNAPSHOT_ENTRIES_SHOWN ? (
        <Button
          size="sm"
          variant="ghost"
          aria-controls={listId}
          aria-expanded={expanded}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? queueMessages.showFewerEntries : queueMessages.showAllEntries(count)}
        </Button>
      ) : null}
    </div>
  );
}

/** The thing as it was first reported: a list's title, description and entries; a comment; a profile. */
export function SnapshotPreview({ moderationCase }: { moderationCase: ModerationCase }) {
  const { snapshot, targetType, targetId } = moderationCase;
  if (targetType === 'profile') {
    return (
      <div className="flex items-center gap-3">
        <Avatar emoji={snapshot.avatarUrl} size="sm" />
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900 dark:text-white">
            {snapshot.profileName ?? snapshot.username}
          </p>
          {snapshot.username ? <p className="text-sm text-slate-500">@{snapshot.username}</p> : null}
        </div>
      </div>
    );
  }
  if (targetType === 'comment') {
    return (
      <div className="space-y-1">
        <blockquote className="border-l-4 border-slate-200 pl-3 break-words whitespace-pre-line text-slate-800 dark:border-slate-700 dark:text-slate-200">
          {snapshot.content}
        </blockquote>
        {snapshot.checklist ? (
          <p className="text-sm text-slate-500">
            on{' '}
            <Link className="underline" to={paths.checklist(snapshot.checklist.id)}>
              {snapshot.checklist.title}
            </Link>
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="space-y-1">
      <Link
        to={paths.checklist(targetId)}
        className="font-semibold break-words text-slate-900 underline dark:text-white"
      >
        {snapshot.title}
      </Link>
      {snapshot.description ? (
        <p className="line-clamp-3 text-sm break-words text-slate-600 dark:text-slate-400">{snapshot.description}</p>
      ) : null}
      <ListEntries moderationCase={moderationCase} />
    </div>
  );
}
