import { lazy, Suspense } from 'react';

// Only an author is offered ideas, and only after the list is on screen: the panel's code loads
// then, not with the page, so a list's page stays within its first-load budget.
const RemixIdeasSection = lazy(async () => ({
  default: (await import('./remix-ideas-section')).RemixIdeasSection,
}));

/** "Ideas from remixes" for the author of list `checklistId`, loaded when first shown. */
export function DeferredRemixIdeas({ checklistId }: { checklistId: string }) {
  return (
    <Suspense fallback={null}>
      <RemixIdeasSection checklistId={checklistId} />
    </Suspense>
  );
}
