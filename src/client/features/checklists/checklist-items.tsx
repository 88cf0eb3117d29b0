import { Check, PartyPopper } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { ChecklistDetail } from '@/domain/checklists/checklist-view';
import { Card } from '@/client/components/ui/card';
import { ProgressBar } from '@/client/components/ui/progress-bar';
import { cn } from '@/client/lib/cn';
import { percentComplete } from '@/domain/checklists/progress';
import { hideCompletedMessages, withoutCompleted } from '@/domain/checklists/runs';
import { sectionsOf, type ListSection } from '@/domain/checklists/sections';
import { ItemNote } from './item-note';
import { ItemShare } from './tick-stats';

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
 * The list's items to complete, numbered across the list and grouped under its headings (a heading
 * is a section title, never ticked or numbered); completed items are struck through. `completion`
 * and `onToggle` go by the items alone, in order. While `isHidingCompleted`, completed items are
 * left out (each item keeps its number), and so is a heading whose items are all completed.
 * `shares` (by item id) are what people really tick, shown under each item that has one.
 */
export function ChecklistItems({
  items,
  completion,
  onToggle,
  isHidingCompleted = false,
  shares,
}: {
  items: ChecklistDetail['items'];
  completion: boolean[];
  onToggle: (itemIndex: number) => void;
  isHidingCompleted?: boolean;
  shares?: Record<string, number>;
}) {
  if (items.length === 0) {
    return (
      <Card className="p-6 text-center text-sm text-slate-600 dark:text-slate-400">This checklist has no items.</Card>
    );
  }

  const itemRows = (section: ListSection<ChecklistEntry>) =>
    section.items.map(({ entry, number }) => (
      <ItemRow
        key={entry.id}
        number={number}
        content={entry.content}
        note={entry.note}
        share={shares?.[entry.id]}
        isCompleted={completion[number - 1] ?? false}
        onToggle={() => onToggle(number - 1)}
      />
    ));

  const isCompleted = (number: number) => completion[number - 1] ?? false;
  const sections = isHidingCompleted ? withoutCompleted(sectionsOf(items), isCompleted) : sectionsOf(items);
  if (sections.length === 0) {
    return (
      <Card className="p-6 text-center text-sm text-slate-600 dark:text-slate-400">
        {hideCompletedMessages.allHidden}
      </Card>
    );
  }

  return (
    <Card className="p-2 sm:p-3">
      {sections.map((section) =>
        section.heading ? (
          <SectionOf key={section.heading.id} heading={section.heading.content} start={section.items[0]?.number}>
            {itemRows(section)}
          </SectionOf>
        ) : (
          <ol key="leading" aria-label="Items" className={itemListClass}>
            {itemRows(section)}
          </ol>
        ),
      )}
    </Card>
  );
}

type ChecklistEntry = ChecklistDetail['items'][number];
const itemListClass = 'divide-y divide-slate-100 dark:divide-slate-800';

/** A heading and the items under it: a section of the page, its list named by its heading. */
function SectionOf({ heading, start, children }: { heading: string; start?: number; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="border-t border-slate-100 first:border-t-0 dark:border-slate-800">
      <h2 id={headingId} className="px-3 pt-4 pb-2 text-lg font-semibold break-words text-slate-900 dark:text-white">
        {heading}
      </h2>
      {start !== undefined ? (
        <ol aria-labelledby={headingId} start={start} className={itemListClass}>
          {children}
        </ol>
      ) : null}
    </section>
  );
}

function ItemRow({
  number,
  content,
  note,
  share,
  isCompleted,
  onToggle,
}: {
  number: number;
  content: string;
  note: string;
  share?: number;
  isCompleted: boolean;
  onToggle: () => void;
}) {
  const inputId = useId();
  const noteId = `${inputId}-note`;
  const shareId = `${inputId}-share`;
  return (
    // Its own number as its ordinal: with completed items hidden, the list skips numbers.
    <li value={number}>
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
        <input
          id={inputId}
          type="checkbox"
          checked={isCompleted}
          onChange={onToggle}
          aria-describedby={cn(share !== undefined && shareId, note && noteId) || undefined}
          className="peer sr-only"
        />
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
      <ItemShare id={shareId} percent={share} className="-mt-2 pr-3 pb-3 pl-[5.25rem] print:hidden" />
      {/* Beside the label, not in it: a click on the note or its links does not complete the item. */}
      {note ? <ItemNote id={noteId} note={note} className="-mt-1 pr-3 pb-3 pl-[5.25rem]" /> : null}
    </li>
  );
}
