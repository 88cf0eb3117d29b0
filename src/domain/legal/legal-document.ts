// The shape of the site's legal pages (the Terms of Service and the Privacy Policy): their words
// live in terms.ts and privacy.ts, the app renders them and the server writes their head.

/** A run of words: plain, linking to one of the app's own pages (`to`, from `paths`), or a name as typed (`code`). */
export type Phrase = string | { text: string; to: string } | { code: string };

/** A paragraph or a list item: one string, or phrases when part of it is a link. */
export type Passage = string | Phrase[];

/** A section's content, in order: paragraphs, and bulleted lists (`{ items }`). */
export type Block = Passage | { items: Passage[] };

export type LegalSection = {
  /** The section's anchor (`/privacy#cookies`): lower-case words joined by hyphens. */
  id: string;
  heading: string;
  blocks: Block[];
};

export type LegalDocument = {
  /** The page's address. */
  path: string;
  /** The page's heading, and with the site's name its title. */
  title: string;
  /** The page's meta description. */
  description: string;
  /** When its words last changed, as an ISO date (yyyy-mm-dd); shown as "Last updated". */
  lastUpdated: string;
  intro: Passage;
  sections: LegalSection[];
};

/** Whether a block is a bulleted list rather than a paragraph. */
export function isItemList(block: Block): block is { items: Passage[] } {
  return typeof block === 'object' && !Array.isArray(block);
}

/** A passage as phrases, so a renderer handles one shape. */
export function phrasesOf(passage: Passage): Phrase[] {
  return typeof passage === 'string' ? [passage] : passage;
}

const lastUpdatedFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** "28 November 2026": the same words on the server and in every browser, whatever its language. */
export function formatLastUpdated(isoDate: string): string {
  return lastUpdatedFormat.format(new Date(`${isoDate}T00:00:00Z`));
}
