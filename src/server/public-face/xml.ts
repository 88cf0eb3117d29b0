// The XML that crawlers and feed readers get: robots.txt's sitemap, the sitemaps and the
// Atom feeds. Pure functions; every text goes through `xmlText`.

/** Characters XML 1.0 does not allow at all (C0 controls but tab and newlines, U+FFFE/U+FFFF, lone surrogates). */
/* eslint-disable no-control-regex -- matching the control characters is the point */
const FORBIDDEN_IN_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/* eslint-enable no-control-regex */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** A text or attribute value, safe inside XML: forbidden characters dropped, markup escaped. */
export function xmlText(value: string): string {
  return value.replace(FORBIDDEN_IN_XML, '').replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

export type SitemapEntry = { loc: string; lastmod: Date };

/** A sitemap (sitemaps.org 0.9) of at most 50,000 URLs. */
export function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries.map(
    (entry) => `  <url><loc>${xmlText(entry.loc)}</loc><lastmod>${entry.lastmod.toISOString()}</lastmod></url>\n`,
  );
  return `${XML_DECLARATION}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('')}</urlset>\n`;
}

/** A sitemap index pointing at the sitemaps that hold the entries. */
export function sitemapIndexXml(sitemaps: SitemapEntry[]): string {
  const items = sitemaps.map(
    (sitemap) =>
      `  <sitemap><loc>${xmlText(sitemap.loc)}</loc><lastmod>${sitemap.lastmod.toISOString()}</lastmod></sitemap>\n`,
  );
  return `${XML_DECLARATION}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('')}</sitemapindex>\n`;
}

export type AtomEntry = {
  id: string;
  title: string;
  link: string;
  published: Date;
  updated: Date;
  author: string;
  summary: string;
  categories: string[];
};

export type AtomFeed = {
  /** The feed's own address: its id and its rel="self" link. */
  selfUrl: string;
  /** The page the feed follows (rel="alternate"). */
  pageUrl: string;
  title: string;
  entries: AtomEntry[];
  /** When nothing is in the feed yet, the time to give as its `updated`. */
  emptyUpdated: Date;
};

/** An Atom 1.0 feed (RFC 4287): id, title, updated and self link, each entry with its id, link, author and summary. */
export function atomXml(feed: AtomFeed): string {
  const updated = feed.entries.reduce<Date | null>(
    (newest, entry) => (newest && newest > entry.updated ? newest : entry.updated),
    null,
  );
  const entries = feed.entries.map((entry) =>
    [
      '  <entry>',
      `    <id>${xmlText(entry.id)}</id>`,
      `    <title type="text">${xmlText(entry.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${xmlText(entry.link)}"/>`,
      `    <published>${entry.published.toISOString()}</published>`,
      `    <updated>${entry.updated.toISOString()}</updated>`,
      `    <author><name>${xmlText(entry.author)}</name></author>`,
      ...entry.categories.map((term) => `    <category term="${xmlText(term)}"/>`),
      `    <summary type="text">${xmlText(entry.summary)}</summary>`,
      '  </entry>\n',
    ].join('\n'),
  );
  return [
    `${XML_DECLARATION}<feed xmlns="http://www.w3.org/2005/Atom">`,
    `  <id>${xmlText(feed.selfUrl)}</id>`,
    `  <title type="text">${xmlText(feed.title)}</title>`,
    `  <updated>${(updated ?? feed.emptyUpdated).toISOString()}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(feed.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(feed.pageUrl)}"/>`,
    `  <generator>Ticklist</generator>`,
    `${entries.join('')}</feed>\n`,
  ].join('\n');
}
