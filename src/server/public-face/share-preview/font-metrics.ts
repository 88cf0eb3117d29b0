// The advance widths of a TrueType font, read from its own tables, so a share preview can wrap and
// cut its text where the renderer will actually render it, and leave out the characters the font has
// no glyph for (decision 026). Kerning is not applied: resvg's kerned line differs from the sum of
// advances by a few pixels (usually narrower), which the layout's margins absorb.

/** What the layout needs of a font: the width of a text, and whether it has a glyph for a character. */
export type TextMeasure = {
  /** The width of `text` set at `fontSize` pixels, without kerning. */
  width(text: string, fontSize: number): number;
  /** Whether the font has a glyph for this code point (glyph 0 is "no glyph"). */
  hasGlyph(codePoint: number): boolean;
};

type Tables = Record<string, { offset: number; length: number }>;

function tablesOf(font: DataView): Tables {
  const count = font.getUint16(4);
  const tables: Tables = {};
  for (let index = 0; index < count; index += 1) {
    const record = 12 + index * 16;
    const tag = String.fromCharCode(
      font.getUint8(record),
      font.getUint8(record + 1),
      font.getUint8(record + 2),
      font.getUint8(record + 3),
    );
    tables[tag] = { offset: font.getUint32(record + 8), length: font.getUint32(record + 12) };
  }
  return tables;
}

/** The code point → glyph lookup of a cmap subtable of format 4 (BMP) or 12 (all planes). */
function glyphLookup(font: DataView, subtable: number): (codePoint: number) => number {
  const format = font.getUint16(subtable);
  if (format === 12) {
    const groups = font.getUint32(subtable + 12);
    return (codePoint) => {
      let low = 0;
      let high = groups - 1;
      while (low <= high) {
        const middle = (low + high) >> 1;
        const group = subtable + 16 + middle * 12;
        const start = font.getUint32(group);
        const end = font.getUint32(group + 4);
        if (codePoint < start) high = middle - 1;
        else if (codePoint > end) low = middle + 1;
        else return font.getUint32(group + 8) + (codePoint - start);
      }
      return 0;
    };
  }
  if (format === 4) {
    const segments = font.getUint16(subtable + 6) / 2;
    const ends = subtable + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const rangeOffsets = deltas + segments * 2;
    return (codePoint) => {
      if (codePoint > 0xffff) return 0;
      for (let segment = 0; segment < segments; segment += 1) {
        if (codePoint > font.getUint16(ends + segment * 2)) continue;
        const start = font.getUint16(starts + segment * 2);
        if (codePoint < start) return 0;
        const delta = font.getInt16(deltas + segment * 2);
        const rangeOffsetAt = rangeOffsets + segment * 2;
        const rangeOffset = font.getUint16(rangeOffsetAt);
        if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
        const glyph = font.getUint16(rangeOffsetAt + rangeOffset + (codePoint - start) * 2);
        return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
      }
      return 0;
    };
  }
  throw new Error(`cmap format ${format} is not read`);
}

/** Reads the metrics of a TrueType/OpenType font file (one font, not a collection). */
export function readFontMetrics(bytes: Uint8Array): TextMeasure {
  const font = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tables = tablesOf(font);
  const { head, hhea, hmtx, cmap } = tables;
  if (!head || !hhea || !hmtx || !cmap) throw new Error('not a TrueType font with head, hhea, hmtx and cmap');
  const unitsPerEm = font.getUint16(head.offset + 18);
  const longMetrics = font.getUint16(hhea.offset + 34);

  // The best Unicode subtable: Windows full repertoire (3,10), Unicode full (0,4 or 0,6), then the BMP ones.
  const preference = ['3:10', '0:6', '0:4', '3:1', '0:3'];
  const candidates = new Map<string, number>();
  const subtableCount = font.getUint16(cmap.offset + 2);
  for (let index = 0; index < subtableCount; index += 1) {
    const record = cmap.offset + 4 + index * 8;
    const key = `${font.getUint16(record)}:${font.getUint16(record + 2)}`;
    candidates.set(key, cmap.offset + font.getUint32(record + 4));
  }
  const chosen = preference.map((key) => candidates.get(key)).find((offset) => offset !== undefined);
  if (chosen === undefined) throw new Error('the font has no Unicode cmap');
  const lookUp = glyphLookup(font, chosen);
  const glyphs = new Map<number, number>();
  const glyphOf = (codePoint: number): number => {
    let glyph = glyphs.get(codePoint);
    if (glyph === undefined) glyphs.set(codePoint, (glyph = lookUp(codePoint)));
    return glyph;
  };

  const advances = new Map<number, number>();
  const advanceOf = (codePoint: number): number => {
    let advance = advances.get(codePoint);
    if (advance === undefined) {
      const glyph = glyphOf(codePoint);
      // Glyphs past the long metrics share the last advance width (OpenType hmtx).
      advance = font.getUint16(hmtx.offset + Math.min(glyph, longMetrics - 1) * 4) / unitsPerEm;
      advances.set(codePoint, advance);
    }
    return advance;
  };

  return {
    width(text, fontSize) {
      let total = 0;
      for (const char of text) total += advanceOf(char.codePointAt(0)!);
      return total * fontSize;
    },
    hasGlyph: (codePoint) => glyphOf(codePoint) !== 0,
  };
}
