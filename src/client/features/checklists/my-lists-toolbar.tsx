import { Eye, EyeOff, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { ownListMessages } from '@/domain/checklists/own-lists';
import { Button } from '@/client/components/ui/button';
import { Checkbox } from '@/client/components/ui/checkbox';
import { OptionSelect } from '@/client/components/ui/select';
import type { ListSelection } from './use-list-selection';

/** A labelled select above My Lists (its Sort and its Filter). */
export function LabelledOptionSelect<T extends string>({
  label,
  value,
  options,
  labels,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600 dark:text-slate-400">
        {label}
      </label>
      <OptionSelect id={id} value={value} options={options} labels={labels} onChange={onChange} align="start" />
    </div>
  );
}

/** "Select all", and for the selected lists: how many, Delete, Make Public and Make Private. */
export function SelectionBar({
  selection,
  shownCount,
  isBusy,
  onDelete,
  onChangeVisibility,
}: {
  selection: ListSelection;
  shownCount: number;
  isBusy: boolean;
  onDelete: () => void;
  onChangeVisibility: (isPublic: boolean) => void;
}) {
  const { selectedIds, isAllSelected } = selection;
  return (
    <div className="flex min-h-12 flex-wrap items-center gap-3 rounded-xl bg-slate-50 px-3 py-2 dark:bg-slate-800/50">
      <label className="flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-300">
        <Checkbox
          checked={isAllSelected ? true : selectedIds.length > 0 ? 'indeterminate' : false}
          disabled={shownCount === 0}
          onCheckedChange={selection.toggleAll}
        />
        Select all
      </label>
      {selectedIds.length > 0 ? (
        <div className="ml-auto flex flex-wrap items-center gap-2" role="group" aria-label="Selected lists">
          <span className="text-sm font-semibold text-slate-900 dark:text-white">
            {ownListMessages.selected(selectedIds.length)}
          </span>
          <Button size="sm" variant="danger" disabled={isBusy} onClick={onDelete}>
            <Trash2 className="h-4 w-4" aria-hidden />
            Delete
          </Button>
          <Button size="sm" variant="secondary" disabled={isBusy} onClick={() => onChangeVisibility(true)}>
            <Eye className="h-4 w-4" aria-hidden />
            Make Public
          </Button>
          <Button size="sm" variant="secondary" disabled={isBusy} onClick={() => onChangeVisibility(false)}>
            <EyeOff className="h-4 w-4" aria-hidden />
            Make Private
          </Button>
        </div>
      ) : null}
    </div>
  );
}
