import { GitFork } from 'lucide-react';
import { Link } from 'react-router';
import type { ChecklistDetail } from '@/domain/checklists/checklist-view';
import { paths } from '@/domain/paths';

/** A clone says which list it came from, and links there while that list exists. */
export function ClonedFromBadge({ clonedFrom }: { clonedFrom: NonNullable<ChecklistDetail['clonedFrom']> }) {
  const className =
    'inline-flex max-w-full items-center gap-1.5 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-200 ring-inset dark:bg-slate-800 dark:text-brand-200 dark:ring-slate-700';
  const content = (
    <>
      <GitFork className="h-3.5 w-3.5 shrink-0" aria-hidden />
      <span className="truncate">Cloned from {clonedFrom.title}</span>
    </>
  );
  // The original may have been deleted since; the copy still says where it came from.
  if (clonedFrom.id === null) return <span className={className}>{content}</span>;
  return (
    <Link to={paths.checklist(clonedFrom.id)} className={`${className} hover:bg-brand-100 dark:hover:bg-slate-700`}>
      {content}
    </Link>
  );
}
