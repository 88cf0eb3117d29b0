import { Check, PartyPopper } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { ChecklistDetail } from '@/domain/checklists/checklist-view';
import { hideCompletedMessages, visibleEntries } from '@/domain/checklists/runs';
import { Card } from '@/client/components/ui/card';
import { ProgressBar } from '@/client/components/ui/progress-bar';
import { cn } from '@/client/lib/cn';
import { percentComplete } from '@/domain/checklists/progress';

export const COMPLETE_MESSAGE = 'Congratulations! All items completed!';

export function ProgressCard({
  completed,
  total,
  isComplete,
  action,
  children,
}: {
  completed: number;
  total: number;
  isComplete: boolean;
  /** Beside the percent: "Start again". */
  action: ReactNode;
  /** Under the bar: how often the list was completed, the hide switch, the history. */
  children?: ReactNode;
}) {
  const percent = percentComplete(completed, total);
  const labelId = useId();

  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={labelId} className="text-base font-semibold text-slate-900 dark:text-white">
            Your progress
          </h2>
          <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {completed} of {total} completed
          </p>
        </div>
        <div className="flex items-center gap-3">
          <span className="text-2xl font-bold text-brand-700 tabular-nums dark:text-brand-200" aria-hidden>
            {percent}%
          </span>
          {action}
        </div>
      </div>

      <ProgressBar
        percent={percent}
        labelledBy={labelId}
        valueText={`${percent}% (${completed} of ${total} completed)`}
        isComplete={isComplete}
        className="mt-4 h-3"
        barClassName="transition-[width] duration-500 ease-out motion-reduce:transition-none"
      />

      {isComplete ? (
        <p
          role="status"
          className="mt-4 flex items-center gap-2 rounded-lg bg-green-50 px-3 py-2 text-sm font-semibold text-green-800 ring-1 ring-green-200 dark:bg-green-950/40 dark:text-green-200 dark:ring-green-900"
        >
          <PartyPopper className="h-5 w-5 shrink-0" aria-hidden />
          {COMPLETE_MESSAGE}
        </p>
      ) : null}
      {children}
    </Card>
  );
}

/**
 * A numbered list of items to complete; completed ones are struck through, or left out while
 * `isHidingCompleted` (each keeps its number).
 */
export function ChecklistItems({
  items,
  completion,
  onToggle,
  isHidingCompleted = false,
}: {
  items: ChecklistDetail['items'];
  completion: boolean[];
  onToggle: (index: number) => void;
  isHidingCompleted?: boolean;
}) {
  if (items.length === 0) {
    return (
      <Card className="p-6 text-center text-sm text-slate-600 dark:text-slate-400">This checklist has no items.</Card>
    );
  }

  const shown = visibleEntries(items, (_item, index) => completion[index] ?? false, isHidingCompleted);
  if (shown.length === 0) {
    return (
      <Card className="p-6 text-center text-sm text-slate-600 dark:text-slate-400">
        {hideCompletedMessages.allHidden}
      </Card>
    );
  }

  return (
    <Card className="p-2 sm:p-3">
      <ol aria-label="Items" className="divide-y divide-slate-100 dark:divide-slate-800">
        {shown.map(({ entry: item, index }) => (
          <ItemRow
            key={item.id}
            number={index + 1}
            content={item.content}
            isCompleted={completion[index] ?? false}
            onToggle={() => onToggle(index)}
          />
        ))}
      </ol>
    </Card>
  );
}

function ItemRow({
  number,
  content,
  isCompleted,
  onToggle,
}: {
  number: number;
  content: string;
  isCompleted: boolean;
  onToggle: () => void;
}) {
  const inputId = useId();
  return (
    <li>
      <label
        htmlFor={inputId}
        className="group relative flex cursor-pointer items-start gap-3 rounded-lg px-3 py-3 transition-colors hover:bg-slate-50 dark:hover:bg-slate-800/60"
      >
        <span
          aria-hidden
          className="w-7 shrink-0 pt-0.5 text-right text-sm font-semibold text-slate-600 tabular-nums dark:text-slate-400"
        >
          {number}.
        </span>
        <input id={inputId} type="checkbox" checked={isCompleted} onChange={onToggle} className="peer sr-only" />
        <span
          aria-hidden
          className={cn(
            'mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-md border-2 transition-colors',
            'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500',
            isCompleted
              ? 'border-brand-600 bg-brand-600 text-white'
              : 'border-slate-300 bg-white group-hover:border-brand-500 dark:border-slate-600 dark:bg-slate-900',
          )}
        >
          {isCompleted ? <Check className="h-3.5 w-3.5" strokeWidth={3} /> : null}
        </span>
        <span
          className={cn(
            'min-w-0 flex-1 text-base break-words text-slate-800 dark:text-slate-200',
            isCompleted && 'text-slate-500 line-through decoration-slate-400 dark:text-slate-400',
          )}
        >
          {content}
        </span>
      </label>
    </li>
  );
}
