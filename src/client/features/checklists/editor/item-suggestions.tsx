import { useQuery } from '@tanstack/react-query';
import { Plus, Sparkles } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { emptyItemRow, type ChecklistForm } from '@/domain/checklists/checklist-input';
import { countItems, MAX_ITEMS } from '@/domain/checklists/checklist-fields';
import {
  addSuggestionLabel,
  itemSuggestionMessages,
  type ItemSuggestionsInput,
} from '@/domain/checklists/item-suggestions';
import { Switch } from '@/client/components/ui/switch';
import { itemSuggestionsQuery } from '@/client/api/item-suggestions';
import { useStoredValue } from '@/client/lib/browser-storage';
import { canSuggestFor, suggestionDraft, suggestionsToShow } from './suggestion-draft';

/** The user's choice, in this browser: suggestions are on unless turned off. */
const STORAGE_KEY = 'ticklist.suggestItems';
/** Asked once typing pauses this long, not at every key. */
const SUGGEST_DELAY_MS = 600;

type ItemRow = ChecklistForm['items'][number];

/**
 * The list as written, once typing has paused: a new value only when title, tags or items changed
 * (the key of the request), so nothing is asked again for the same draft.
 */
function useSettledDraft(): ItemSuggestionsInput {
  const [title, tags, items] = useWatch<ChecklistForm, ['title', 'tags', 'items']>({
    name: ['title', 'tags', 'items'],
  });
  const draft = suggestionDraft({ title, tags, items });
  const key = JSON.stringify(draft);
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(key), SUGGEST_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [key]);
  return JSON.parse(settled) as ItemSuggestionsInput;
}

/**
 * "Lists like this usually include…": under the item rows, once the list has a title or a tag, the
 * items similar public lists often have, each a button that adds it as an item. The switch turns
 * them off. They take no room until there are some, and a failure shows nothing: they are optional.
 */
export function ItemSuggestions({
  items,
  onAppend,
  onFill,
}: {
  items: ItemRow[];
  /** Adds a row after the last one. */
  onAppend: (row: ItemRow) => void;
  /** Writes into the last row, when it is an empty item. */
  onFill: (index: number, row: ItemRow) => void;
}) {
  const [stored, store] = useStoredValue(STORAGE_KEY);
  const isOn = stored !== 'false';
  const draft = useSettledDraft();
  const suggestions = useQuery(itemSuggestionsQuery(draft, isOn && canSuggestFor(draft)));
  const switchId = useId();
  const descriptionId = useId();
  const headingId = useId();
  const canAdd = countItems(items) < MAX_ITEMS;
  const shown =
    isOn && canAdd && suggestions.data
      ? suggestionsToShow(
          suggestions.data.suggestions,
          items.map((row) => row.content),
        )
      : [];

  const add = (content: string) => {
    const last = items.length - 1;
    const lastRow = items[last];
    const row = { ...emptyItemRow(), content };
    // The blank row a new list starts with is filled rather than left above the suggestion.
    if (lastRow && lastRow.kind === 'item' && !lastRow.content.trim() && !lastRow.note.trim()) onFill(last, row);
    else onAppend(row);
  };

  return (
    <div className="mt-4">
      <div className="flex items-start gap-2">
        <Switch
          id={switchId}
          checked={isOn}
          onCheckedChange={(next) => store(String(next))}
          aria-describedby={descriptionId}
        />
        <div>
          <label htmlFor={switchId} className="cursor-pointer text-sm text-slate-700 dark:text-slate-300">
            {itemSuggestionMessages.toggle}
          </label>
          <p id={descriptionId} className="text-xs text-slate-500 dark:text-slate-400">
            {itemSuggestionMessages.toggleDescription}
          </p>
        </div>
      </div>
      {shown.length > 0 ? (
        <section aria-labelledby={headingId} className="mt-3">
          <h3
            id={headingId}
            className="flex items-center gap-1.5 text-sm font-medium text-slate-700 dark:text-slate-300"
          >
            <Sparkles className="h-4 w-4 text-brand-600 dark:text-brand-200" aria-hidden />
            {itemSuggestionMessages.heading}
          </h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {shown.map((suggestion) => (
              <li key={suggestion.content} className="max-w-full">
                <button
                  type="button"
                  aria-label={addSuggestionLabel(suggestion.content)}
                  onClick={() => add(suggestion.content)}
                  className="inline-flex max-w-full items-center gap-1 rounded-full border border-slate-300 bg-white px-3 py-1 text-left text-sm break-words text-slate-800 hover:border-brand-500 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
                >
                  <Plus className="h-3.5 w-3.5 shrink-0" aria-hidden />
                  <span className="min-w-0">{suggestion.content}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
