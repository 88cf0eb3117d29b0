import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/domain/paths';

/** The link from a page about a list (its print view, its versions) back to the list's own page. */
export function BackToChecklist({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Link
      to={paths.checklist(id)}
      className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-slate-600 hover:text-brand-700 dark:text-slate-400 dark:hover:text-brand-200"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden />
      {children}
    </Link>
  );
}
