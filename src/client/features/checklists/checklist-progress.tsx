import { lazy, Suspense, useState } from 'react';
import type { ChecklistDetail } from '@/domain/checklists/checklist-view';
import { usePrefersReducedMotion } from '@/client/lib/motion';
import { ChecklistItems, ProgressCard } from './checklist-items';
import { createSparkles, isAllCompleted, type Sparkle } from '@/client/lib/progress';
import { HideCompletedToggle, StartAgainButton, TimesCompleted } from './start-again';
import { useChecklistProgress } from './use-checklist-progress';
import { useHideCompleted } from './use-hide-completed';

// Confetti and the sparkles' animation library load with the first celebration, not with the page.
const Celebration = lazy(async () => ({ default: (await import('./celebration')).Celebration }));
// The history's code loads only for a signed-in user who has one.
const RunHistory = lazy(async () => ({ default: (await import('./run-history')).RunHistory }));

type CelebrationRun = { key: number; sparkles: Sparkle[] };

/**
 * The user's progress on a list, with the celebration run by their own last completion, for the
 * public and the dashboard detail pages. Reduced motion keeps the message and skips the animation.
 */
function useCelebratedProgress(checklist: ChecklistDetail, isSignedIn: boolean) {
  const prefersReducedMotion = usePrefersReducedMotion();
  const [celebration, setCelebration] = useState<CelebrationRun | null>(null);
  const progress = useChecklistProgress(checklist, isSignedIn, (nowComplete) => {
    if (!nowComplete || prefersReducedMotion) {
      setCelebration(null);
      return;
    }
    const sparkles = createSparkles();
    setCelebration((previous) => ({ key: (previous?.key ?? 0) + 1, sparkles }));
  });
  const isComplete = isAllCompleted(progress.completion);
  // Gated on completion too: a failed last completion is taken back, and the animation with it.
  const celebrationElement =
    celebration && isComplete ? (
      <Suspense fallback={null}>
        <Celebration key={celebration.key} sparkles={celebration.sparkles} onFinish={() => setCelebration(null)} />
      </Suspense>
    ) : null;
  return { progress, isComplete, celebrationElement };
}

/**
 * The progress card (with Start again, how often the list was completed, the switch that hides
 * completed items and the history), the items to complete and the celebration: the working part of
 * both detail pages.
 */
export function ChecklistProgress({ checklist, isSignedIn }: { checklist: ChecklistDetail; isSignedIn: boolean }) {
  const { progress, isComplete, celebrationElement } = useCelebratedProgress(checklist, isSignedIn);
  const hideCompleted = useHideCompleted();
  return (
    <>
      <ProgressCard
        completed={progress.completed}
        total={progress.total}
        isComplete={isComplete}
        action={
          <StartAgainButton isSignedIn={isSignedIn} hasTicks={progress.completed > 0} onConfirm={progress.startAgain} />
        }
      >
        {isSignedIn ? (
          <TimesCompleted runs={checklist.viewer.runs} ticked={progress.completed} items={progress.total} />
        ) : null}
        <HideCompletedToggle
          isHidden={hideCompleted.isHidden}
          onChange={hideCompleted.setHidden}
          hiddenCount={progress.completed}
        />
        {isSignedIn && checklist.viewer.runs.closed > 0 ? (
          <Suspense fallback={null}>
            <RunHistory checklistId={checklist.id} />
          </Suspense>
        ) : null}
      </ProgressCard>
      <ChecklistItems
        items={checklist.items}
        completion={progress.completion}
        onToggle={progress.toggle}
        isHidingCompleted={hideCompleted.isHidden}
        shares={checklist.tickStats?.shares}
      />
      {celebrationElement}
    </>
  );
}
