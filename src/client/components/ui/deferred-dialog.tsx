import { lazy, Suspense, useRef, useState, type ReactNode, type Ref } from 'react';

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

/**
 * A modal dialog (our `DialogPanel`) whose code loads on first use. `trigger` renders the button
 * that opens it; focus returns to that button when it closes.
 */
export function DeferredDialog({
  isOpen,
  onOpenChange,
  trigger,
  title,
  description,
  isDescriptionHidden,
  className,
  children,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  trigger: (props: DeferredDialogTriggerProps) => ReactNode;
  title: ReactNode;
  description: ReactNode;
  isDescriptionHidden?: boolean;
  className?: string;
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
            isOpen={isOpen}
            onOpenChange={onOpenChange}
            title={title}
            description={description}
            isDescriptionHidden={isDescriptionHidden}
            className={className}
            onCloseFocus={() => triggerRef.current?.focus()}
          >
            {children}
          </PanelDialog>
        </Suspense>
      ) : null}
    </>
  );
}
