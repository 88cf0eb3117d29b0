import { useState } from 'react';

/**
 * Which of the shown lists the user has selected for a bulk action. Only lists that are still
 * shown count as selected (a filter or a delete may hide some).
 */
export function useListSelection(shown: readonly { id: string }[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const selectedIds = shown.filter((list) => selected.has(list.id)).map((list) => list.id);
  const isAllSelected = shown.length > 0 && selectedIds.length === shown.length;

  return {
    selectedIds,
    isAllSelected,
    isSelected: (id: string) => selected.has(id),
    toggleAll: () => setSelected(isAllSelected ? new Set() : new Set(shown.map((list) => list.id))),
    select: (id: string, isSelected: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (isSelected) next.add(id);
        else next.delete(id);
        return next;
      }),
    /** Selects exactly `ids` (after a bulk action: the lists it failed for). */
    selectOnly: (ids: readonly string[]) => setSelected(new Set(ids)),
  };
}

export type ListSelection = ReturnType<typeof useListSelection>;
