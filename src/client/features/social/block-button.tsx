import { Ban, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { blockMessages } from '@/domain/social/blocks';
import { Button } from '@/client/components/ui/button';
import { DeferredConfirmDialog } from '@/client/components/ui/deferred-confirm-dialog';
import { useBlockMutation } from '@/client/api/blocks';
import { errorMessage } from '@/client/lib/api';
import { cn } from '@/client/lib/cn';
import { toast } from '@/client/lib/toast';

/**
 * Block, after a confirmation that says what a block does; Unblock at once when blocked. The
 * caller decides who sees it (`canBlock`: signed in, not oneself).
 */
export function BlockButton({
  username,
  name,
  isBlocked,
  className,
}: {
  username: string;
  /** The name the page shows for the user, for the confirmation and the toasts. */
  name: string;
  isBlocked: boolean;
  className?: string;
}) {
  const change = useBlockMutation();
  const [isConfirming, setIsConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const block = () =>
    change.mutate(
      { username, isBlocked: true },
      {
        onSuccess: () => {
          setIsConfirming(false);
          toast.success(blockMessages.blocked(name));
        },
        onError: (error) => setFailure(errorMessage(error, blockMessages.blockFailed)),
      },
    );
  const unblock = () =>
    change.mutate(
      { username, isBlocked: false },
      {
        onSuccess: () => toast.success(blockMessages.unblocked(name)),
        onError: (error) => toast.error(errorMessage(error, blockMessages.unblockFailed)),
      },
    );
  const isUnblocking = change.isPending && change.variables?.isBlocked === false;

  return (
    <>
      <Button
        variant="secondary"
        disabled={change.isPending}
        aria-busy={isUnblocking}
        onClick={() => {
          if (isBlocked) return unblock();
          setFailure(null);
          setIsConfirming(true);
        }}
        className={cn('shrink-0', className)}
      >
        {isUnblocking ? (
          <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden />
        ) : (
          <Ban className="h-4 w-4" aria-hidden />
        )}
        {isUnblocking ? blockMessages.unblocking : isBlocked ? blockMessages.unblock : blockMessages.block}
      </Button>
      <DeferredConfirmDialog
        isOpen={isConfirming}
        onOpenChange={setIsConfirming}
        title={blockMessages.confirmTitle(name)}
        description={blockMessages.confirmText}
        confirmLabel={blockMessages.block}
        busyLabel={blockMessages.blocking}
        isBusy={change.isPending}
        onConfirm={block}
        error={failure}
      />
    </>
  );
}
