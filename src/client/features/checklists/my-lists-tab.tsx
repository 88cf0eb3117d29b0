import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ListChecks } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  OWN_LIST_FILTERS,
  OWN_LIST_SORTS,
  ownListFilterEmpty,
  ownListFilterLabels,
  ownListMessages,
  ownListSortLabels,
  type OwnListFilter,
  type OwnListSort,
} from '@/domain/checklists/own-lists';
import { paths } from '@/domain/paths';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { LoadError, LoadingState } from '@/client/components/ui/load-states';
import { Section } from '@/client/components/ui/section';
import { ShowMore } from '@/client/components/ui/show-more';
import { cn } from '@/client/lib/cn';
import { ownListsQuery } from '@/client/api/checklists';
import { LabelledOptionSelect, SelectionBar } from './my-lists-toolbar';
import { OwnListRow } from './own-list-row';
import { useListSelection } from './use-list-selection';
import { useOwnListActions } from './use-own-list-actions';

/** The lists the user created, on /me's My Lists tab: their totals, sorting, filters and bulk actions. */
export function MyListsTab() {
  const [sort, setSort] = useState<OwnListSort>('newest');
  const [filter, setFilter] = useState<OwnListFilter>('all');
  // The previous view stays on screen while a new sort or filter loads.
  const lists = useInfiniteQuery({ ...ownListsQuery({ sort, filter }), placeholderData: keepPreviousData });
  const shown = useMemo(() => lists.data?.pages.flatMap((page) => page.checklists) ?? [], [lists.data]);
  const selection = useListSelection(shown);
  const actions = useOwnListActions(selection);

  if (lists.isPending) return <LoadingState label="Loading your lists..." />;
  if (lists.isError) {
    return (
      <LoadError onRetry={() => void lists.refetch()} isRetrying={lists.isFetching}>
        {ownListMessages.loadFailed}
      </LoadError>
    );
  }

  const summary = lists.data.pages[0]!.summary;
  const createButton = (
    <Button asChild size="sm">
      <Link to={paths.create()}>{ownListMessages.create}</Link>
    </Button>
  );

  if (summary.totalLists === 0) {
    return (
      <Section title="My Lists">
        <div className="py-10 text-center">
          <ListChecks className="mx-auto mb-3 h-10 w-10 text-slate-300 dark:text-slate-600" aria-hidden />
          <p className="text-slate-600 dark:text-slate-400">{ownListMessages.empty}</p>
          <Button asChild className="mt-5">
            <Link to={paths.create()}>{ownListMessages.createFirst}</Link>
          </Button>
        </div>
      </Section>
    );
  }

  return (
    <Section title="My Lists" actions={createButton}>
      <dl className="mb-6 grid grid-cols-3 gap-2 sm:gap-3">
        <SummaryTile label="Total lists" value={summary.totalLists} />
        <SummaryTile label="Total uses" value={summary.totalUses} />
        <SummaryTile label="Most popular" value={summary.mostPopularTitle ?? '—'} isText />
      </dl>

      <div className="mb-4 flex flex-wrap items-end gap-3">
        <LabelledOptionSelect
          label="Sort"
          value={sort}
          options={OWN_LIST_SORTS}
          labels={ownListSortLabels}
          onChange={setSort}
        />
        <LabelledOptionSelect
          label="Filter"
          value={filter}
          options={OWN_LIST_FILTERS}
          labels={ownListFilterLabels}
          onChange={setFilter}
        />
      </div>

      {/* Always present, so a screen reader reads out each confirmation as it comes. */}
      <div role="status">
        {actions.confirmationMessage ? (
          <Alert tone="success" className="mb-4" isLiveRegion={false}>
            {actions.confirmationMessage}
          </Alert>
        ) : null}
      </div>
      {actions.failure ? (
        <Alert tone="error" className="mb-4">
          {actions.failure}
        </Alert>
      ) : null}

      <SelectionBar
        selection={selection}
        shownCount={shown.length}
        isBusy={actions.isBulkBusy}
        onDelete={() => actions.ask({ kind: 'bulk-delete', ids: selection.selectedIds })}
        onChangeVisibility={actions.changeSelectedVisibility}
      />

      {shown.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-600 dark:text-slate-400">{ownListFilterEmpty[filter]}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {shown.map((list) => (
            <OwnListRow
              key={list.id}
              list={list}
              isSelected={selection.isSelected(list.id)}
              onSelect={(isSelected) => selection.select(list.id, isSelected)}
              onChangeVisibility={(to) => actions.ask({ kind: 'visibility', list, to })}
              onDelete={() => actions.ask({ kind: 'delete', list })}
            />
          ))}
        </ul>
      )}
      <div className="mt-4">
        <ShowMore query={lists} loadingLabel="Loading more lists" />
      </div>

      <ConfirmDialog {...actions.dialog} />
    </Section>
  );
}

function SummaryTile({ label, value, isText = false }: { label: string; value: string | number; isText?: boolean }) {
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-3 dark:bg-slate-800/50">
      <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      <dd
        className={cn(
          'mt-1 font-bold text-slate-900 dark:text-white',
          isText ? 'truncate text-base' : 'text-xl tabular-nums',
        )}
        title={isText ? String(value) : undefined}
      >
        {value}
      </dd>
    </div>
  );
}
