import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';
import { cn } from '@/client/lib/cn';
import { Button, type ButtonProps } from './button';
import { useFocusReturn } from './focus-return';

/** Our modal dialog (Radix Dialog): the root, its trigger and close, with DialogPanel as the body. */
export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

/**
 * The body of our modal dialogs: overlay, a centred panel with its title and a Close button, and
 * a description (visible, or for screen readers only). Use inside a Radix `RadixDialog.Root`.
 */
export function DialogPanel({
  title,
  description,
  isDescriptionHidden = false,
  className,
  initialFocusRef,
  onCloseAutoFocus,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  isDescriptionHidden?: boolean;
  className?: string;
  /**
   * The field to focus on opening instead of the first control (the Close button). Use it rather
   * than `autoFocus`, which takes the focus before the dialog can note where to give it back.
   */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Where focus goes when it closes, for a dialog opened without a `DialogTrigger`. */
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
}) {
  return (
    <ModalContent
      initialFocusRef={initialFocusRef}
      onCloseAutoFocus={onCloseAutoFocus}
      className={cn(
        'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800',
        className,
      )}
    >
      <div className="flex items-start justify-between gap-4">
        <RadixDialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">{title}</RadixDialog.Title>
        <RadixDialog.Close asChild>
          <Button variant="ghost" size="icon" className="-mt-2 -mr-2 h-9 w-9" aria-label="Close">
            <X className="h-5 w-5" aria-hidden />
          </Button>
        </RadixDialog.Close>
      </div>
      <RadixDialog.Description
        className={isDescriptionHidden ? 'sr-only' : '-mt-2 text-sm text-slate-600 dark:text-slate-400'}
      >
        {description}
      </RadixDialog.Description>
      {children}
    </ModalContent>
  );
}

/**
 * A dialog form's buttons: Cancel, which closes the dialog, and the submit button (`submitLabel`,
 * which says when it is busy). Both are disabled while busy; submit also while `canSubmit` is false.
 */
export function DialogFormButtons({
  isBusy,
  canSubmit = true,
  submitLabel,
  submitVariant,
  className = 'flex justify-end gap-2',
}: {
  isBusy: boolean;
  canSubmit?: boolean;
  submitLabel: ReactNode;
  submitVariant?: ButtonProps['variant'];
  className?: string;
}) {
  return (
    <div className={className}>
      <RadixDialog.Close asChild>
        <Button type="button" variant="secondary" disabled={isBusy}>
          Cancel
        </Button>
      </RadixDialog.Close>
      <Button type="submit" variant={submitVariant} disabled={isBusy || !canSubmit}>
        {submitLabel}
      </Button>
    </div>
  );
}

/** A panel that slides in from the right edge (the header's menu on small screens). */
export function SheetPanel({
  title,
  description,
  closeLabel,
  onCloseAutoFocus,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  closeLabel: string;
  /** Where focus goes when it closes, for a sheet opened without a `DialogTrigger`. */
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
}) {
  return (
    <ModalContent
      onCloseAutoFocus={onCloseAutoFocus}
      className="fixed inset-y-0 right-0 z-50 flex w-[85%] max-w-sm flex-col gap-6 overflow-y-auto bg-white p-6 shadow-xl data-[state=open]:animate-[slide-in_200ms_ease-out] dark:bg-slate-900"
    >
      <div className="flex items-center justify-between">
        <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
        <RadixDialog.Close asChild>
          <Button variant="ghost" size="icon" aria-label={closeLabel}>
            <X className="h-5 w-5" aria-hidden />
          </Button>
        </RadixDialog.Close>
      </div>
      <RadixDialog.Description className="sr-only">{description}</RadixDialog.Description>
      {children}
    </ModalContent>
  );
}

/**
 * What every modal of ours shares: the dimmed overlay, and focus that goes to `initialFocusRef`
 * (or Radix's first control) on opening and back to whatever had it on closing.
 */
function ModalContent({
  className,
  initialFocusRef,
  onCloseAutoFocus,
  children,
}: {
  className: string;
  initialFocusRef?: RefObject<HTMLElement | null>;
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
}) {
  const focusReturn = useFocusReturn();
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40 backdrop-blur-sm" />
      <RadixDialog.Content
        onOpenAutoFocus={(event) => {
          focusReturn.onOpenAutoFocus();
          if (!initialFocusRef?.current) return;
          event.preventDefault();
          initialFocusRef.current.focus();
        }}
        onCloseAutoFocus={onCloseAutoFocus ?? focusReturn.onCloseAutoFocus}
        className={className}
      >
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
