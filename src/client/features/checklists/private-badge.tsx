import { Lock } from 'lucide-react';
import { cn } from '@/client/lib/cn';

/** Marks a private list in the owner's own lists. */
export function PrivateBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800 dark:bg-amber-950/50 dark:text-amber-300',
        className,
      )}
    >
      <Lock className="h-3 w-3" aria-hidden />
      Private
    </span>
  );
}
