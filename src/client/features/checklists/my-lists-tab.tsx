import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Eye, EyeOff, ExternalLink, Link2, ListChecks, Pencil, Star, Trash2, Users } from 'lucide-react';
import { useId, useMemo, useState, type ComponentProps } from 'react';
import { Link } from 'react-router';
import { checklistActionMessages } from '@/domain/checklists/checklist-actions';
import {
  OWN_LIST_FILTERS,
  OWN_LIST_ROW_TAGS,
  OWN_LIST_SORTS,
  ownListFilterEmpty,
  ownListFilterLabels,
  ownListMessages,
  ownListSortLabels,
  VISIBILITY_MESSAGE_MS,
  type OwnChecklist,
  type OwnListFilter,
  type OwnListSort,
} from '@/domain/checklists/own-lists';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Checkbox } from '@/client/components/ui/checkbox';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { LoadError, LoadingState } from '@/client/components/ui/load-states';
import { OptionSelect } from '@/client/components/ui/select';
import { ShowMore } from '@/client/components/ui/show-more';
import { DifficultyBadge } from '@/client/features/checklists/difficulty-badge';
import { PrivateBadge } from '@/client/features/checklists/private-badge';
import { UnlistedBadge } from '@/client/features/checklists/unlisted-badge';
import { unlistedMessages, type ChecklistVisibility } from '@/domain/checklists/visibility';
import { errorMessage } from '@/client/lib/api';
import { cn } from '@/client/lib/cn';
import { useFlashMessage } from '@/client/lib/use-flash-message';
import {
  ownListsQuery,
  useBulkDelete,
  useBulkVisibility,
  useDeleteChecklist,
  useSetVisibility,
} from '@/client/api/checklists';
import { Section } from '@/client/components/ui/section';
import { paths } from '@/domain/paths';

type ConfirmDialogQuestion = Omit<ComponentProps<typeof ConfirmDialog>, 'isOpen' | 'onOpenChange'>;
const closedConfirmDialog: ConfirmDialogQuestion = {
  title: '',
  description: '',
  confirmLabel: '',
  onConfirm: () => {},
};

// Spec §2.10's two questions, and the third visibility's own (decision 024).
const visibilityQuestions: Record<
  ChecklistVisibility,
  Pick<ConfirmDialogQuestion, 'title' | 'description' | 'confirmLabel'>
> = {
  public: { title: 'Make Public?', description: ownListMessages.makePublicText, confirmLabel: 'Make Public' },
  private: { title: 'Make Private?', description: ownListMessages.makePrivateText, confirmLabel: 'Make Private' },
  unlisted: {
    title: unlistedMessages.makeUnlistedTitle,
    description: unlistedMessages.makeUnlistedText,
    confirmLabel: unlistedMessages.makeUnlisted,
  },
};

type Pending =
  | { kind: 'delete'; list: OwnChecklist }
  | { kind: 'visibility'; list: OwnChecklist; to: ChecklistVisibility }
  | { kind: 'bulk-delete'; ids: string[] };

