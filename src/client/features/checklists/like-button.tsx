import { Heart } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { checklistActionMessages } from '@/domain/checklists/checklist-actions';
import type { ChecklistDetail } from '@/domain/checklists/checklist-view';
import { canLike, type Viewer } from '@/domain/permissions';
import { Button } from '@/client/components/ui/button';
import { toastFailure } from '@/client/lib/api';
import { cn } from '@/client/lib/cn';
import { useLikeMutation } from '@/client/api/checklist-detail';
import { plural, formatCount } from '@/client/lib/format';

const LIKE_FAILED = 'Failed to update like.';

/**
 * Like: a heart with the count. Visitors are sent to sign in; the author's own
 * list has it disabled, with a tooltip saying why.
 */
// Only the owner sees the tooltip, so its code (Radix Tooltip and its positioning)
// loads with that case alone; until then the same button shows without it.
const Tooltip = lazy(async () => ({ default: (await import('@/client/components/ui/tooltip')).Tooltip }));

export function LikeButton({
  checklist,
  viewer,
  loginHref,
}: {
  checklist: ChecklistDetail;
  viewer: Viewer;
  loginHref: string;
}) {
  const like = useLikeMutation(checklist.id);
  const { likes } = checklist;
  const { hasLiked } = checklist.viewer;
  // The visible count begins the name's count, unbracketed, so the name holds the visible text
  // (WCAG 2.5.3 "label in name"): "Like, 0 likes".
  const label = `Like, ${plural(likes, 'like', 'likes')}`;
  const content = (
    <>
      <Heart
        className={cn('h-4 w-4 transition-colors', hasLiked ? 'fill-rose-500 text-rose-500' : 'text-rose-500')}
        aria-hidden
      />
      <span className="tabular-nums">{formatCount(likes)}</span>
    </>
  );

  if (viewer === null) {
    return (
      <Button asChild variant="secondary" aria-label={label} title="Sign in to like this list">
        <Link to={loginHref}>{content}</Link>
      </Button>
    );
  }

  if (!canLike(viewer, checklist)) {
    // A disabled button gets no pointer or focus events, so the tooltip is anchored to a
    // focusable wrapper instead.
    const ownButton = (
      <span
        tabIndex={0}
        role="group"
        aria-label={checklistActionMessages.likeOwn}
        className="inline-flex rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <Button variant="secondary" disabled aria-label={label}>
          {content}
        </Button>
      </span>
    );
    return (
      <Suspense fallback={ownButton}>
        <Tooltip content={checklistActionMessages.likeOwn}>{ownButton}</Tooltip>
      </Suspense>
    );
  }

  return (
    <Button
      variant="secondary"
      aria-label={label}
      aria-pressed={hasLiked}
      aria-busy={like.isPending}
      onClick={() => {
        // Ignoring clicks while one is in flight keeps the revert snapshot right (see useLikeMutation).
        if (like.isPending) return;
        like.mutate(!hasLiked, {
          onError: (error) => toastFailure(error, LIKE_FAILED),
        });
      }}
      className={cn(hasLiked && 'bg-rose-50 ring-rose-200 hover:bg-rose-100 dark:bg-rose-950/40 dark:ring-rose-900')}
    >
      {content}
    </Button>
  );
}
