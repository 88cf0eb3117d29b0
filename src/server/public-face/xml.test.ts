import { describe, expect, it } from 'vitest';
import { atomXml, sitemapIndexXml, sitemapXml, xmlText } from './xml';

describe('xmlText', () => {
  it('escapes markup in text and attribute values', () => {
    expect(xmlText(`Tom & Jerry's <"best"> list`)).toBe('Tom &amp; Jerry&apos;s &lt;&quot;best&quot;&gt; list');
  });

  it('drops characters XML 1.0 forbids and keeps tab, newlines and astral characters', () => {
    expect(xmlText('a\u0000b\u0007c\u001Fd\uFFFEe\uD800f')).toBe('abcdef');
    expect(xmlText('tab\there\nnew\r🎒')).toBe('tab\there\nnew\r🎒');
  });
});

describe('the sitemaps', () => {
  const when = new Date('2026-05-01T10:00:00.000Z');

  it('lists each address with its lastmod', () => {
    expect(sitemapXml([{ loc: 'https://t.example/checklist/1?a=1&b=2', lastmod: when }])).toContain(
      '<url><loc>https://t.example/checklist/1?a=1&amp;b=2</loc><lastmod>2026-05-01T10:00:00.000Z</lastmod></url>',
    );
  });

  it('indexes sitemaps', () => {
    expect(sitemapIndexXml([{ loc: 'https://t.example/sitemaps/lists-1.xml', lastmod: when }])).toMatch(
      /<sitemapindex [^>]+>\n {2}<sitemap><loc>https:\/\/t\.example\/sitemaps\/lists-1\.xml<\/loc>/,
    );
  });
});

describe('atomXml', () => {
  const entry = (updated: string) => ({
    id: 'https://t.example/checklist/1',
    title: 'A <b>',
    link: 'https://t.example/checklist/1',
    published: new Date('2026-01-01T00:00:00Z'),
    updated: new Date(updated),
    author: 'Ann',
    summary: 'x',
    categories: ['camping'],
  });
  const feed = { selfUrl: 'https://t.example/feeds/newest.atom', pageUrl: 'https://t.example/browse', title: 'T' };

  it('is updated when its newest entry was', () => {
    const xml = atomXml({
      ...feed,
      entries: [entry('2026-02-01T00:00:00Z'), entry('2026-03-01T00:00:00Z')],
      emptyUpdated: new Date(0),
    });
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">\n  <id>https://t.example/feeds/newest.atom</id>');
    expect(xml).toContain('  <updated>2026-03-01T00:00:00.000Z</updated>\n  <link rel="self"');
    expect(xml).toContain('<title type="text">A &lt;b&gt;</title>');
  });

  it('gives an empty feed the time it is given', () => {
    expect(atomXml({ ...feed, entries: [], emptyUpdated: new Date('2026-04-04T00:00:00Z') })).toContain(
      '<updated>2026-04-04T00:00:00.000Z</updated>',
    );
  });
});
