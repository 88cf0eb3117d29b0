import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { findListForHead } from '../../src/server/public-face/public-face.queries';
import { PREVIEW_CACHE_CONTROL, PREVIEW_REDIRECT_CACHE_CONTROL } from '../../src/server/public-face/public-face.routes';
import { previewContentOf } from '../../src/server/public-face/share-preview/preview-content';
import { rateKey, rateRules } from '../../src/server/security/rate-limit';
import { createUser, makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, TEST_BASE_URL, type Agent, type TestApp } from '../setup/test-app';

// Decision 026: every list anyone may open by its address has a share preview, a
// 1200×630 PNG rendered on the server, at an address whose version changes with what it renders, named
// in the page's head. A private list's image responds exactly as a missing one's does.

let t: TestApp;
let author: CreatedUser;
let asAuthor: Agent;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const clientDir = mkdtempSync(path.join(os.tmpdir(), 'ticklist-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), readFileSync('index.html', 'utf8'));
  t = await createTestApp({ clientDir });
  author = await createUser(t.db, { username: 'preview_author', profileName: 'Pat Preview', avatarUrl: '🦊' });
  asAuthor = await signedInAgent(t, author);
  ids.camping = (
    await makeChecklist(t.db, author.id, { title: 'Camping weekend', items: ['Tent', 'Stove', 'Torch', 'Map'] })
  ).id;
  ids.secret = (await makeChecklist(t.db, author.id, { title: 'Secret plan', isPublic: false })).id;
  ids.unlisted = (await makeChecklist(t.db, author.id, { title: 'For friends', visibility: 'unlisted' })).id;
});

const MISSING = '00000000-0000-4000-8000-000000000000';

/** A GET from a visitor (an address of its own, as a crawler has). */
const get = (pathAndQuery: string, ip = '198.51.100.7') => t.agent().request(pathAndQuery, { ip });

/** The width and height in a PNG's IHDR chunk, after checking the PNG signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** A meta tag's content in a page's HTML (by name or property). */
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1] ?? null;

async function pageOf(id: string): Promise<string> {
  const response = await get(`/checklist/${id}`);
  expect(response.status).toBe(200);
  return response.text();
}

/** The preview's current address (path and query) as the list's page names it. */
async function previewPathOf(id: string): Promise<string> {
  const image = meta(await pageOf(id), 'og:image');
  expect(image).not.toBeNull();
  expect(image!.startsWith(`${TEST_BASE_URL}/`)).toBe(true);
  return image!.slice(TEST_BASE_URL.length).replaceAll('&amp;', '&');
}

async function png(pathAndQuery: string, ip?: string): Promise<Buffer> {
  const response = await get(pathAndQuery, ip);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/png');
  return Buffer.from(await response.arrayBuffer());
}

