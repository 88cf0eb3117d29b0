import type { ReactNode } from 'react';
import { cn } from '@/client/lib/cn';

/** The common frame of a page: a centred column with a title. */
export function Page({
  title,
  children,
  className,
  width = 'wide',
}: {
  title?: string;
  children: ReactNode;
  className?: string;
  width?: 'narrow' | 'medium' | 'wide';
}) {
  return (
    <div
      className={cn(
        'mx-auto w-full px-4 py-10 sm:px-6 sm:py-14',
        width === 'narrow' ? 'max-w-md' : width === 'medium' ? 'max-w-3xl space-y-6' : 'max-w-6xl',
        className,
      )}
    >
      {title ? (
        <h1 className="mb-8 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{title}</h1>
      ) : null}
      {children}
    </div>
  );
}