/** Spec §2.10 "Created lists (My Lists)". */
export function MyListsTab() {
  const sortId = useId();
  const filterId = useId();
  const [sort, setSort] = useState<OwnListSort>('newest');
  const [filter, setFilter] = useState<OwnListFilter>('all');
  // The previous view stays on screen while a new sort or filter loads.
  const lists = useInfiniteQuery({ ...ownListsQuery({ sort, filter }), placeholderData: keepPreviousData });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const confirmation = useFlashMessage(VISIBILITY_MESSAGE_MS);

  const setVisibility = useSetVisibility();
  const remove = useDeleteChecklist();
  const bulkDelete = useBulkDelete();
  const bulkVisibility = useBulkVisibility();

  const shown = useMemo(() => lists.data?.pages.flatMap((page) => page.checklists) ?? [], [lists.data]);
  // Only lists that are still shown count as selected (a filter or a delete may hide some).
  const selectedIds = shown.filter((list) => selected.has(list.id)).map((list) => list.id);
  const allChecked = shown.length > 0 && selectedIds.length === shown.length;

  const close = () => setPending(null);
  const startAction = () => {
    setFailure(null);
    confirmation.clear();
  };

  const changeVisibility = (list: OwnChecklist, to: ChecklistVisibility) => {
    startAction();
    setVisibility.mutate(
      { id: list.id, visibility: to },
      {
        onSuccess: () =>
          confirmation.show(
            to === 'unlisted'
              ? unlistedMessages.nowUnlisted(list.title)
              : ownListMessages.nowVisible(list.title, to === 'public'),
          ),
        onError: (error) => setFailure(ownListMessages.visibilityFailed(errorMessage(error))),
        onSettled: close,
      },
    );
  };

  const deleteOne = (list: OwnChecklist) => {
    startAction();
    remove.mutate(list.id, {
      onError: () => setFailure(ownListMessages.deleteFailed),
      onSettled: close,
    });
  };

  const deleteSelected = (ids: string[]) => {
    startAction();
    bulkDelete.mutate(ids, {
      onSuccess: (result) => {
        setSelected(new Set(result.failed));
        if (result.failed.length) setFailure(result.message ?? checklistActionMessages.bulkDeleteFailed);
      },
      onError: () => setFailure(checklistActionMessages.bulkDeleteFailed),
      onSettled: close,
    });
  };

  const changeSelectedVisibility = (isPublic: boolean) => {
    startAction();
    bulkVisibility.mutate(
      { ids: selectedIds, isPublic },
      {
        onSuccess: (result) => {
          setSelected(new Set(result.failed));
          if (result.failed.length) setFailure(result.message ?? checklistActionMessages.bulkVisibilityFailed);
          else {
            const count = result.succeeded.length;
            confirmation.show(
              `${count} ${count === 1 ? 'list is' : 'lists are'} now ${isPublic ? 'public' : 'private'}`,
            );
          }
        },
        onError: () => setFailure(checklistActionMessages.bulkVisibilityFailed),
      },
    );
  };

  // One confirmation dialog for the three questions: delete one, delete the selected, change visibility.
  const confirmDialogFor = (question: Pending): ConfirmDialogQuestion => {
    switch (question.kind) {
      case 'delete':
        return {
          title: `Delete "${question.list.title}"?`,
          description: ownListMessages.deleteText,
          confirmLabel: 'Delete',
          busyLabel: 'Deleting...',
          isBusy: remove.isPending,
          onConfirm: () => deleteOne(question.list),
        };
      case 'bulk-delete':
        return {
          title: ownListMessages.bulkDeleteTitle(question.ids.length),
          description: ownListMessages.deleteText,
          confirmLabel: 'Delete',
          busyLabel: 'Deleting...',
          isBusy: bulkDelete.isPending,
          onConfirm: () => deleteSelected(question.ids),
        };
      case 'visibility':
        return {
          ...visibilityQuestions[question.to],
          busyLabel: 'Saving...',
          tone: 'primary',
          isBusy: setVisibility.isPending,
          onConfirm: () => changeVisibility(question.list, question.to),
        };
    }
  };

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

  const isBulkBusy = bulkDelete.isPending || bulkVisibility.isPending;
  return (
    <Section title="My Lists" actions={createButton}>
      <dl className="mb-6 grid grid-cols-3 gap-2 sm:gap-3">
        <SummaryTile label="Total lists" value={summary.totalLists} />
        <SummaryTile label="Total uses" value={summary.totalUses} />
        <SummaryTile label="Most popular" value={summary.mostPopularTitle ?? '—'} isText />
      </dl>

      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={sortId} className="mb-1 block text-xs font-medium text-slate-600 dark:text-slate-400">
            Sort
          </label>
          <OptionSelect
            id={sortId}
            value={sort}
            options={OWN_LIST_SORTS}
            labels={ownListSortLabels}
            onChange={setSort}
            align="start"
          />
        </div>
        <div>
          <label htmlFor={filterId} className="mb-1 block text-xs font-medium text-slate-600 dark:text-slate-400">
            Filter
          </label>
          <OptionSelect
            id={filterId}
            value={filter}
            options={OWN_LIST_FILTERS}
            labels={ownListFilterLabels}
            onChange={setFilter}
            align="start"
          />
        </div>
      </div>

      <div role="status">
        {confirmation.message ? (
          <Alert tone="success" className="mb-4">
            {confirmation.message}
          </Alert>
        ) : null}
      </div>
      {failure ? (
        <Alert tone="error" className="mb-4">
          <span role="alert">{failure}</span>
        </Alert>
      ) : null}

      <div className="flex min-h-12 flex-wrap items-center gap-3 rounded-xl bg-slate-50 px-3 py-2 dark:bg-slate-800/50">
        <label className="flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-300">
          <Checkbox
            checked={allChecked ? true : selectedIds.length > 0 ? 'indeterminate' : false}
            disabled={shown.length === 0}
            onCheckedChange={() => setSelected(allChecked ? new Set() : new Set(shown.map((list) => list.id)))}
          />
          Select all
        </label>
        {selectedIds.length > 0 ? (
          <div className="ml-auto flex flex-wrap items-center gap-2" role="group" aria-label="Selected lists">
            <span className="text-sm font-semibold text-slate-900 dark:text-white">
              {ownListMessages.selected(selectedIds.length)}
            </span>
            <Button
              size="sm"
              variant="danger"
              disabled={isBulkBusy}
              onClick={() => setPending({ kind: 'bulk-delete', ids: selectedIds })}
            >
              <Trash2 className="h-4 w-4" aria-hidden />
              Delete
            </Button>
            <Button size="sm" variant="secondary" disabled={isBulkBusy} onClick={() => changeSelectedVisibility(true)}>
              <Eye className="h-4 w-4" aria-hidden />
              Make Public
            </Button>
            <Button size="sm" variant="secondary" disabled={isBulkBusy} onClick={() => changeSelectedVisibility(false)}>
              <EyeOff className="h-4 w-4" aria-hidden />
              Make Private
            </Button>
          </div>
        ) : null}
      </div>

      {shown.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-600 dark:text-slate-400">{ownListFilterEmpty[filter]}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {shown.map((list) => (
            <OwnListRow
              key={list.id}
              list={list}
              isSelected={selected.has(list.id)}
              onSelect={(isSelected) =>
                setSelected((current) => {
                  const next = new Set(current);
                  if (isSelected) next.add(list.id);
                  else next.delete(list.id);
                  return next;
                })
              }
              onChangeVisibility={(to) => setPending({ kind: 'visibility', list, to })}
              onDelete={() => setPending({ kind: 'delete', list })}
            />
          ))}
        </ul>
      )}
      <div className="mt-4">
        <ShowMore query={lists} loadingLabel="Loading more lists" />
      </div>

      <ConfirmDialog
        isOpen={pending !== null}
        onOpenChange={(open) => !open && close()}
        {...(pending ? confirmDialogFor(pending) : closedConfirmDialog)}
      />
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

