import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { ConfirmDialog as ConfirmDialogType } from './confirm-dialog';

// The confirmation (Radix AlertDialog) loads when first wanted, so a page whose question is never
// asked does without its code.
const ConfirmDialog = lazy(async () => ({ default: (await import('./confirm-dialog')).ConfirmDialog }));

/**
 * `ConfirmDialog` whose code loads the first time it opens, or earlier once `isWanted` (a press on
 * its button has started, so the code is usually in by the click). Once loaded it stays mounted,
 * so it closes as the loaded one does.
 */
export function DeferredConfirmDialog({
  isWanted = false,
  ...props
}: ComponentProps<typeof ConfirmDialogType> & { isWanted?: boolean }) {
  const [hasBeenWanted, setHasBeenWanted] = useState(false);
  if ((props.isOpen || isWanted) && !hasBeenWanted) setHasBeenWanted(true);
  if (!hasBeenWanted && !props.isOpen) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
