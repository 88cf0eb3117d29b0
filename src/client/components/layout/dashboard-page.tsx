import type { ReactNode } from 'react';
import { cn } from '@/client/lib/cn';

/** The frame of a dashboard screen: a column with its title and, optionally, actions beside it. */
export function DashboardPage({
  title,
  actions,
  children,
  className,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6 sm:py-10', className)}>
      {title ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{title}</h1>
          {actions}
        </div>
      ) : null}
      {children}
    </div>
  );
}
