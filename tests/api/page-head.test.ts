import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESCRIPTION_MAX_LENGTH, HEAD_LOOKUP_MS } from '../../src/server/public-face/page-head';
import { createUser, makeChecklist } from '../../src/server/seed/factories';
import { createTestDatabase } from '../setup/test-database';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../setup/test-app';

// The HTML of a public page carries its own title, description, canonical address,
// OpenGraph and Twitter card tags (and its feed), so a shared link previews without JavaScript.
// A private list's page is exactly a missing one's.

let t: TestApp;
const ids: Record<string, string> = {};

/** A folder holding the client's own index.html (the build keeps its head and adds the scripts). */
function clientFolder(): string {
  const clientDir = mkdtempSync(path.join(os.tmpdir(), 'ticklist-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), readFileSync('index.html', 'utf8'));
  return clientDir;
}

beforeAll(async () => {
  t = await createTestApp({ clientDir: clientFolder() });
  const author = await createUser(t.db, { username: 'head_author', profileName: 'Ann <b>& "Co"' });
  const shy = await createUser(t.db, { username: 'head_shy', profileName: 'Shy', isPublic: false });
  ids.camping = (
    await makeChecklist(t.db, author.id, {
      title: 'Camping <weekend>',
      description: 'Everything for two nights under canvas.',
      items: ['Tent', 'Stove', 'Torch'],
      tags: ['Camping & hiking'],
    })
  ).id;
  ids.long = (await makeChecklist(t.db, author.id, { title: 'Long one', description: 'word '.repeat(100) })).id;
  ids.secret = (
    await makeChecklist(t.db, author.id, { title: 'Secret plan', isPublic: false, tags: ['secret-tag'] })
  ).id;
  ids.shyList = (await makeChecklist(t.db, shy.id, { title: 'Shy but public' })).id;
  ids.unlisted = (await makeChecklist(t.db, author.id, { title: 'For friends', visibility: 'unlisted' })).id;
});

async function page(pathAndQuery: string) {
  const response = await t.app.request(`${TEST_BASE_URL}${pathAndQuery}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  return response.text();
}

/** The value of a meta tag (by name or property), the title and the canonical address of a page. */
function head(html: string) {
  const meta = (key: string) =>
    new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1] ?? null;
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null,
    titles: html.match(/<title>/g)?.length ?? 0,
    descriptions: html.match(/<meta name="description"/g)?.length ?? 0,
    description: meta('description'),
    ogTitle: meta('og:title'),
    ogDescription: meta('og:description'),
    ogType: meta('og:type'),
    ogUrl: meta('og:url'),
    twitterCard: meta('twitter:card'),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null,
    feeds: [...html.matchAll(/<link rel="alternate" type="application\/atom\+xml" title="[^"]*" href="([^"]*)"/g)].map(
      (match) => match[1],
    ),
  };
}

describe('the head of a public page', () => {
  it('a public list: its title, its description with the item count and author, its address, escaped', async () => {
    const seen = head(await page(`/checklist/${ids.camping}`));
    expect(seen).toMatchObject({
      title: 'Camping &lt;weekend&gt; · Ticklist',
      titles: 1,
      descriptions: 1,
      description: 'Everything for two nights under canvas. · 3 items by Ann &lt;b&gt;&amp; &quot;Co&quot;.',
      ogTitle: 'Camping &lt;weekend&gt; · Ticklist',
      ogType: 'article',
      ogUrl: `${TEST_BASE_URL}/checklist/${ids.camping}`,
      canonical: `${TEST_BASE_URL}/checklist/${ids.camping}`,
      // Its share preview (decision 026; tests/api/share-preview.test.ts) makes the card a large one.
      twitterCard: 'summary_large_image',
    });
    expect(seen.ogDescription).toBe(seen.description);
  });

  it('an unlisted list previews for those who have its address, and asks search engines not to index it', async () => {
    const html = await page(`/checklist/${ids.unlisted}`);
    expect(head(html).title).toBe('For friends · Ticklist');
    expect(html).toContain('<meta name="robots" content="noindex" data-page-head />');
    expect(await page(`/checklist/${ids.camping}`)).not.toContain('noindex');
  });

  it('a long description is cut to its limit', async () => {
    const { description } = head(await page(`/checklist/${ids.long}`));
    expect(description!.length).toBeLessThanOrEqual(DESCRIPTION_MAX_LENGTH);
    expect(description!.endsWith('…')).toBe(true);
  });

  it('a public list of a private profile is still a public list', async () => {
    expect(head(await page(`/checklist/${ids.shyList}`)).title).toBe('Shy but public · Ticklist');
  });

  it('a private list’s page is exactly a missing one’s, and both have the site’s head', async () => {
    const secret = await page(`/checklist/${ids.secret}`);
    const missing = await page('/checklist/00000000-0000-4000-8000-000000000000');
    const malformed = await page('/checklist/not-an-id');
    expect(secret).toBe(missing);
    expect(malformed).toBe(missing);
    expect(head(missing)).toMatchObject({ title: 'Ticklist', canonical: null, ogType: 'website' });
  });

  it('a public profile: the name and username, its address and its feed', async () => {
    const seen = head(await page('/user/HEAD_AUTHOR'));
    expect(seen).toMatchObject({
      title: 'Ann &lt;b&gt;&amp; &quot;Co&quot; (@head_author) · Ticklist',
      ogType: 'profile',
      canonical: `${TEST_BASE_URL}/user/head_author`,
    });
    expect(seen.feeds).toContain('/feeds/user/head_author.atom');
  });

  it('a private profile’s page is exactly a missing one’s', async () => {
    expect(await page('/user/head_shy')).toBe(await page('/user/head_nobody'));
    expect(head(await page('/user/head_shy')).title).toBe('Ticklist');
  });

  it('Browse, with and without a tag; the landing page; any other page has the site’s head', async () => {
    expect(head(await page('/browse?q=tent'))).toMatchObject({
      title: 'Browse checklists · Ticklist',
      canonical: `${TEST_BASE_URL}/browse`,
    });
    const tagged = head(await page('/browse?tag=camping%20%26%20HIKING'));
    expect(tagged.title).toBe('Checklists tagged camping &amp; HIKING · Ticklist');
    expect(tagged.canonical).toBe(`${TEST_BASE_URL}/browse?tag=camping%20%26%20HIKING`);
    expect(tagged.feeds).toContain('/feeds/tag/camping%20%26%20HIKING.atom');
    // A tag no public list carries (only a private one here) is plain Browse: no page of its own.
    const unused = head(await page('/browse?tag=Call%200800-SCAM'));
    expect(unused).toMatchObject({ title: 'Browse checklists · Ticklist', canonical: `${TEST_BASE_URL}/browse` });
    expect(head(await page('/browse?tag=secret-tag')).title).toBe('Browse checklists · Ticklist');
    expect(head(await page('/')).canonical).toBe(`${TEST_BASE_URL}/`);
    expect(head(await page('/dashboard'))).toMatchObject({ title: 'Ticklist', canonical: null, titles: 1 });
  });
});

describe('when the database is slow or away', () => {
  /** A page's response and how long it took, in milliseconds. */
  async function timedPage(app: TestApp, pathAndQuery: string) {
    const started = performance.now();
    const response = await app.app.request(`${TEST_BASE_URL}${pathAndQuery}`);
    const html = await response.text();
    return { status: response.status, html, ms: performance.now() - started };
  }

  it('a page whose head the database is slow to give is served with the site’s head after at most a second', async () => {
    // Another session holds the lists' table: the head's query waits for it.
    const blocker = await t.db.$client.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table checklists in access exclusive mode');
      const { status, html, ms } = await timedPage(t, `/checklist/${ids.camping}`);
      expect(status).toBe(200);
      expect(head(html)).toMatchObject({ title: 'Ticklist', canonical: null, ogType: 'website', titles: 1 });
      expect(ms).toBeGreaterThanOrEqual(HEAD_LOOKUP_MS - 50);
      expect(ms).toBeLessThan(HEAD_LOOKUP_MS + 1500);
    } finally {
      await blocker.query('rollback');
      blocker.release();
    }
    // Once the table is free again, the page has its own head.
    expect(head(await page(`/checklist/${ids.camping}`)).title).toBe('Camping &lt;weekend&gt; · Ticklist');
  });

  describe('away', () => {
    // A database of its own that stops taking connections, as one that is down or restarting.
    let away: TestApp;
    let listId: string;
    let databaseName: string;
    const admin = () => new pg.Client({ connectionString: inject('adminDatabaseUrl') });

    async function asAdmin(statement: string) {
      const client = admin();
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    }

    beforeAll(async () => {
      const { db, url } = await createTestDatabase();
      databaseName = new URL(url).pathname.slice(1);
      away = await createTestApp({ db, clientDir: clientFolder() });
      const owner = await createUser(db, { username: 'away_author' });
      listId = (await makeChecklist(db, owner.id, { title: 'Seen while up' })).id;
    });

    afterAll(() => asAdmin(`alter database ${databaseName} with allow_connections true`));

    it('a page whose head cannot be read at all is served at once with the site’s head', async () => {
      expect(head((await timedPage(away, `/checklist/${listId}`)).html).title).toBe('Seen while up · Ticklist');
      await asAdmin(`alter database ${databaseName} with allow_connections false`);
      await asAdmin(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${databaseName}' and pid <> pg_backend_pid()`,
      );
      for (const address of [`/checklist/${listId}`, '/user/away_author', '/browse?tag=anything']) {
        const { status, html, ms } = await timedPage(away, address);
        expect(status).toBe(200);
        expect(head(html)).toMatchObject({ title: 'Ticklist', canonical: null, titles: 1 });
        expect(ms).toBeLessThan(HEAD_LOOKUP_MS);
      }
    });
  });
});
