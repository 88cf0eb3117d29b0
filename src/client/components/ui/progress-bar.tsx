import { cn } from '@/client/lib/cn';

/** A thin bar for a rounded percentage, named for assistive technology by `label`. */
export function ProgressBar({ percent, label, className }: { percent: number; label: string; className?: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn('h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800', className)}
    >
      <div
        className={cn('h-full rounded-full', percent >= 100 ? 'bg-easy' : 'bg-brand-600')}
        style={{ width: `${Math.min(100, Math.max(0, percent))}%` }}
      />
    </div>
  );
}
