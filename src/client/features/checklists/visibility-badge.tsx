import { Link2, Lock, type LucideIcon } from 'lucide-react';
import { visibilityLabels, type ChecklistVisibility } from '@/domain/checklists/visibility';
import { cn } from '@/client/lib/cn';

// Who may open a list, marked wherever its owner sees it (decision 024).
const badges: Record<ChecklistVisibility, { icon?: LucideIcon; colours: string }> = {
  public: { colours: 'bg-green-100 text-green-800 dark:bg-green-950/50 dark:text-green-300' },
  unlisted: { icon: Link2, colours: 'bg-sky-100 text-sky-800 dark:bg-sky-950/50 dark:text-sky-300' },
  private: { icon: Lock, colours: 'bg-amber-100 text-amber-800 dark:bg-amber-950/50 dark:text-amber-300' },
};

/**
 * A list's visibility as a badge. A public list has one only where `isPublicShown` (My Lists, which
 * states every row's visibility); elsewhere only a private or unlisted list is marked.
 */
export function VisibilityBadge({
  visibility,
  isPublicShown = false,
}: {
  visibility: ChecklistVisibility;
  isPublicShown?: boolean;
}) {
  if (visibility === 'public' && !isPublicShown) return null;
  const { icon: Icon, colours } = badges[visibility];
  return (
    <span
      className={cn('inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold', colours)}
    >
      {Icon ? <Icon className="h-3 w-3" aria-hidden /> : null}
      {visibilityLabels[visibility]}
    </span>
  );
}
