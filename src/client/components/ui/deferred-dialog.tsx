import { lazy, Suspense, useRef, useState, type ReactNode, type Ref } from 'react';
import { Button, type ButtonProps } from './button';
import { Spinner } from './spinner';

// The dialog itself (Radix Dialog with its focus trap and scroll lock) loads when it is first
// opened, so a page whose dialogs stay closed does without that code.
const PanelDialog = lazy(async () => ({ default: (await import('./panel-dialog')).PanelDialog }));

/** What the trigger needs: spread on the button that opens the dialog. */
export type DeferredDialogTriggerProps = {
  ref: Ref<HTMLButtonElement>;
  onClick: () => void;
  onPointerDown: () => void;
  'aria-haspopup': 'dialog';
  'aria-expanded': boolean;
};

/** What the dialog shows about itself: its title, its description, and its panel's classes. */
type DialogHeading = {
  title: ReactNode;
  description: ReactNode;
  isDescriptionHidden?: boolean;
  className?: string;
};

/**
 * A modal dialog (our `DialogPanel`) whose code loads on first use. `trigger` renders the button
 * that opens it; focus returns to that button when it closes.
 */
export function DeferredDialog({
  isOpen,
  onOpenChange,
  trigger,
  children,
  ...heading
}: DialogHeading & {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  trigger: (props: DeferredDialogTriggerProps) => ReactNode;
  children: ReactNode;
}) {
  const [isWanted, setWanted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      {trigger({
        ref: triggerRef,
        onClick: () => {
          setWanted(true);
          onOpenChange(true);
        },
        // Fetch the code as a press starts, so it is usually in by the click.
        onPointerDown: () => setWanted(true),
        'aria-haspopup': 'dialog',
        'aria-expanded': isOpen,
      })}
      {isWanted || isOpen ? (
        <Suspense fallback={null}>
          <PanelDialog
            {...heading}
            isOpen={isOpen}
            onOpenChange={onOpenChange}
            onCloseFocus={() => triggerRef.current?.focus()}
          >
            {children}
          </PanelDialog>
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * A button (our `Button`, with its props and children) that opens a DeferredDialog. The dialog's
 * `body` is mounted only while it is open, so what it fetches waits for the press; it is given
 * `close` to shut the dialog itself. `preload` starts loading the body's code as a press starts.
 */
export function DialogButton({
  dialog,
  body,
  preload,
  ...button
}: Omit<ButtonProps, keyof DeferredDialogTriggerProps> & {
  dialog: DialogHeading;
  body: (close: () => void) => ReactNode;
  preload?: () => unknown;
}) {
  const [isOpen, setOpen] = useState(false);
  return (
    <DeferredDialog
      {...dialog}
      isOpen={isOpen}
      onOpenChange={setOpen}
      trigger={(triggerProps) => (
        <Button
          {...triggerProps}
          {...button}
          onPointerDown={() => {
            triggerProps.onPointerDown();
            void preload?.();
          }}
        />
      )}
    >
      {isOpen ? <Suspense fallback={<Spinner />}>{body(() => setOpen(false))}</Suspense> : null}
    </DeferredDialog>
  );
}
