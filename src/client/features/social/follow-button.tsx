import { LoaderCircle, UserMinus, UserPlus } from 'lucide-react';
import { publicProfileMessages } from '@/domain/social/profile';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import { useFollowMutation } from '@/client/api/profiles';

/**
 * Follow or Unfollow, "Following..." or "Unfollowing..." while the server responds. The caller
 * decides who sees it (signed in, not oneself).
 */
export function FollowButton({
  username,
  isFollowing,
  size = 'md',
  describedBy,
}: {
  username: string;
  isFollowing: boolean;
  size?: 'sm' | 'md';
  describedBy?: string;
}) {
  const follow = useFollowMutation();
  const pendingLabel = follow.variables?.isFollowing
    ? publicProfileMessages.following
    : publicProfileMessages.unfollowing;
  const Icon = follow.isPending ? LoaderCircle : isFollowing ? UserMinus : UserPlus;

  return (
    <Button
      variant={isFollowing ? 'secondary' : 'primary'}
      size={size}
      disabled={follow.isPending}
      aria-busy={follow.isPending}
      aria-describedby={describedBy}
      // The mutation's default error handling is silence: a failed follow says nothing.
      onClick={() => follow.mutate({ username, isFollowing: !isFollowing })}
      className="shrink-0"
    >
      <Icon className={cn('h-4 w-4', follow.isPending && 'animate-spin')} aria-hidden />
      {follow.isPending ? pendingLabel : isFollowing ? 'Unfollow' : 'Follow'}
    </Button>
  );
}
