import type { ReactNode } from 'react';
import { Dialog, DialogPanel } from './dialog';

/** The body of a `DeferredDialog` (deferred-dialog.tsx), in a chunk of its own. */
export function PanelDialog({
  isOpen,
  onOpenChange,
  onCloseFocus,
  children,
  ...panel
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onCloseFocus: () => void;
  title: ReactNode;
  description: ReactNode;
  isDescriptionHidden?: boolean | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogPanel
        {...panel}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onCloseFocus();
        }}
      >
        {children}
      </DialogPanel>
    </Dialog>
  );
}
