// An item's note is plain text written by its author and read by anyone who opens the list. Nothing
// in it is interpreted (no HTML, no Markdown) except web addresses: an `http://` or `https://`
// address becomes a link, so a reader can open the page the author points to. No other scheme is
// ever a link (a `javascript:` or `data:` address stays text), and the links a reader did not
// write carry rel="nofollow ugc noopener".

export const noteMessages = {
  show: 'Show note',
  hide: 'Hide note',
} as const;

/** The rel of every link in a note: user content that we neither vouch for nor hand our window to. */
export const NOTE_LINK_REL = 'nofollow ugc noopener';

/** How many lines a note shows before it is collapsed behind "Show note". */
export const NOTE_VISIBLE_LINES = 2;

export type NotePart = { type: 'text'; text: string } | { type: 'link'; text: string; href: string };

// A candidate starts at a scheme that is not the end of a longer word ("xhttp://") and runs to
// whitespace or a character that cannot be part of an address written in text.
const ADDRESS_CANDIDATE = /\bhttps?:\/\/[^\s<>"]+/gi;
// Punctuation that closes the sentence around an address rather than the address itself.
const TRAILING_PUNCTUATION = new Set(['.', ',', ':', ';', '!', '?', "'", '*']);
const CLOSING_BRACKETS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/**
 * Drops what follows an address in a sentence: a full stop, a comma, a quote, and a closing bracket
 * the address did not open ("(see https://a.example/x)" ends before ")", while
 * "https://en.wikipedia.org/wiki/Set_(mathematics)" keeps its own).
 */
function withoutTrailingPunctuation(candidate: string): string {
  let end = candidate.length;
  while (end > 0) {
    const last = candidate[end - 1]!;
    const opener = CLOSING_BRACKETS[last];
    if (TRAILING_PUNCTUATION.has(last)) {
      end -= 1;
    } else if (opener) {
      const body = candidate.slice(0, end);
      const opened = body.split(opener).length - 1;
      const closed = body.split(last).length - 1;
      if (closed <= opened) break;
      end -= 1;
    } else {
      break;
    }
  }
  return candidate.slice(0, end);
}

/** Whether `text` is an address a note may link to: http or https, with a host. */
function isLinkable(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * A note as text and links, in order: its `http://` and `https://` addresses become links (without
 * the punctuation that ends the sentence around them), and everything else, line breaks included,
 * stays text exactly as written.
 */
export function noteParts(note: string): NotePart[] {
  const parts: NotePart[] = [];
  const pushText = (text: string) => {
    if (!text) return;
    const previous = parts.at(-1);
    if (previous?.type === 'text') previous.text += text;
    else parts.push({ type: 'text', text });
  };
  let from = 0;
  for (const match of note.matchAll(ADDRESS_CANDIDATE)) {
    const address = withoutTrailingPunctuation(match[0]);
    if (!isLinkable(address)) continue;
    pushText(note.slice(from, match.index));
    parts.push({ type: 'link', text: address, href: address });
    from = match.index + address.length;
  }
  pushText(note.slice(from));
  return parts;
}

/** How many lines a note is written in (a wrapped line counts once). */
export function noteLineCount(note: string): number {
  return note === '' ? 0 : note.split(/\r\n|\r|\n/).length;
}

/**
 * A note written in more lines than a collapsed note shows starts collapsed behind "Show note". (A
 * note that only wraps past them is found on screen, where its width is known.)
 */
export const isLongNote = (note: string) => noteLineCount(note) > NOTE_VISIBLE_LINES;