function OwnListRow({
  list,
  isSelected,
  onSelect,
  onChangeVisibility,
  onDelete,
}: {
  list: OwnChecklist;
  isSelected: boolean;
  onSelect: (isSelected: boolean) => void;
  onChangeVisibility: (to: ChecklistVisibility) => void;
  onDelete: () => void;
}) {
  const checkboxId = useId();
  // Spec §2.10's toggle (a public list goes private, any other public), and beside it the third
  // choice: an unlisted list can go private, any other unlisted (decision 024).
  const toggleTo: ChecklistVisibility = list.isPublic ? 'private' : 'public';
  const otherTo: ChecklistVisibility = list.visibility === 'unlisted' ? 'private' : 'unlisted';
  return (
    <li
      className={cn(
        'flex gap-3 rounded-xl p-4 ring-1 ring-slate-200 dark:ring-slate-800',
        list.visibility === 'private' ? 'bg-amber-50/70 dark:bg-amber-950/20' : 'bg-white dark:bg-slate-900',
      )}
    >
      <Checkbox
        id={checkboxId}
        className="mt-1"
        checked={isSelected}
        onCheckedChange={(checked) => onSelect(checked === true)}
        aria-label={`Select ${list.title}`}
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={paths.checklist(list.id)}
            className="min-w-0 truncate font-semibold text-slate-900 hover:text-brand-600 dark:text-white"
          >
            {list.title}
          </Link>
          {list.isPublic ? (
            <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-950/50 dark:text-green-300">
              Public
            </span>
          ) : list.visibility === 'unlisted' ? (
            <UnlistedBadge />
          ) : (
            <PrivateBadge />
          )}
        </div>
        {list.description ? (
          <p className="mt-1 line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{list.description}</p>
        ) : null}
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-slate-600 dark:text-slate-400">
          <span className="inline-flex items-center gap-1">
            <ListChecks className="h-3.5 w-3.5" aria-hidden />
            {list.itemCount} {list.itemCount === 1 ? 'item' : 'items'}
          </span>
          <span className="inline-flex items-center gap-1">
            <Users className="h-3.5 w-3.5" aria-hidden />
            {list.uses} {list.uses === 1 ? 'use' : 'uses'}
          </span>
          <span className="inline-flex items-center gap-1">
            <Star className="h-3.5 w-3.5" aria-hidden />
            {list.rating === null ? 'No rating' : list.rating.toFixed(1)}
          </span>
          <span>{list.estimatedTime}</span>
          <DifficultyBadge difficulty={list.difficulty} />
          {list.tags.slice(0, OWN_LIST_ROW_TAGS).map((tag) => (
            <span
              key={tag}
              className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-700 dark:bg-slate-800 dark:text-brand-200"
            >
              #{tag}
            </span>
          ))}
        </div>
      </div>
      <div className="flex shrink-0 flex-col gap-1 sm:flex-row sm:items-start">
        <Button asChild variant="ghost" size="icon" className="h-9 w-9">
          <Link to={paths.editChecklist(list.id)} aria-label={`Edit ${list.title}`} title="Edit">
            <Pencil className="h-4 w-4" aria-hidden />
          </Link>
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="h-9 w-9"
          aria-label={`${list.isPublic ? 'Make private' : 'Make public'}: ${list.title}`}
          title={list.isPublic ? 'Make private' : 'Make public'}
          onClick={() => onChangeVisibility(toggleTo)}
        >
          {list.isPublic ? <EyeOff className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="h-9 w-9"
          aria-label={`${otherTo === 'unlisted' ? 'Make unlisted' : 'Make private'}: ${list.title}`}
          title={otherTo === 'unlisted' ? 'Make unlisted (anyone with the link)' : 'Make private'}
          onClick={() => onChangeVisibility(otherTo)}
        >
          {otherTo === 'unlisted' ? (
            <Link2 className="h-4 w-4" aria-hidden />
          ) : (
            <EyeOff className="h-4 w-4" aria-hidden />
          )}
        </Button>
        <Button asChild variant="ghost" size="icon" className="h-9 w-9">
          <Link to={paths.checklist(list.id)} aria-label={`View ${list.title}`} title="View">
            <ExternalLink className="h-4 w-4" aria-hidden />
          </Link>
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="h-9 w-9 text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
          aria-label={`Delete ${list.title}`}
          title="Delete"
          onClick={onDelete}
        >
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      </div>
    </li>
  );
}
