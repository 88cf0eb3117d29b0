import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { ChecklistDetail } from '@/domain/checklists/checklist-view';
import { upstreamQuery } from '@/client/api/upstream';

// The banner's words come with the review's schemas: loaded only for a clone with changes to
// review, so a list's page keeps them out of its first load.
const UpstreamBannerBody = lazy(async () => ({
  default: (await import('./upstream-banner-body')).UpstreamBannerBody,
}));

/**
 * On the owner's own clone, when its original changed since they last reviewed it: what changed in
 * brief and the way to the review. Asked for only once the list is on screen, and nothing is
 * reserved for it meanwhile: most clones have nothing to review, so a kept gap would stay empty.
 * It fades in above the items, before the owner has begun reading them.
 */
export function UpstreamBanner({ checklist }: { checklist: ChecklistDetail }) {
  const isOwnClone = checklist.viewer.isOwner && checklist.clonedFrom !== null;
  const upstream = useQuery({ ...upstreamQuery(checklist.id), enabled: isOwnClone });
  const review = upstream.data?.upstream;
  if (!isOwnClone || !review || review.changes.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <UpstreamBannerBody checklistId={checklist.id} changes={review.changes} />
    </Suspense>
  );
}
