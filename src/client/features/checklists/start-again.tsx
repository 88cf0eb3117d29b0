import { RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import {
  hiddenItemsText,
  hideCompletedMessages,
  runMessages,
  timesCompleted,
  timesCompletedSentence,
  type RunSummary,
} from '@/domain/checklists/runs';
import { Button } from '@/client/components/ui/button';
import { DeferredConfirmDialog } from '@/client/components/ui/deferred-confirm-dialog';
import { Switch } from '@/client/components/ui/switch';
import { formatDate } from '@/client/lib/format';

/**
 * "Start again", behind a confirmation: the open run goes to the history (a visitor's ticks are
 * cleared). It takes effect on screen at once, as a tick does, so the dialog closes on confirming.
 */
export function StartAgainButton({
  isSignedIn,
  hasTicks,
  onConfirm,
}: {
  isSignedIn: boolean;
  hasTicks: boolean;
  onConfirm: (onDone: () => void) => void;
}) {
  const [isOpen, setOpen] = useState(false);
  // The dialog's code is fetched as a press starts, so it is usually in by the click.
  const [isWanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onPointerDown={() => setWanted(true)}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        disabled={!hasTicks}
      >
        <RotateCcw className="h-4 w-4" aria-hidden />
        {runMessages.startAgain}
      </Button>
      <DeferredConfirmDialog
        isWanted={isWanted}
        isOpen={isOpen}
        onOpenChange={setOpen}
        title={runMessages.startAgainTitle}
        description={isSignedIn ? runMessages.startAgainBody : runMessages.startAgainVisitorBody}
        confirmLabel={runMessages.startAgain}
        tone="primary"
        onConfirm={() => onConfirm(() => setOpen(false))}
      />
    </>
  );
}

/** "You completed this list N times, last on {date}", shown once they have. */
export function TimesCompleted({ runs, ticked, items }: { runs: RunSummary; ticked: number; items: number }) {
  const { count, lastAt } = timesCompleted(runs, { ticked, items }, new Date().toISOString());
  const sentence = timesCompletedSentence(count, lastAt ? formatDate(lastAt) : '');
  if (!sentence) return null;
  return <p className="mt-3 text-sm font-medium text-slate-700 dark:text-slate-300">{sentence}</p>;
}

/** The switch that leaves completed items out of the list, and how many it leaves out. */
export function HideCompletedToggle({
  isHidden,
  onChange,
  hiddenCount,
}: {
  isHidden: boolean;
  onChange: (isHidden: boolean) => void;
  hiddenCount: number;
}) {
  const id = useId();
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
      <div className="flex items-center gap-2">
        <Switch id={id} checked={isHidden} onCheckedChange={onChange} />
        <label htmlFor={id} className="cursor-pointer text-sm text-slate-700 dark:text-slate-300">
          {hideCompletedMessages.label}
        </label>
      </div>
      {isHidden && hiddenCount > 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {hiddenItemsText(hiddenCount)}
        </p>
      ) : null}
    </div>
  );
}
