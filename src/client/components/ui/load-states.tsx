import { RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Spinner } from './spinner';

/** A page's "loading..." state: a spinner with the words under it. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 py-20 text-slate-600 dark:text-slate-400">
      <Spinner className="h-8 w-8" label={label} />
      <p aria-hidden>{label}</p>
    </div>
  );
}

/** A failed load with its explanation and a "Try again" that refetches. */
export function LoadError({
  title,
  children,
  onRetry,
  isRetrying = false,
  className,
}: {
  title?: string;
  children: ReactNode;
  onRetry: () => void;
  isRetrying?: boolean;
  className?: string;
}) {
  return (
    <Alert tone="error" className={className}>
      {title ? <h1 className="font-semibold">{title}</h1> : null}
      <p className={title ? 'mt-1' : undefined}>{children}</p>
      <Button variant="secondary" size="sm" className="mt-3" disabled={isRetrying} onClick={onRetry}>
        <RotateCcw className="h-4 w-4" aria-hidden />
        Try again
      </Button>
    </Alert>
  );
}
