import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderPageBody } from '../../src/client/entry-server';
import { HEAD_LOOKUP_MS } from '../../src/server/public-face/page-head';
import { eq } from 'drizzle-orm';
import { checklists } from '../../src/server/db/schema';
import { createUser, makeChecklist } from '../../src/server/seed/factories';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../setup/test-app';

// Decision 025: a visitor's HTML of a public (or unlisted) list, a public profile
// and Browse already holds the page, rendered by the app's own screens, and the responses it was rendered
// from; a private list's or profile's page is exactly a missing one's; any other page is the shell.

let t: TestApp;
let clientDir = '';
const ids: Record<string, string> = {};
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'ticklist-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), readFileSync('index.html', 'utf8'));
  // A page waits at most a second for its drawing (tested last); a test file's first drawing loads
  // its screens' source through Vitest, which takes longer on a busy machine.
  t = await createTestApp({ clientDir, renderPageBody, pageWaitMs: 30_000 });
  const author = await createUser(t.db, { username: 'body_author', profileName: 'Ada Author' });
  const shy = await createUser(t.db, { username: 'body_shy', profileName: 'Shy Sam', isPublic: false });
  const sly = await createUser(t.db, {
    username: 'body_sly',
    profileName: 'Sly </script><script>alert(1)</script>',
  });
  ids.camping = (
    await makeChecklist(t.db, author.id, {
      title: 'Weekend camping',
      description: 'Everything for two nights under canvas.',
      items: ['Pitch the tent', 'Light the stove', 'Find the torch'],
      tags: ['camping', 'outdoors'],
    })
  ).id;
  ids.kitchen = (await makeChecklist(t.db, author.id, { title: 'Kitchen reset', tags: ['home'], items: ['Sink'] })).id;
  ids.unlisted = (
    await makeChecklist(t.db, author.id, { title: 'Friends only trip', visibility: 'unlisted', items: ['Snacks'] })
  ).id;
  ids.secret = (await makeChecklist(t.db, author.id, { title: 'Secret plan', isPublic: false })).id;
  ids.shyList = (await makeChecklist(t.db, shy.id, { title: 'Shy but public' })).id;
  ids.sly = (
    await makeChecklist(t.db, sly.id, {
      title: 'Break </script><script>alert(2)</script> out',
      description: 'Line\u2028separator <!-- and a comment',
      items: ['<img src=x onerror=alert(3)>'],
      tags: ['</script>'],
    })
  ).id;
});

