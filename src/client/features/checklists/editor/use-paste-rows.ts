import type { ClipboardEvent } from 'react';
import { useFormContext, type UseFieldArrayReturn } from 'react-hook-form';
import type { ChecklistForm } from '@/domain/checklists/checklist-input';

/** More than one line: a line break inside the text, not only at its end. */
const isMultiLine = (text: string) => text.trim().includes('\n') || text.trim().includes('\r');

/**
 * Pasting several lines into an item row makes a row of each entry they hold (Markdown list
 * markers dropped, headings and indented notes kept), in place of that row; one line pastes as
 * usual. A paste that would take the list past a limit changes nothing and says which limit at
 * the items field. The parser loads on the first such paste, so no page carries it before.
 * Spread the handler on an element around the item rows: it reads the row from the row's input.
 */
export function usePasteRows(items: UseFieldArrayReturn<ChecklistForm, 'items'>) {
  const { getValues, setError, trigger, formState, getFieldState } = useFormContext<ChecklistForm>();

  return (event: ClipboardEvent<HTMLElement>) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.dataset.control !== 'input') return;
    const index = Number(input.closest('[data-row]')?.getAttribute('data-row'));
    const pasted = event.clipboardData.getData('text/plain');
    if (!isMultiLine(pasted) || !Number.isInteger(index)) return;
    event.preventDefault();
    // What the row would hold had the paste gone in as usual: its text around the selection.
    const { value, selectionStart, selectionEnd } = input;
    const text = value.slice(0, selectionStart ?? value.length) + pasted + value.slice(selectionEnd ?? value.length);

    void (async () => {
      const [{ parseMarkdownList }, { pasteIntoRows }] = await Promise.all([
        import('@/domain/checklists/markdown-import'),
        import('@/domain/checklists/imported-rows'),
      ]);
      const rows = getValues('items');
      const parsed = parseMarkdownList(text, 'rows', 'pasted text');
      const outcome = parsed.ok ? pasteIntoRows(rows, index, parsed.value.items) : parsed;
      if (!outcome.ok) {
        setError('items', { type: 'paste', message: outcome.message });
        return;
      }
      const added = outcome.rows.slice(index, index + outcome.rows.length - rows.length + 1);
      items.remove(index);
      // The cursor lands in the last pasted row, as it would at the end of pasted text.
      items.insert(index, added, { focusIndex: index + added.length - 1 });
      if (formState.isSubmitted || getFieldState('items').error) void trigger('items');
    })();
  };
}
