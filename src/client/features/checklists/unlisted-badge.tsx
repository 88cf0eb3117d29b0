import { Link2 } from 'lucide-react';
import { visibilityLabels } from '@/domain/checklists/visibility';
import { cn } from '@/client/lib/cn';

/** Marks an unlisted list ("Anyone with the link", decision 024) where the owner sees their lists. */
export function UnlistedBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-800 dark:bg-sky-950/50 dark:text-sky-300',
        className,
      )}
    >
      <Link2 className="h-3 w-3" aria-hidden />
      {visibilityLabels.unlisted}
    </span>
  );
}
