import { Link } from 'react-router';
import { upstreamBannerText, upstreamMessages, type UpstreamChangeView } from '@/domain/checklists/upstream-review';
import { paths } from '@/domain/paths';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';

/** "The original has changed since you cloned it: 2 added" and Review, which opens the review. */
export function UpstreamBannerBody({
  checklistId,
  changes,
}: {
  checklistId: string;
  changes: readonly Pick<UpstreamChangeView, 'op'>[];
}) {
  return (
    <Alert tone="info" className="motion-safe:animate-enter print:hidden">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="min-w-0 break-words">{upstreamBannerText(changes)}</p>
        <Button asChild size="sm">
          <Link to={paths.checklistUpstream(checklistId)}>{upstreamMessages.review}</Link>
        </Button>
      </div>
    </Alert>
  );
}
