import { z } from 'zod';
import {
  MAX_HEADINGS,
  MAX_ITEM_LENGTH,
  MAX_ITEMS,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  MAX_TITLE_LENGTH,
} from './checklist-fields';

/**
 * "Lists like this usually include…": while a list is written, once it has a title or tags, the
 * items that public lists sharing a word of its title or tags commonly have and it lacks, at most
 * MAX_SUGGESTIONS. For each word, the lists counted are the SUGGESTION_LISTS_PER_WORD most used
 * public lists with that word in their title or tags, and an item counts once it is in at least
 * SUGGESTION_MIN_LISTS of them; an item common under several of the draft's words ranks above one
 * common under one. Worked out ahead for every word, on a schedule (SUGGESTIONS_REFRESH_MINUTES).
 */
export const MAX_SUGGESTIONS = 8;
export const SUGGESTION_MIN_LISTS = 2;
export const SUGGESTION_LISTS_PER_WORD = 40;
/** How many of a word's items are kept: enough that MAX_SUGGESTIONS remain after the draft's own. */
export const SUGGESTION_IDEAS_PER_WORD = 30;
export const SUGGESTIONS_REFRESH_MINUTES = 60;

/** What the editor sends: the list as written so far (nothing is saved). */
export const itemSuggestionsInputSchema = z.object({
  title: z.string().max(MAX_TITLE_LENGTH),
  tags: z.array(z.string().max(MAX_TAG_LENGTH)).max(MAX_TAGS),
  items: z.array(z.string().max(MAX_ITEM_LENGTH)).max(MAX_ITEMS + MAX_HEADINGS),
});
export type ItemSuggestionsInput = z.infer<typeof itemSuggestionsInputSchema>;

export const itemSuggestionSchema = z.object({
  content: z.string(),
  /** How many lists sharing a word with the draft have it (the most for any one word). */
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
