import { DEFAULT_AUTHOR_NAME } from '@/domain/checklists/checklist-view';
import { countItems, type EntryKind } from '@/domain/checklists/entries';
import { xmlText } from '../xml';
import type { TextMeasure } from './font-metrics';
import { TWEMOJI_AVATARS } from './twemoji-avatars';

// The share preview of a list as an SVG (decision 026): 1200×630, the Ticklist mark,
// the title, the author's avatar and name, the item count and the first entries (an item beside an
// empty box, a heading in bold on a line of its own, never counted as an item). Pure: the fonts'
// metrics come in, so where a line wraps or is cut is decided here, not by the renderer, and every
// text is escaped here.

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
/** How many entries (items and headings) the preview can show at most (the query reads no more). */
export const PREVIEW_ITEMS = 5;
/**
 * Part of every preview's version: raise it whenever this layout changes, so every list gets a
 * new image address and no cache holds the old picture under an address marked immutable.
 */
export const PREVIEW_LAYOUT_VERSION = 2;

/** What a list's preview renders; everything in it is part of the image's version. */
export type PreviewContent = {
  title: string;
  /**
   * The author's name as a list shows a visitor (presenters.ts: "Anonymous" without a profile name
   * a visitor may see, as a private profile's).
   */
  author: string;
  /** The author's avatar emoji, or the default avatar. */
  avatar: string;
  /** How many items the list has (headings are not items). */
  itemsCount: number;
  /** The first entries, in order (at most PREVIEW_ITEMS). */
  items: PreviewEntry[];
};

export type PreviewEntry = { kind: EntryKind; content: string };

export type PreviewFonts = { regular: TextMeasure; semibold: TextMeasure; bold: TextMeasure };

const colour = {
  brand: '#4f46e5',
  ink: '#0f172a',
  text: '#334155',
  muted: '#64748b',
  tile: '#f1f5f9',
  line: '#e2e8f0',
  box: '#cbd5e1',
};

const MARGIN = 72;
const CONTENT_WIDTH = PREVIEW_WIDTH - 2 * MARGIN;
/** No text longer than this is measured: more could never be rendered, and it bounds the work. */
const MAX_TEXT_LENGTH = 500;
const ELLIPSIS = '…';

/* eslint-disable-next-line no-control-regex -- control characters are what is replaced */
const WHITESPACE_AND_CONTROLS = /[\s\u0000-\u001f\u007f-\u009f]+/g;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const splitGraphemes = (text: string) => Array.from(graphemes.segment(text), (part) => part.segment);

/**
 * `text` as the preview can render it: on one line (whitespace and control characters become
 * spaces), without the characters the font has no glyph for (emoji, scripts Inter does not cover),
 * which would otherwise be rendered as "no glyph" boxes.
 */
export function renderableText(text: string, font: TextMeasure): string {
  let renderable = '';
  const flat = text.slice(0, MAX_TEXT_LENGTH).normalize('NFC').replace(WHITESPACE_AND_CONTROLS, ' ');
  for (const char of flat) renderable += char === ' ' || font.hasGlyph(char.codePointAt(0)!) ? char : ' ';
  return renderable.replace(/ {2,}/g, ' ').trim();
}

type Fit = { font: TextMeasure; fontSize: number; maxWidth: number };

/** `text` cut to `maxWidth` with an ellipsis; `isCut` forces the ellipsis (more text followed). */
export function cutToFit(text: string, { font, fontSize, maxWidth }: Fit, isCut = false): string {
  if (!isCut && font.width(text, fontSize) <= maxWidth) return text;
  const parts = splitGraphemes(text);
  while (parts.length > 0 && font.width(`${parts.join('').trimEnd()}${ELLIPSIS}`, fontSize) > maxWidth) parts.pop();
  return `${parts.join('').trimEnd()}${ELLIPSIS}`;
}

/**
 * `text` wrapped at spaces into at most `maxLines` lines of `maxWidth`; a word wider than a line is
 * broken between characters, and text past the last line is cut with an ellipsis.
 */
