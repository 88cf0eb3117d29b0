import { z } from 'zod';
import { MAX_ITEM_LENGTH } from './checklist-fields';

/**
 * Ideas from remixes: items that public clones of a list added and the list lacks, grouped by
 * meaning (the same words once case, accents, punctuation and a bracketed aside are set apart:
 * "Tent footprint" and "tent footprint (ground sheet)" are one idea), shown to the list's author
 * once at least IDEA_MIN_PEOPLE different people added one. Only public clones count.
 */
export const IDEA_MIN_PEOPLE = 3;
/** The ideas shown, most-added first. */
export const MAX_IDEAS = 20;
/** Remixers named per idea; the rest are counted. */
export const IDEA_NAMES_SHOWN = 3;

export const remixIdeaSchema = z.object({
  /** The idea's normalised words: what "Add to my list" and "Dismiss" name. */
  idea: z.string(),
  /** The wording most remixes used. */
  content: z.string(),
  /** How many public clones added it, and how many different people. */
  remixes: z.number().int(),
  people: z.number().int(),
  /** Up to IDEA_NAMES_SHOWN of them, as anyone may see them. */
  names: z.array(z.string()),
});
export type RemixIdea = z.infer<typeof remixIdeaSchema>;
export const remixIdeasSchema = z.object({ ideas: z.array(remixIdeaSchema) });

export const remixIdeaInputSchema = z.object({
  idea: z
    .string()
    .trim()
    .min(1)
    .max(MAX_ITEM_LENGTH * 2),
});

export const remixIdeaMessages = {
  heading: 'Ideas from remixes',
  description: 'Items that several people added to their public remixes of this list.',
  add: 'Add to my list',
  dismiss: 'Dismiss',
  added: 'Added to your list.',
  dismissed: 'Dismissed.',
  notFound: 'That idea is no longer offered.',
  failed: 'Failed to change the list.',
} as const;

export const remixesAddedText = (idea: Pick<RemixIdea, 'remixes'>) =>
  `${idea.remixes} ${idea.remixes === 1 ? 'remix' : 'remixes'} added this`;

/** "Added by Sam, Alex and 3 others". */
export function addedByText(names: readonly string[], people: number): string {
  const others = people - names.length;
  if (names.length === 0) return `Added by ${people} people`;
  const shown = others > 0 ? [...names, `${others} ${others === 1 ? 'other' : 'others'}`] : [...names];
  return `Added by ${shown.length === 1 ? shown[0] : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`}`;
}

/** The note of the version that adopts an idea: who it came from. */
export const adoptedVersionNote = (names: readonly string[], people: number) =>
  `${addedByText(names, people).replace(/^Added by/, 'Idea from remixes by')}`;
