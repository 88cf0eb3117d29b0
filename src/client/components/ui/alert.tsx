import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/client/lib/cn';

const styles = {
  error: 'bg-red-50 text-red-800 ring-red-200 dark:bg-red-950/40 dark:text-red-200 dark:ring-red-900',
  success: 'bg-green-50 text-green-800 ring-green-200 dark:bg-green-950/40 dark:text-green-200 dark:ring-green-900',
  info: 'bg-brand-50 text-brand-900 ring-brand-200 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-700',
} as const;
const icons = { error: CircleAlert, success: CircleCheck, info: Info } as const;

/**
 * A message in a coloured box, read out as it appears: an error as an alert, anything else as a
 * status. Inside a live region of the caller's own (one kept on the page so that a screen reader
 * hears what comes into it), `isLiveRegion={false}` leaves it a plain box: a live region inside
 * another is read out twice.
 */
export function Alert({
  tone,
  children,
  className,
  isLiveRegion = true,
}: {
  tone: keyof typeof styles;
  children: ReactNode;
  className?: string;
  isLiveRegion?: boolean;
}) {
  const Icon = icons[tone];
  return (
    <div
      role={isLiveRegion ? (tone === 'error' ? 'alert' : 'status') : undefined}
      className={cn('flex gap-3 rounded-lg p-3 text-sm ring-1', styles[tone], className)}
    >
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <div>{children}</div>
    </div>
  );
}
