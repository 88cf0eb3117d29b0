import { LoaderCircle } from 'lucide-react';
import { cn } from '@/client/lib/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <LoaderCircle role="status" aria-label={label} className={cn('h-5 w-5 animate-spin text-brand-600', className)} />
  );
}

export function FullPageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner className="h-8 w-8" />
    </div>
  );
}