describe('a public list’s share preview', () => {
  it('is named in the page’s head: og:image (absolute, versioned) with its size and alt, and a large Twitter card', async () => {
    const html = await pageOf(ids.camping!);
    const image = meta(html, 'og:image');
    expect(image).toMatch(
      new RegExp(`^${TEST_BASE_URL}/preview/checklist/${ids.camping}\\.png\\?v=[A-Za-z0-9_-]{16}$`),
    );
    expect(meta(html, 'og:image:width')).toBe('1200');
    expect(meta(html, 'og:image:height')).toBe('630');
    expect(meta(html, 'og:image:type')).toBe('image/png');
    expect(meta(html, 'og:image:alt')).toContain('Camping weekend');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:image')).toBe(image);
  });

  it('is a PNG of exactly 1200×630, cached for a year as immutable at its versioned address', async () => {
    const response = await get(await previewPathOf(ids.camping!));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe(PREVIEW_CACHE_CONTROL);
    expect(PREVIEW_CACHE_CONTROL).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-robots-tag')).toBeNull();
    // Other sites may show it; the site's pages stay same-origin.
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect((await get(`/checklist/${ids.camping}`)).headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect((await get('/api/checklists')).headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(pngSize(Buffer.from(await response.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
  });

  it('without a version, or at an old one, redirects to the current address, cached only briefly', async () => {
    const current = await previewPathOf(ids.camping!);
    for (const address of [`/preview/checklist/${ids.camping}.png`, `/preview/checklist/${ids.camping}.png?v=old`]) {
      const response = await get(address);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(current);
      expect(response.headers.get('cache-control')).toBe(PREVIEW_REDIRECT_CACHE_CONTROL);
    }
  });

  it('reads a list’s headings as headings: the summary and the picture count only its items', async () => {
    const created = await asAuthor.request('/api/checklists', {
      method: 'POST',
      json: {
        title: 'Sectioned trip',
        description: 'Packing by bag',
        items: [{ kind: 'heading', content: 'Rucksack' }, 'Water', { kind: 'heading', content: 'Car' }, 'Spare wheel'],
        tags: [],
        estimatedTime: '30 minutes',
        difficulty: 'easy',
      },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(meta(await pageOf(id), 'og:description')).toContain('2 items by Pat Preview');
    const row = await findListForHead(t.db, id);
    expect(previewContentOf(row!)).toMatchObject({
      itemsCount: 2,
      items: [
        { kind: 'heading', content: 'Rucksack' },
        { kind: 'item', content: 'Water' },
        { kind: 'heading', content: 'Car' },
        { kind: 'item', content: 'Spare wheel' },
      ],
    });
    expect(pngSize(await png(await previewPathOf(id)))).toEqual({ width: 1200, height: 630 });
  });

  it('gets a new address and a new picture when the title, the items or the author’s name change; the old address leads to the new', async () => {
    const list = await makeChecklist(t.db, author.id, { title: 'Road trip', items: ['Check tyres', 'Pack snacks'] });
    const edit = (changes: { title: string; items: string[] }) =>
      asAuthor.request(`/api/checklists/${list.id}`, {
        method: 'PUT',
        json: {
          description: 'Before a long drive',
          tags: [],
          estimatedTime: '30 minutes',
          difficulty: 'easy',
          ...changes,
        },
      });

    const first = await previewPathOf(list.id);
    const firstPng = await png(first);

    expect((await edit({ title: 'Road trip to the coast', items: ['Check tyres', 'Pack snacks'] })).status).toBe(200);
    const retitled = await previewPathOf(list.id);
    expect(retitled).not.toBe(first);
    const retitledPng = await png(retitled);
    expect(retitledPng.equals(firstPng)).toBe(false);

    expect((await edit({ title: 'Road trip to the coast', items: ['Check tyres', 'Fill the tank'] })).status).toBe(200);
    const reitemed = await previewPathOf(list.id);
    expect(reitemed).not.toBe(retitled);
    expect((await png(reitemed)).equals(retitledPng)).toBe(false);

    // The author's name is rendered too, though renaming touches no list.
    const profile = await asAuthor.request('/api/accounts/me/profile', {
      method: 'PATCH',
      json: { profileName: 'Pat Renamed', avatarUrl: '🦊', isPublic: true },
    });
    expect(profile.status).toBe(200);
    const renamed = await previewPathOf(list.id);
    expect(renamed).not.toBe(reitemed);

    const stale = await get(first);
    expect(stale.status).toBe(302);
    expect(stale.headers.get('location')).toBe(renamed);
  });

  it('an unlisted list has one too, asked not to be indexed, as its page is', async () => {
    const html = await pageOf(ids.unlisted!);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    const response = await get(await previewPathOf(ids.unlisted!));
    expect(response.status).toBe(200);
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    expect(pngSize(Buffer.from(await response.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
  });

  it('a private list’s preview responds exactly as a missing one’s does, and its page names none', async () => {
    const answer = async (address: string) => {
      const response = await get(address);
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        cache: response.headers.get('cache-control'),
        location: response.headers.get('location'),
        body: await response.text(),
      };
    };
    const missing = await answer(`/preview/checklist/${MISSING}.png`);
    expect(missing.status).toBe(404);
    expect(await answer(`/preview/checklist/${ids.secret}.png`)).toEqual(missing);
    expect(await answer(`/preview/checklist/${ids.secret}.png?v=anything`)).toEqual(missing);
    expect(await answer(`/preview/checklist/${MISSING}.png?v=anything`)).toEqual(missing);
    expect(await answer('/preview/checklist/not-an-id.png')).toEqual(missing);
    // The author's own session changes nothing: a preview is what a visitor would see.
    expect((await asAuthor.request(`/preview/checklist/${ids.secret}.png`)).status).toBe(404);
    const html = await pageOf(ids.secret!);
    expect(meta(html, 'og:image')).toBeNull();
    expect(meta(html, 'twitter:card')).toBe('summary');
  });

  it('an address that names no list is not found, never an error', async () => {
    for (const file of ['not-a-uuid.png', `${'f'.repeat(5000)}.png`, '..%2F..%2Fetc%2Fpasswd.png', 'x.gif', '.png']) {
      const response = await t.agent().request(`/preview/checklist/${file}?v=1`);
      expect(response.status, file).toBe(404);
    }
  });

  it('renders hostile text without error: markup, entities, CDATA ends, endless words, emoji, control characters', async () => {
    const hostile = await createUser(t.db, { profileName: '<b>Mallory</b> & "Co" ]]> 🦹', avatarUrl: 'not-an-avatar' });
    const list = await makeChecklist(t.db, hostile.id, {
      title: `<svg onload="x">&amp; ]]> <![CDATA[ ${'Supercalifragilistic'.repeat(8)} 🏕️🎉 日本語 \u0001\u0007\u001b\u007f\u200b\u202e end`,
      items: [
        '</text><script>alert(1)</script>',
        `&lt; & &#0; &unknown; ${'x'.repeat(500)}`,
        '👩‍👩‍👧‍👦 family 🇬🇧 flag \uFE0F',
        'tab\there\r\nnew line',
        'fifth',
      ],
    });
    const image = await png(await previewPathOf(list.id));
    expect(pngSize(image)).toEqual({ width: 1200, height: 630 });
  });
});

describe('the work of drawing previews is bounded', () => {
  // An app on the same database that renders one picture at a time and lets one more wait.
  let tight: TestApp;
  beforeAll(async () => {
    tight = await createTestApp({ db: t.db, previewLimits: { concurrent: 1, waiting: 1, cacheBytes: 1024 * 1024 } });
  });

  it('a picture is rendered once: asking again is served from memory and counts nothing against the address', async () => {
    const list = await makeChecklist(t.db, author.id, { title: 'Drawn once' });
    const ip = '203.0.113.21';
    const address = await previewPathOf(list.id);
    const first = await png(address, ip);
    const again = await png(address, '203.0.113.22');
    expect(again.equals(first)).toBe(true);
    const counted = await t.db.execute<{ key: string; count: number }>(sql`
      select key, count from rate_limits where key like 'previewRendersPerIp:%'`);
    expect(counted.rows).toContainEqual({ key: rateKey('previewRendersPerIp', ip), count: 1 });
    expect(counted.rows.find((row) => row.key === rateKey('previewRendersPerIp', '203.0.113.22'))).toBeUndefined();
  });

  it('an address past its allowance of new pictures gets 429 with Retry-After; pictures already in memory are still served', async () => {
    const ip = '203.0.113.40';
    const drawn = await makeChecklist(t.db, author.id, { title: 'Already rendered' });
    const drawnAddress = await previewPathOf(drawn.id);
    await png(drawnAddress, ip);
    await t.db.execute(sql`
      update rate_limits set count = ${rateRules.previewRendersPerIp.max}
      where key = ${rateKey('previewRendersPerIp', ip)}`);
    const fresh = await makeChecklist(t.db, author.id, { title: 'Not rendered yet' });
    const refused = await get(await previewPathOf(fresh.id), ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await png(drawnAddress, ip);
    // Another address is not held back by this one's count.
    await png(await previewPathOf(fresh.id), '203.0.113.41');
  });

  it('a flood of requests for different lists is refused past the queue (503, Retry-After), never failed, and rendered afterwards', async () => {
    const lists = await Promise.all(
      Array.from({ length: 6 }, (_, index) => makeChecklist(t.db, author.id, { title: `Flood ${index}` })),
    );
    const addresses = await Promise.all(lists.map((list) => previewPathOf(list.id)));
    const flood = await Promise.all(
      addresses.map((address, index) => tight.agent().request(address, { ip: `192.0.2.${index + 1}` })),
    );
    const statuses = flood.map((response) => response.status);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(2);
    const busy = flood.filter((response) => response.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const response of busy) {
      expect(response.headers.get('retry-after')).toBe('5');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    for (const address of addresses) {
      const response = await tight.agent().request(address, { ip: '192.0.2.100' });
      expect(response.status).toBe(200);
    }
  });
});