export function wrapText(text: string, fit: Fit & { maxLines: number }): string[] {
  const { font, fontSize, maxWidth, maxLines } = fit;
  const fits = (line: string) => font.width(line, fontSize) <= maxWidth;
  const lines: string[] = [];
  let current = '';
  const words = text.split(' ').filter(Boolean);
  for (let index = 0; index < words.length && lines.length <= maxLines; index += 1) {
    const word = words[index]!;
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
    } else if (fits(word)) {
      lines.push(current);
      current = word;
    } else {
      // Wider than a line: broken between characters, starting on the current line.
      let line = current ? `${current} ` : '';
      let rest = splitGraphemes(word);
      current = '';
      while (rest.length > 0 && lines.length <= maxLines) {
        let take = 0;
        while (take < rest.length && fits(line + rest.slice(0, take + 1).join(''))) take += 1;
        if (take === rest.length) {
          current = line + rest.join('');
          break;
        }
        // One character wider than the line still takes a line of its own.
        if (take === 0 && !line) take = 1;
        lines.push((line + rest.slice(0, take).join('')).trimEnd());
        line = '';
        rest = rest.slice(take);
      }
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const shown = lines.slice(0, maxLines);
  shown[maxLines - 1] = cutToFit(shown[maxLines - 1]!, fit, true);
  return shown;
}

const text = (x: number, y: number, size: number, weight: number, fill: string, content: string) =>
  `<text x="${x}" y="${y}" font-family="Inter" font-size="${size}" font-weight="${weight}" fill="${fill}">${xmlText(content)}</text>`;

/** The Ticklist mark as the header shows it (public/favicon.svg: a white tick on an indigo tile). */
function mark(x: number, y: number, size: number): string {
  return [
    `<g transform="translate(${x} ${y}) scale(${size / 32})">`,
    `<rect width="32" height="32" rx="8" fill="${colour.brand}"/>`,
    `<path d="M9 16.5l4.5 4.5L23 11" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/>`,
    '</g>',
  ].join('');
}

/** The avatar tile of the app (components/ui/avatar.tsx): the emoji on a round slate tile, else the name's initial. */
function avatar(x: number, y: number, size: number, content: PreviewContent, author: string): string {
  const radius = size / 2;
  const tile = `<circle cx="${x + radius}" cy="${y + radius}" r="${radius - 1}" fill="${colour.tile}" stroke="${colour.line}" stroke-width="2"/>`;
  const artwork = TWEMOJI_AVATARS[content.avatar.trim()];
  if (artwork) {
    const inner = size * 0.62;
    const offset = (size - inner) / 2;
    return `${tile}<svg x="${x + offset}" y="${y + offset}" width="${inner}" height="${inner}" viewBox="0 0 36 36">${artwork}</svg>`;
  }
  const initial = (splitGraphemes(author)[0] ?? '?').toUpperCase();
  return `${tile}<text x="${x + radius}" y="${y + radius + size * 0.17}" text-anchor="middle" font-family="Inter" font-size="${size * 0.46}" font-weight="600" fill="${colour.muted}">${xmlText(initial)}</text>`;
}

const plural = (count: number, one: string) => `${count.toLocaleString('en')} ${one}${count === 1 ? '' : 's'}`;

/**
 * The first entries that fit in `rows`, keeping the last row for "+ N more items" when items are
 * left out, and never ending on a heading whose items are not shown.
 */
function entriesShown(entries: PreviewEntry[], rows: number, itemsCount: number): PreviewEntry[] {
  let shown = entries.slice(0, rows);
  if (itemsCount > countItems(shown)) shown = shown.slice(0, Math.max(0, rows - 1));
  while (shown.at(-1)?.kind === 'heading') shown = shown.slice(0, -1);
  return shown;
}

/** The preview of a list, as an SVG document of PREVIEW_WIDTH × PREVIEW_HEIGHT. */
export function previewSvg(content: PreviewContent, fonts: PreviewFonts): string {
  const parts: string[] = [
    `<rect width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" fill="#ffffff"/>`,
    `<rect y="${PREVIEW_HEIGHT - 16}" width="${PREVIEW_WIDTH}" height="16" fill="${colour.brand}"/>`,
    mark(MARGIN, 52, 56),
    text(MARGIN + 72, 92, 34, 700, colour.ink, 'Ticklist'),
  ];

  const title = renderableText(content.title, fonts.bold) || 'A checklist';
  const titleLines = wrapText(title, { font: fonts.bold, fontSize: 64, maxWidth: CONTENT_WIDTH, maxLines: 2 });
  let y = 216;
  for (const line of titleLines) {
    parts.push(text(MARGIN, y, 64, 700, colour.ink, line));
    y += 76;
  }

  // The author row: avatar, "by {name}", then the count in a quieter colour.
  const rowTop = y - 76 + 40;
  // A name with nothing the fonts can render is rendered as a missing one would be.
  const author = renderableText(content.author, fonts.semibold) || DEFAULT_AUTHOR_NAME;
  // SVG drops a text's leading space, so the gap before the count is a position, not a character.
  const count = `· ${plural(content.itemsCount, 'item')}`;
  const gap = fonts.regular.width(' ', 28);
  const countWidth = gap + fonts.regular.width(count, 28);
  const byline = cutToFit(`by ${author}`, {
    font: fonts.semibold,
    fontSize: 28,
    maxWidth: CONTENT_WIDTH - 72 - countWidth,
  });
  const bylineWidth = fonts.semibold.width(byline, 28);
  parts.push(
    avatar(MARGIN, rowTop, 56, content, author),
    text(MARGIN + 72, rowTop + 38, 28, 600, colour.text, byline),
    text(Math.ceil(MARGIN + 72 + bylineWidth + gap), rowTop + 38, 28, 400, colour.muted, count),
  );

  // As many entries as fit above the bar; when items are left out, the last row says how many.
  const itemsTop = rowTop + 56 + 36;
  const rowHeight = 52;
  const rows = Math.max(0, Math.floor((PREVIEW_HEIGHT - 40 - itemsTop) / rowHeight));
  const entries = content.items
    .map((entry) => ({
      kind: entry.kind,
      content: renderableText(entry.content, entry.kind === 'heading' ? fonts.bold : fonts.regular),
    }))
    .filter((entry) => entry.content);
  const shown = entriesShown(entries, rows, content.itemsCount);
  shown.forEach((entry, index) => {
    const top = itemsTop + index * rowHeight;
    if (entry.kind === 'heading') {
      const fit = { font: fonts.bold, fontSize: 30, maxWidth: CONTENT_WIDTH };
      parts.push(text(MARGIN, top + 27, 30, 700, colour.ink, cutToFit(entry.content, fit)));
      return;
    }
    const fit = { font: fonts.regular, fontSize: 30, maxWidth: CONTENT_WIDTH - 48 };
    parts.push(
      `<rect x="${MARGIN + 2}" y="${top + 2}" width="28" height="28" rx="7" fill="none" stroke="${colour.box}" stroke-width="3"/>`,
      text(MARGIN + 48, top + 27, 30, 400, colour.text, cutToFit(entry.content, fit)),
    );
  });
  const more = content.itemsCount - countItems(shown);
  if (rows > 0 && more > 0) {
    parts.push(
      text(
        MARGIN + 48,
        itemsTop + shown.length * rowHeight + 27,
        30,
        400,
        colour.muted,
        `+ ${plural(more, 'more item')}`,
      ),
    );
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}">${parts.join('')}</svg>`;
}
