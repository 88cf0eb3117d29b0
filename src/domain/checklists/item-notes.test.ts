import { describe, expect, it } from 'vitest';
import { isLongNote, noteLineCount, noteParts } from './item-notes';

const link = (href: string) => ({ type: 'link', text: href, href });
const text = (value: string) => ({ type: 'text', text: value });

describe('noteParts: a note as text and links', () => {
  it('keeps a note without addresses as one text, line breaks and all', () => {
    expect(noteParts('Bring gloves.\nAnd a spare pair.')).toEqual([text('Bring gloves.\nAnd a spare pair.')]);
    expect(noteParts('')).toEqual([]);
  });

  it('links http and https addresses, whatever their case, and keeps the text around them', () => {
    expect(noteParts('Map: https://maps.example/trail?from=a&to=b and http://old.example too')).toEqual([
      text('Map: '),
      link('https://maps.example/trail?from=a&to=b'),
      text(' and '),
      link('http://old.example'),
      text(' too'),
    ]);
    expect(noteParts('HTTPS://EXAMPLE.COM/Path')).toEqual([link('HTTPS://EXAMPLE.COM/Path')]);
  });

  it('leaves the full stop, comma or quote that ends a sentence out of the link', () => {
    expect(noteParts('See https://example.com/a.')).toEqual([text('See '), link('https://example.com/a'), text('.')]);
    expect(noteParts('https://a.example, then https://b.example!')).toEqual([
      link('https://a.example'),
      text(', then '),
      link('https://b.example'),
      text('!'),
    ]);
    expect(noteParts("'https://a.example/x?'")).toEqual([text("'"), link('https://a.example/x'), text("?'")]);
  });

  it('leaves a closing bracket the address did not open out of the link, and keeps its own', () => {
    expect(noteParts('(see https://example.com/guide).')).toEqual([
      text('(see '),
      link('https://example.com/guide'),
      text(').'),
    ]);
    expect(noteParts('https://en.wikipedia.org/wiki/Set_(mathematics)')).toEqual([
      link('https://en.wikipedia.org/wiki/Set_(mathematics)'),
    ]);
    expect(noteParts('[https://example.com/a]')).toEqual([text('['), link('https://example.com/a'), text(']')]);
    expect(noteParts('<https://example.com/a>')).toEqual([text('<'), link('https://example.com/a'), text('>')]);
  });

  it('never links another scheme: javascript:, data: and ftp: stay text', () => {
    for (const note of [
      'javascript:alert(1)',
      'javascript://example.com/%0Aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://files.example/a',
    ]) {
      expect(noteParts(note)).toEqual([text(note)]);
    }
  });

  it('links only an address that starts a word and has a host', () => {
    expect(noteParts('xhttps://example.com')).toEqual([text('xhttps://example.com')]);
    expect(noteParts('Just https:// here.')).toEqual([text('Just https:// here.')]);
  });

  it('interprets no HTML or Markdown', () => {
    expect(noteParts('<b>bold</b> [site](https://example.com)')).toEqual([
      text('<b>bold</b> [site]('),
      link('https://example.com'),
      text(')'),
    ]);
  });

  it('ends a link at a line break', () => {
    expect(noteParts('https://a.example\nnext line')).toEqual([link('https://a.example'), text('\nnext line')]);
  });
});

describe('long notes', () => {
  it('counts written lines, whatever the line end', () => {
    expect(noteLineCount('')).toBe(0);
    expect(noteLineCount('one')).toBe(1);
    expect(noteLineCount('one\r\ntwo\rthree\nfour')).toBe(4);
  });

  it('collapses a note of more than two lines', () => {
    expect(isLongNote('one\ntwo')).toBe(false);
    expect(isLongNote('one\ntwo\nthree')).toBe(true);
    expect(isLongNote('x'.repeat(900))).toBe(false);
  });
});
