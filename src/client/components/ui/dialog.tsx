import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/client/lib/cn';
import { Button } from './button';

/**
 * The body of our modal dialogs: overlay, a centred panel with its title and a Close button, and
 * a description (visible, or for screen readers only). Use inside a Radix `Dialog.Root`.
 */
export function DialogPanel({
  title,
  description,
  isDescriptionHidden = false,
  className,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  isDescriptionHidden?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40 backdrop-blur-sm" />
      <Dialog.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800',
          className,
        )}
      >
        <div className="flex items-start justify-between gap-4">
          <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">{title}</Dialog.Title>
          <Dialog.Close asChild>
            <Button variant="ghost" size="icon" className="-mt-2 -mr-2 h-9 w-9" aria-label="Close">
              <X className="h-5 w-5" aria-hidden />
            </Button>
          </Dialog.Close>
        </div>
        <Dialog.Description
          className={isDescriptionHidden ? 'sr-only' : '-mt-2 text-sm text-slate-600 dark:text-slate-400'}
        >
          {description}
        </Dialog.Description>
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}
