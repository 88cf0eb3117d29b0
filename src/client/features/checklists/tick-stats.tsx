import { Info, Timer, UsersRound } from 'lucide-react';
import {
  isOftenSkipped,
  peopleText,
  shareText,
  tickStatsMessages,
  usuallyTakesText,
  type TickStats,
} from '@/domain/checklists/tick-stats';

// What people really tick, shown with the list it describes. The figures arrive with the list's
// detail, so they render in place with it and never push the page once it is on screen. Paper
// shows the list itself: the figures are left off a printed page.

/**
 * Under the list's details: how long it usually takes (when enough runs were completed) and how
 * many people the figures come from; the author also reads how they are counted.
 */
export function TickStatsSummary({ stats, isOwner }: { stats: TickStats | null; isOwner: boolean }) {
  if (!stats) return null;
  return (
    <div className="mt-4 text-sm text-slate-600 dark:text-slate-400 print:hidden">
      <p className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {stats.usualSeconds !== null ? (
          <span className="inline-flex items-center gap-1.5">
            <Timer className="h-4 w-4 shrink-0" aria-hidden />
            {usuallyTakesText(stats.usualSeconds)}
          </span>
        ) : null}
        <span className="inline-flex items-center gap-1.5">
          <UsersRound className="h-4 w-4 shrink-0" aria-hidden />
          {peopleText(stats.people)}
        </span>
      </p>
      {isOwner ? (
        <p className="mt-2 flex items-start gap-1.5 text-xs text-slate-500 dark:text-slate-400">
          <Info className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden />
          {tickStatsMessages.explanation}
        </p>
      ) : null}
    </div>
  );
}

/** An item's share of the people who tick it, with "often skipped" when few do; nothing without a share. */
export function ItemShare({ id, percent, className }: { id: string; percent: number | undefined; className?: string }) {
  if (percent === undefined) return null;
  return (
    <p id={id} className={className}>
      <span className="text-xs text-slate-500 tabular-nums dark:text-slate-400">{shareText(percent)}</span>
      {isOftenSkipped(percent) ? (
        <span className="ml-2 inline-flex items-center rounded-full bg-amber-50 px-2 py-px text-xs font-medium text-amber-800 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:text-amber-200 dark:ring-amber-900">
          {tickStatsMessages.oftenSkipped}
        </span>
      ) : null}
    </p>
  );
}
