import { useInfiniteQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { runMessages, runState, runStateLabels, runTickedText, type Run } from '@/domain/checklists/runs';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/client/components/ui/collapsible';
import { LoadError, LoadingState } from '@/client/components/ui/load-states';
import { ShowMore } from '@/client/components/ui/show-more';
import { cn } from '@/client/lib/cn';
import { formatDateTime } from '@/client/lib/format';
import { runsQuery } from '@/client/api/runs';

// Loaded by checklist-progress.tsx only for a signed-in user with closed runs: a visitor's page
// does without this code.

/** The signed-in user's closed runs, newest first, read when the disclosure is first opened. */
export function RunHistory({ checklistId }: { checklistId: string }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <Collapsible
      open={isOpen}
      onOpenChange={setOpen}
      className="mt-4 border-t border-slate-100 pt-3 dark:border-slate-800"
    >
      <CollapsibleTrigger className="flex w-full items-center justify-between gap-2 rounded-md py-1 text-left text-sm font-semibold text-slate-900 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-white dark:hover:text-brand-200">
        {runMessages.history}
        <ChevronDown className={cn('h-4 w-4 shrink-0 transition-transform', isOpen && 'rotate-180')} aria-hidden />
      </CollapsibleTrigger>
      <CollapsibleContent>{isOpen ? <RunList checklistId={checklistId} /> : null}</CollapsibleContent>
    </Collapsible>
  );
}

function RunList({ checklistId }: { checklistId: string }) {
  const runs = useInfiniteQuery(runsQuery(checklistId));
  if (runs.isPending) return <LoadingState label={runMessages.loadingHistory} />;
  if (runs.isError) {
    return (
      <LoadError onRetry={() => void runs.refetch()} isRetrying={runs.isFetching}>
        {runMessages.historyLoadFailed}
      </LoadError>
    );
  }
  return (
    <div className="mt-2 flex flex-col gap-3">
      <ol aria-label={runMessages.history} className="divide-y divide-slate-100 dark:divide-slate-800">
        {runs.data.pages
          .flatMap((page) => page.runs)
          .map((run) => (
            <RunRow key={run.id} run={run} />
          ))}
      </ol>
      <ShowMore query={runs} loadingLabel={runMessages.loadingHistory} />
    </div>
  );
}

function RunRow({ run }: { run: Run }) {
  const state = runState(run);
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 text-sm">
      <span className="text-slate-700 dark:text-slate-300">
        {runMessages.started} <time dateTime={run.startedAt}>{formatDateTime(run.startedAt)}</time>
      </span>
      <span className="flex items-center gap-2">
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-semibold',
            state === 'finished'
              ? 'bg-green-50 text-green-800 ring-1 ring-green-200 dark:bg-green-950/40 dark:text-green-200 dark:ring-green-900'
              : 'bg-slate-100 text-slate-700 ring-1 ring-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700',
          )}
        >
          {runStateLabels[state]}
        </span>
        <span className="text-slate-600 tabular-nums dark:text-slate-400">{runTickedText(run)}</span>
      </span>
    </li>
  );
}
