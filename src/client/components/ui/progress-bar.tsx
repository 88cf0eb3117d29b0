import { cn } from '@/client/lib/cn';

/**
 * A thin bar for a rounded percentage, named for assistive technology by `label` or by the element
 * `labelledBy` names; `valueText` says the value in words where the percentage alone is not enough.
 */
export function ProgressBar({
  percent,
  label,
  labelledBy,
  valueText,
  isComplete = percent >= 100,
  className,
  barClassName,
}: {
  percent: number;
  valueText?: string;
  /** Shows the bar as finished (green); by default at 100%. */
  isComplete?: boolean;
  className?: string;
  /** Added to the filled part's classes (a transition, say). */
  barClassName?: string;
} & ({ label: string; labelledBy?: undefined } | { labelledBy: string; label?: undefined })) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className={cn('h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800', className)}
    >
      <div
        className={cn('h-full rounded-full', barClassName, isComplete ? 'bg-easy' : 'bg-brand-600')}
        style={{ width: `${Math.min(100, Math.max(0, percent))}%` }}
      />
    </div>
  );
}
