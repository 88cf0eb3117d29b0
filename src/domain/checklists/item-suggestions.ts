import { z } from 'zod';
import { MAX_HEADINGS, MAX_ITEM_LENGTH, MAX_ITEMS, MAX_TAG_LENGTH, MAX_TAGS, MAX_TITLE_LENGTH } from './checklist-fields';

/**
 * "Lists like this usually include…": while a list is written, once it has a title or tags, the
 * items that public lists with similar titles or the same tags commonly have (at least
 * SUGGESTION_MIN_LISTS of them) and this one lacks, at most MAX_SUGGESTIONS, most common first.
 */
export const MAX_SUGGESTIONS = 8;
export const SUGGESTION_MIN_LISTS = 2;

/** What the editor sends: the list as written so far (nothing is saved). */
export const itemSuggestionsInputSchema = z.object({
  title: z.string().max(MAX_TITLE_LENGTH),
  tags: z.array(z.string().max(MAX_TAG_LENGTH)).max(MAX_TAGS),
  items: z.array(z.string().max(MAX_ITEM_LENGTH)).max(MAX_ITEMS + MAX_HEADINGS),
});
export type ItemSuggestionsInput = z.infer<typeof itemSuggestionsInputSchema>;

export const itemSuggestionSchema = z.object({
  content: z.string(),
  /** How many of the similar lists have it. */
  lists: z.number().int(),
});
export const itemSuggestionsSchema = z.object({ suggestions: z.array(itemSuggestionSchema) });
export type ItemSuggestion = z.infer<typeof itemSuggestionSchema>;

export const itemSuggestionMessages = {
  heading: 'Lists like this usually include…',
  add: 'Add',
  toggle: 'Suggest items',
  toggleDescription: 'Show items that similar public lists often have.',
} as const;

/** "Add “Tent footprint”": the accessible name of a suggestion's button. */
export const addSuggestionLabel = (content: string) => `Add “${content}”`;