async function page(pathAndQuery: string, headers: Record<string, string> = {}) {
  const response = await t.app.request(`${TEST_BASE_URL}${pathAndQuery}`, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  return response.text();
}

/** The rendered body (inside `<div id="root">`), its text, and the data script's JSON, if any. */
function body(html: string) {
  const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="page-state">/.exec(html)?.[1];
  const data = /<script type="application\/json" id="page-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const text = (root ?? '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
  return { isDrawn: root !== undefined, root: root ?? '', text, data: data ?? null };
}

const SHELL_ROOT = '<div id="root"></div>';

describe('a visitor’s HTML of a public page holds the page', () => {
  it('a public list: title, description, author, tags, counts and the numbered items', async () => {
    const seen = body(await page(`/checklist/${ids.camping}`));
    expect(seen.isDrawn).toBe(true);
    expect(seen.root).toMatch(/<h1[^>]*>Weekend camping<\/h1>/);
    expect(seen.text).toContain('Everything for two nights under canvas.');
    expect(seen.text).toContain('Ada Author');
    expect(seen.root).toMatch(/<ul aria-label="Tags"[\s\S]*>camping<\/a>[\s\S]*>outdoors<\/a>/);
    for (const count of ['0 uses', '0 clones', '3 items']) expect(seen.text).toContain(count);
    expect(seen.root).toContain('aria-label="Like, 0 likes"');
    expect(seen.root).toMatch(/<ol aria-label="Items"/);
    expect(seen.text).toMatch(/1\. Pitch the tent 2\. Light the stove 3\. Find the torch/);
    // The data the page was rendered from, for the app to take over without asking again.
    const state = JSON.parse(seen.data!) as [unknown[], unknown][];
    expect(state.map(([queryKey]) => queryKey)).toEqual(
      expect.arrayContaining([
        ['session'],
        ['checklists', 'detail', ids.camping],
        ['checklists', 'comments', ids.camping],
      ]),
    );
  });

  it('an unlisted list, for those who have its address', async () => {
    const seen = body(await page(`/checklist/${ids.unlisted}`));
    expect(seen.root).toMatch(/<h1[^>]*>Friends only trip<\/h1>/);
    expect(seen.text).toContain('1. Snacks');
  });

  it('a private list’s page is exactly a missing one’s: the shell, with the site’s head', async () => {
    const secret = await page(`/checklist/${ids.secret}`);
    expect(secret).toBe(await page(`/checklist/${MISSING_ID}`));
    expect(secret).toBe(await page('/checklist/not-an-id'));
    expect(secret).toContain(SHELL_ROOT);
    expect(secret).not.toContain('page-state');
    expect(secret).not.toContain('Secret plan');
  });

  it('a public profile: its name and its public lists, not its unlisted or private ones', async () => {
    const seen = body(await page('/user/body_author'));
    expect(seen.text).toContain('Ada Author');
    expect(seen.text).toContain('@body_author');
    expect(seen.text).toContain('Weekend camping');
    expect(seen.text).toContain('Kitchen reset');
    expect(seen.text).not.toContain('Friends only trip');
    expect(seen.text).not.toContain('Secret plan');
    expect(seen.data).not.toContain('Friends only trip');
    expect(seen.data).not.toContain('Secret plan');
  });

  it('a private profile’s page is exactly a missing one’s', async () => {
    const shy = await page('/user/body_shy');
    expect(shy).toBe(await page('/user/body_nobody'));
    expect(shy).toContain(SHELL_ROOT);
    expect(shy).not.toContain('Shy Sam');
  });

  it('Browse: the first page’s cards, with the address’s search, tag and order', async () => {
    const all = body(await page('/browse'));
    expect(all.root).toMatch(/<h1[^>]*>Browse Checklists<\/h1>/i);
    for (const title of ['Weekend camping', 'Kitchen reset', 'Shy but public']) expect(all.text).toContain(title);
    expect(all.text).not.toContain('Friends only trip');
    expect(all.text).not.toContain('Secret plan');

    const searched = body(await page('/browse?q=camping'));
    expect(searched.text).toContain('Weekend camping');
    expect(searched.text).not.toContain('Kitchen reset');
    expect(searched.root).toMatch(/<input[^>]*type="search"[^>]*value="camping"/);

    const tagged = body(await page('/browse?tag=home'));
    expect(tagged.text).toContain('Kitchen reset');
    expect(tagged.text).not.toContain('Weekend camping');

    const newest = body(await page('/browse'));
    expect(newest.text.indexOf('Shy but public')).toBeLessThan(newest.text.indexOf('Weekend camping'));
    // The order chosen in the address: shown in its select, and the response rendered is that order's.
    const liked = body(await page('/browse?order=most-liked'));
    expect(liked.root).toMatch(/role="combobox"[^>]*><span>Most Liked<\/span>/);
    expect(liked.data).toContain('"order":"most-liked"');
  });

  it('user text with </script> is escaped in the body and in the data', async () => {
    for (const pathAndQuery of [`/checklist/${ids.sly}`, '/user/body_sly', '/browse?q=break']) {
      const html = await page(pathAndQuery);
      const seen = body(html);
      expect(seen.isDrawn).toBe(true);
      // Only the page's own scripts: none was opened or closed by the user's text.
      expect(html.match(/<script/g)?.length).toBe(html.match(/<\/script>/g)?.length);
      expect(seen.root).not.toMatch(/<script|<img/);
      expect(seen.data).not.toMatch(/<|>|\u2028/);
      const state = JSON.stringify(JSON.parse(seen.data!));
      expect(state).toContain('</script><script>alert(');
    }
    const list = body(await page(`/checklist/${ids.sly}`));
    expect(list.text).toContain('Break </script><script>alert(2)</script> out');
    expect(list.text).toContain('<img src=x onerror=alert(3)>');
    expect(list.data).toContain('\\u2028');
  });

  it('the landing page, for a visitor: its headline, claims and calls to action', async () => {
    const drawn = body(await page('/'));
    expect(drawn.isDrawn).toBe(true);
    expect(drawn.text).toContain('50,000+');
    expect(drawn.text).toContain('Instant Discovery');
    expect(drawn.root).toMatch(/href="\/signup"/);
  });

  it('a signed-in visitor, and any other page, gets the shell', async () => {
    const signedIn = await page(`/checklist/${ids.camping}`, { cookie: 'better-auth.session_token=anything' });
    expect(signedIn).toContain(SHELL_ROOT);
    expect(signedIn).not.toContain('page-state');
    expect(await page('/', { cookie: 'better-auth.session_token=anything' })).toContain(SHELL_ROOT);
    for (const other of ['/login', '/dashboard', '/about']) {
      expect(await page(other)).toContain(SHELL_ROOT);
    }
  });
});

describe('what a slow phone line gets first', () => {
  const moduleScripts = (html: string) => html.match(/<(script type="module"|link rel="modulepreload") [^>]*>/g) ?? [];

  it('a rendered page asks for its scripts at low priority; the shell, whose scripts render it, does not', async () => {
    const drawn = moduleScripts(await page(`/checklist/${ids.camping}`));
    expect(drawn.length).toBeGreaterThan(0);
    for (const tag of drawn) expect(tag).toContain('fetchpriority="low"');
    const shell = moduleScripts(await page('/about'));
    expect(shell.length).toBeGreaterThan(0);
    for (const tag of shell) expect(tag).not.toContain('fetchpriority');
  });

  it('a page is compressed for a client that accepts it; an API response is not (BREACH)', async () => {
    const plain = await page(`/checklist/${ids.camping}`);
    const response = await t.app.request(`${TEST_BASE_URL}/checklist/${ids.camping}`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toMatch(/Accept-Encoding/);
    const compressed = Buffer.from(await response.arrayBuffer());
    expect(compressed.length).toBeLessThan(plain.length / 2);
    expect(gunzipSync(compressed).toString('utf8')).toBe(plain);

    // Refused with q=0, it is not compressed; a signed-in request's page (the shell) is, as well.
    const refused = await t.app.request(`${TEST_BASE_URL}/checklist/${ids.camping}`, {
      headers: { 'accept-encoding': 'gzip;q=0, br' },
    });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(await refused.text()).toBe(plain);
    const signedIn = await t.app.request(`${TEST_BASE_URL}/checklist/${ids.camping}`, {
      headers: { 'accept-encoding': 'gzip', cookie: 'better-auth.session_token=anything' },
    });
    expect(signedIn.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await signedIn.arrayBuffer())).toString('utf8')).toContain(SHELL_ROOT);

    const api = await t.app.request(`${TEST_BASE_URL}/api/checklists/${ids.camping}`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(api.status).toBe(200);
    expect(api.headers.get('content-encoding')).toBeNull();
  });

  it('a built file is sent as its brotli or gzip copy when accepted, with its own type', async () => {
    const assets = path.join(clientDir, 'assets');
    mkdirSync(assets, { recursive: true });
    const script = `export const words = ${JSON.stringify('tick '.repeat(2000))};`;
    writeFileSync(path.join(assets, 'words.js'), script);
    writeFileSync(path.join(assets, 'words.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(assets, 'words.js.gz'), gzipSync(script));
    const get = (acceptEncoding?: string) =>
      t.app.request(`${TEST_BASE_URL}/assets/words.js`, {
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });

    const brotli = await get('gzip, deflate, br, zstd');
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString('utf8')).toBe(script);

    const gzip = await get('gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString('utf8')).toBe(script);

    const identity = await get();
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(identity.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(await identity.text()).toBe(script);
  });

  it('the service worker is checked afresh at every visit, never kept as a built file is', async () => {
    const worker = `self.addEventListener('fetch', () => {}); // ${'tick '.repeat(400)}`;
    writeFileSync(path.join(clientDir, 'sw.js'), worker);
    writeFileSync(path.join(clientDir, 'sw.js.br'), brotliCompressSync(worker));
    const get = (acceptEncoding?: string) =>
      t.app.request(`${TEST_BASE_URL}/sw.js`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

    const brotli = await get('gzip, br');
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get('cache-control')).toBe('no-cache');
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toMatch(/Accept-Encoding/);
    const identity = await get();
    expect(identity.headers.get('cache-control')).toBe('no-cache');
    expect(identity.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await identity.text()).toBe(worker);
  });
});

describe('a visitor’s page is rendered once for every visitor who asks within ten seconds', () => {
  it('is served as rendered until its time is up; a signed-in request is never served it', async () => {
    let clock = 0;
    let drawings = 0;
    const counted: typeof renderPageBody = async (url, fetchApi) => {
      drawings += 1;
      return renderPageBody(url, fetchApi);
    };
    const kept = await createTestApp({
      clientDir,
      renderPageBody: counted,
      pageWaitMs: 30_000,
      visitorPageOptions: { ttlMs: 10_000, now: () => clock },
    });
    const author = await createUser(kept.db, { username: 'kept_author' });
    const list = await makeChecklist(kept.db, author.id, { title: 'Shared widely', items: ['Step'] });
    const visit = async (headers: Record<string, string> = {}, query = '') => {
      const response = await kept.app.request(`${TEST_BASE_URL}/checklist/${list.id}${query}`, { headers });
      expect(response.status).toBe(200);
      return body(await response.text());
    };

    const [first, second] = await Promise.all([visit(), visit()]);
    expect(first.text).toContain('Shared widely');
    expect(second).toEqual(first);
    expect(drawings).toBe(1);
    // A shared link's own query (a click id) is the same page.
    expect(await visit({}, '?fbclid=one')).toEqual(first);
    expect(drawings).toBe(1);

    // Made private: a visitor may still get the page rendered before, for the rest of its ten seconds.
    await kept.db.update(checklists).set({ isPublic: false }).where(eq(checklists.id, list.id));
    clock = 9_999;
    expect((await visit()).text).toContain('Shared widely');
    expect(drawings).toBe(1);
    // A request with a session (here one that has ended) is the app's, never the cached page.
    expect((await visit({ cookie: 'better-auth.session_token=ended' })).isDrawn).toBe(false);
    clock = 10_000;
    expect((await visit()).isDrawn).toBe(false);
    expect(drawings).toBe(2);
  });
});

describe('a page that cannot be rendered in time is the shell, never an error', () => {
  it('a drawing that never ends: the shell after the head’s wait; one that fails: the shell at once', async () => {
    const hung = await createTestApp({ db: t.db, clientDir, renderPageBody: () => new Promise(() => {}) });
    // The app's own wait, HEAD_LOOKUP_MS.
    const started = performance.now();
    const slow = await hung.app.request(`${TEST_BASE_URL}/checklist/${ids.camping}`);
    expect(slow.status).toBe(200);
    expect(await slow.text()).toContain(SHELL_ROOT);
    expect(performance.now() - started).toBeLessThan(HEAD_LOOKUP_MS + 1_000);

    const failing = await createTestApp({
      db: t.db,
      clientDir,
      renderPageBody: () => Promise.reject(new Error('the renderer broke')),
    });
    const failed = await failing.app.request(`${TEST_BASE_URL}/browse`);
    expect(failed.status).toBe(200);
    expect(await failed.text()).toContain(SHELL_ROOT);
  });

  it('an API that responds 503 (a database away): the shell', async () => {
    const unavailable = await createTestApp({
      db: t.db,
      clientDir,
      pageWaitMs: 30_000,
      renderPageBody: (url) =>
        renderPageBody(url, async () =>
          Response.json({ message: 'Unavailable', code: 'unavailable' }, { status: 503 }),
        ),
    });
    const html = await (await unavailable.app.request(`${TEST_BASE_URL}/checklist/${ids.camping}`)).text();
    expect(html).toContain(SHELL_ROOT);
    expect(html).not.toContain('page-state');
  });
});
