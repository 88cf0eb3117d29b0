import { GitFork } from 'lucide-react';
import { Link } from 'react-router';
import type { ChecklistDetail } from '@/domain/checklists/checklist-view';
import { remixMessages } from '@/domain/checklists/remixes';
import { paths } from '@/domain/paths';
import { AuthorName } from './author-name';

/**
 * A clone says which list it came from, and links there while that list exists; a clone of a
 * clone also says who wrote the list the chain started from ("originally by …").
 */
export function ClonedFromBadge({ clonedFrom }: { clonedFrom: NonNullable<ChecklistDetail['clonedFrom']> }) {
  const badge = <FromBadge id={clonedFrom.id} title={clonedFrom.title} />;
  if (!clonedFrom.originallyBy) return badge;
  return (
    <span className="inline-flex max-w-full min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      {badge}
      <span className="min-w-0 text-xs break-words text-slate-600 dark:text-slate-400">
        {remixMessages.originallyBy}{' '}
        <AuthorName
          name={clonedFrom.originallyBy.name}
          username={clonedFrom.originallyBy.username}
          className="font-semibold text-slate-700 dark:text-slate-300"
        />
      </span>
    </span>
  );
}

function FromBadge({ id, title }: { id: string | null; title: string }) {
  const className =
    'inline-flex max-w-full items-center gap-1.5 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-200 ring-inset dark:bg-slate-800 dark:text-brand-200 dark:ring-slate-700';
  const content = (
    <>
      <GitFork className="h-3.5 w-3.5 shrink-0" aria-hidden />
      <span className="truncate">Cloned from {title}</span>
    </>
  );
  // The original may have been deleted since; the copy still says where it came from.
  if (id === null) return <span className={className}>{content}</span>;
  return (
    <Link to={paths.checklist(id)} className={`${className} hover:bg-brand-100 dark:hover:bg-slate-700`}>
      {content}
    </Link>
  );
}
