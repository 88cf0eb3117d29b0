import { lazy, Suspense, useState } from 'react';
import type { ChecklistDetail } from '@/domain/checklists/checklist-view';
import { usePrefersReducedMotion } from '@/client/lib/motion';
import { ChecklistItems, ProgressCard } from './checklist-items';
import { createSparkles, isAllCompleted, type Sparkle } from '@/client/lib/progress';
import { useChecklistProgress } from './use-checklist-progress';

// Confetti and the sparkles' animation library load with the first celebration, not with the page.
const Celebration = lazy(async () => ({ default: (await import('./celebration')).Celebration }));

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

/** The progress card, the items to complete and the celebration: the working part of both detail pages. */
export function ChecklistProgress({ checklist, isSignedIn }: { checklist: ChecklistDetail; isSignedIn: boolean }) {
  const { progress, isComplete, celebrationElement } = useCelebratedProgress(checklist, isSignedIn);
  return (
    <>
      <ProgressCard
        completed={progress.completed}
        total={progress.total}
        isComplete={isComplete}
        onReset={progress.reset}
        isResetting={progress.isResetting}
      />
      <ChecklistItems items={checklist.items} completion={progress.completion} onToggle={progress.toggle} />
      {celebrationElement}
    </>
  );
}
