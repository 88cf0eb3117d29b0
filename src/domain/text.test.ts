import { describe, expect, it } from 'vitest';
import { isAllowedText, normalizeLineEnds, plainText, textMessages } from './text';

const bidi = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
const controls = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009f',
];

describe('the stored-text rule', () => {
  it('accepts ordinary text of any script, emoji and marks that do not reorder it', () => {
    for (const value of ['Camping kit', 'Déménagement', 'שלום עולם', 'مرحبا', '東京 🏕️', 'a\u200db', 'x\u200fy']) {
      expect(isAllowedText(value, 'single-line'), value).toBe(true);
      expect(isAllowedText(value, 'multi-line'), value).toBe(true);
    }
  });

  it('refuses bidirectional embeddings, overrides and isolates in every field', () => {
    for (const char of bidi) {
      expect(isAllowedText(`invoice${char}fdp.exe`, 'single-line')).toBe(false);
      expect(isAllowedText(`invoice${char}fdp.exe`, 'multi-line')).toBe(false);
    }
  });

  it('refuses C0 and C1 controls and DEL in every field', () => {
    for (const char of controls) {
      expect(isAllowedText(`a${char}b`, 'single-line')).toBe(false);
      expect(isAllowedText(`a${char}b`, 'multi-line')).toBe(false);
    }
  });

  it('lets newline and tab into multi-line fields only', () => {
    for (const char of ['\n', '\t', '\r']) expect(isAllowedText(`a${char}b`, 'single-line')).toBe(false);
    expect(isAllowedText('first line\n\tsecond line', 'multi-line')).toBe(true);
  });
});

describe('plainText, the start of every field schema', () => {
  it('trims, and refuses with the message of its kind', () => {
    expect(plainText('single-line').parse('  Tent  ')).toBe('Tent');
    expect(plainText('single-line').safeParse('a\nb').error?.issues[0]?.message).toBe(textMessages['single-line']);
    expect(plainText('multi-line').safeParse('a\u202eb').error?.issues[0]?.message).toBe(textMessages['multi-line']);
  });

  it('keeps a multi-line text’s lines, with Windows line ends made \\n', () => {
    expect(plainText('multi-line').parse('one\r\ntwo\rthree\n')).toBe('one\ntwo\nthree');
    expect(normalizeLineEnds('a\r\nb')).toBe('a\nb');
  });

  it('names forbidden characters in words a person understands', () => {
    expect(textMessages['single-line']).toBe(
      'Text cannot contain line breaks, control characters or text-direction overrides.',
    );
    expect(textMessages['multi-line']).toBe('Text cannot contain control characters or text-direction overrides.');
  });
});
