import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { readFontMetrics, type TextMeasure } from './font-metrics';
import {
  cutToFit,
  renderableText,
  previewSvg,
  wrapText,
  type PreviewContent,
  type PreviewEntry,
  type PreviewFonts,
} from './preview-layout';

/** A font of our own: every character half an em wide; it has glyphs for Latin and the ellipsis, nothing past U+2100. */
const halfEm: TextMeasure = {
  width: (text, fontSize) => [...text].length * fontSize * 0.5,
  hasGlyph: (codePoint) => codePoint < 0x2100,
};
const fonts: PreviewFonts = { regular: halfEm, semibold: halfEm, bold: halfEm };
// At 10 px a character is 5 px: a line of 50 px holds 10 characters.
const fit = { font: halfEm, fontSize: 10, maxWidth: 50 };

describe('wrapping and cutting text', () => {
  it('wraps at spaces, each line within the width', () => {
    expect(wrapText('one two three four', { ...fit, maxLines: 3 })).toEqual(['one two', 'three four']);
  });

  it('cuts what does not fit in the last line with an ellipsis that fits too', () => {
    const lines = wrapText('one two three four five six', { ...fit, maxLines: 2 });
    expect(lines).toEqual(['one two', 'three fou…']);
    for (const line of lines) expect(halfEm.width(line, 10)).toBeLessThanOrEqual(50);
  });

  it('breaks a word longer than a line between characters, starting on the line it is on', () => {
    expect(wrapText('ab cdefghijklmnopqrstuvwxyz', { ...fit, maxLines: 3 })).toEqual([
      'ab cdefghi',
      'jklmnopqrs',
      'tuvwxyz',
    ]);
    expect(wrapText('x'.repeat(500), { ...fit, maxLines: 2 })).toEqual(['x'.repeat(10), `${'x'.repeat(9)}…`]);
  });

  it('keeps a character together with its combining marks when it breaks a word', () => {
    const lines = wrapText('e\u0301'.repeat(12), { ...fit, maxLines: 2 });
    expect(lines.every((line) => !line.startsWith('\u0301'))).toBe(true);
  });

  it('leaves text that fits alone, and cuts a single line with an ellipsis', () => {
    expect(cutToFit('short', fit)).toBe('short');
    expect(cutToFit('a rather long line', fit)).toBe('a rather…');
    expect(cutToFit('fits', fit, true)).toBe('fits…');
  });
});

describe('renderable text', () => {
  it('puts text on one line: control characters and runs of whitespace become one space', () => {
    expect(renderableText('  a\tb\n\nc\u0001d\u007fe\u0085f  ', halfEm)).toBe('a b c d e f');
  });

  it('leaves out what the font cannot render (emoji, other scripts, lone surrogates) instead of boxes', () => {
    expect(renderableText('Camp 🏕️ trip 日本 \uD800end', halfEm)).toBe('Camp trip end');
    expect(renderableText('🎉🎉', halfEm)).toBe('');
  });
});

const items = (...contents: string[]): PreviewEntry[] => contents.map((text) => ({ kind: 'item', content: text }));
const heading = (text: string): PreviewEntry => ({ kind: 'heading', content: text });

const content: PreviewContent = {
  title: 'Camping <weekend> & more ]]> <![CDATA[ x',
  author: 'Ann <b>& "Co"',
  avatar: '🦊',
  itemsCount: 7,
  items: items('Tent & pegs', '<script>alert(1)</script>', "Torch's batteries", 'Stove', 'Matches'),
};

/** The texts an SVG renders, as an XML parser reads them back (entities decoded). */
function textsOf(svg: string): string[] {
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'text') found.push(...(value as unknown[]).map(String));
        else walk(value);
      }
    }
  };
  walk(new XMLParser({ isArray: (name) => name === 'text', ignoreAttributes: true }).parse(svg));
  return found;
}

