import type { ChecklistForm } from '@/domain/checklists/checklist-input';
import { MAX_SUGGESTIONS, type ItemSuggestion, type ItemSuggestionsInput } from '@/domain/checklists/item-suggestions';

/** A title this long (or any tag) is enough to look for similar lists. */
export const SUGGEST_FROM_TITLE_LENGTH = 3;

/** What the editor asks suggestions for: the title, the filled tags and the filled entries, trimmed. */
export function suggestionDraft(values: Pick<ChecklistForm, 'title' | 'tags' | 'items'>): ItemSuggestionsInput {
  const filled = (texts: string[]) => texts.map((text) => text.trim()).filter(Boolean);
  return {
    title: values.title.trim(),
    tags: filled(values.tags.map((tag) => tag.value)),
    items: filled(values.items.map((item) => item.content)),
  };
}

/** Whether the draft says enough about the list to ask: a title of 3+ characters, or a tag. */
export const canSuggestFor = (draft: ItemSuggestionsInput) =>
  draft.title.length >= SUGGEST_FROM_TITLE_LENGTH || draft.tags.length > 0;

const sameText = (text: string) => text.trim().toLocaleLowerCase();

/**
 * The chips to show: suggestions the list does not have yet (one just added leaves at once, before
 * the next answer), at most MAX_SUGGESTIONS.
 */
export function suggestionsToShow(suggestions: readonly ItemSuggestion[], items: readonly string[]): ItemSuggestion[] {
  const present = new Set(items.map(sameText));
  return suggestions.filter((suggestion) => !present.has(sameText(suggestion.content))).slice(0, MAX_SUGGESTIONS);
}
