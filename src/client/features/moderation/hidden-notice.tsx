import { holdMessages, type Hold } from '@/domain/moderation/holds';
import type { ReportTargetType } from '@/domain/moderation/reports';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { useRequestReview } from '@/client/api/moderation-admin';

/**
 * What the author of a hidden list, comment or profile sees on it (nobody else sees the thing):
 * the moderators' reason, and "Ask for a review", once per hiding.
 */
export function HiddenNotice({
  targetType,
  targetId,
  hold,
  className,
}: {
  targetType: ReportTargetType;
  /** A list's or comment's id, or a profile's username. */
  targetId: string;
  hold: Hold;
  className?: string;
}) {
  const review = useRequestReview();
  const isAsked = hold.reviewRequested || review.isSuccess;
  return (
    <Alert tone="error" isLiveRegion={false} className={className}>
      <p className="font-medium break-words">{holdMessages.hiddenNotice(hold.reason)}</p>
      <div aria-live="polite">
        {isAsked ? (
          <p className="mt-1">{holdMessages.reviewAsked}</p>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            className="mt-2"
            disabled={review.isPending}
            aria-busy={review.isPending}
            onClick={() => review.mutate({ targetType, targetId })}
          >
            {holdMessages.askForReview}
          </Button>
        )}
        {review.isError ? (
          <p role="alert" className="mt-1">
            {review.error.message}
          </p>
        ) : null}
      </div>
    </Alert>
  );
}