describe('the preview SVG', () => {
  it('is well-formed XML of 1200×630 whatever the text, which it renders as written', () => {
    const svg = previewSvg(content, fonts);
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1200" height="630" viewBox="0 0 1200 630">/,
    );
    expect(svg).not.toContain('<b>');
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('<![CDATA[');
    const texts = textsOf(svg);
    expect(texts).toContain('Ticklist');
    expect(texts.some((text) => text.startsWith('Camping <weekend> & more ]]>'))).toBe(true);
    expect(texts.some((text) => text.startsWith('by Ann <b>& "Co"'))).toBe(true);
    expect(texts).toContain('· 7 items');
    expect(texts).toContain('<script>alert(1)</script>');
  });

  it('shows as many items as fit and says how many more there are', () => {
    const texts = textsOf(previewSvg({ ...content, title: 'Short' }, fonts));
    // One title line leaves four rows: three items and the rest counted.
    expect(texts).toEqual(expect.arrayContaining(['Tent & pegs', "Torch's batteries", '+ 4 more items']));
    expect(texts).not.toContain('Stove');
    const all = textsOf(previewSvg({ ...content, title: 'Short', itemsCount: 2, items: items('One', 'Two') }, fonts));
    expect(all.filter((text) => text.startsWith('+'))).toEqual([]);
    expect(textsOf(previewSvg({ ...content, itemsCount: 1, items: items('Only') }, fonts))).toContain('· 1 item');
  });

  it('shows a heading on a line of its own, without a box, and counts only the items', () => {
    const sections = { ...content, title: 'Short', itemsCount: 2, items: [heading('Tent'), ...items('Pegs', 'Poles')] };
    const svg = previewSvg(sections, fonts);
    expect(textsOf(svg)).toEqual(expect.arrayContaining(['· 2 items', 'Tent', 'Pegs', 'Poles']));
    expect(svg.match(/<rect x="\d+" y="\d+" width="28"/g)).toHaveLength(2);
    expect(svg).toContain('font-weight="700" fill="#0f172a">Tent</text>');
    expect(textsOf(svg).filter((text) => text.startsWith('+'))).toEqual([]);

    // Four rows: a heading, two items, and the row that counts the items left out.
    const many = { ...sections, itemsCount: 6, items: [heading('Tent'), ...items('Pegs', 'Poles', 'Fly')] };
    expect(textsOf(previewSvg(many, fonts))).toEqual(expect.arrayContaining(['Tent', 'Pegs', '+ 4 more items']));
    // A heading whose items would not be shown is left out with them.
    const late = { ...sections, itemsCount: 5, items: [...items('Pegs', 'Poles'), heading('Food'), ...items('Stove')] };
    const lateTexts = textsOf(previewSvg(late, fonts));
    expect(lateTexts).not.toContain('Food');
    expect(lateTexts).toContain('+ 3 more items');
  });

  it('keeps a long title to two lines, and stands in for one it cannot render', () => {
    const long = textsOf(previewSvg({ ...content, title: 'word '.repeat(200) }, fonts));
    expect(long.filter((text) => text.startsWith('word'))).toHaveLength(2);
    expect(long.find((text) => text.endsWith('…'))).toBeDefined();
    expect(textsOf(previewSvg({ ...content, title: '🎉🎉' }, fonts))).toContain('A checklist');
  });

  it('renders the avatar emoji of the app, or the initial of a name without one', () => {
    expect(previewSvg(content, fonts)).toContain('<svg x=');
    const initial = previewSvg({ ...content, avatar: 'not an avatar', author: 'zoë' }, fonts);
    expect(initial).not.toContain('<svg x=');
    expect(textsOf(initial)).toContain('Z');
  });
});

describe('the font metrics', () => {
  const require = createRequire(import.meta.url);
  const inter = readFontMetrics(
    readFileSync(require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf')),
  );

  it('reads Inter’s advance widths and which characters it has', () => {
    expect(inter.width('iiii', 100)).toBeLessThan(inter.width('MMMM', 100));
    expect(inter.width('Hello', 20) * 2).toBeCloseTo(inter.width('Hello', 40));
    expect(inter.hasGlyph('é'.codePointAt(0)!)).toBe(true);
    expect(inter.hasGlyph('Ж'.codePointAt(0)!)).toBe(true);
    expect(inter.hasGlyph('…'.codePointAt(0)!)).toBe(true);
    expect(inter.hasGlyph('🏕'.codePointAt(0)!)).toBe(false);
    expect(inter.hasGlyph('日'.codePointAt(0)!)).toBe(false);
  });
});
