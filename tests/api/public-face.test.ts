import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELETED_USER } from '../../src/domain/accounts/account-data';
import { publicFaceRoutes } from '../../src/server/public-face/public-face.routes';
import { createUser, makeChecklist } from '../../src/server/seed/factories';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../setup/test-app';

// robots.txt, the sitemaps and the Atom feeds, for crawlers and feed
// readers. What they may list (decision 020): public lists of public profiles, and public profiles.

let t: TestApp;
const ids: Record<string, string> = {};
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['url', 'sitemap', 'entry', 'category', 'link'].includes(name),
});

async function getXml(path: string, app: { request: (url: string) => Response | Promise<Response> } = t.app) {
  const response = await app.request(`${TEST_BASE_URL}${path}`);
  const body = await response.text();
  return { response, body };
}

/** Well-formed XML (a strict parse), then its tree. */
function parse(body: string) {
  expect(XMLValidator.validate(body)).toBe(true);
  return parser.parse(body);
}

const locs = (tree: { urlset: { url?: { loc: string }[] } }) => (tree.urlset.url ?? []).map((url) => url.loc);

beforeAll(async () => {
  t = await createTestApp();
  const author = await createUser(t.db, { username: 'face_author', profileName: 'Ann <Author> & "Co"' });
  const shy = await createUser(t.db, { username: 'face_shy', profileName: 'Shy', isPublic: false });
  const make = async (key: string, authorId: string, seed: Parameters<typeof makeChecklist>[2]) => {
    ids[key] = (await makeChecklist(t.db, authorId, seed)).id;
  };
  await make('camping', author.id, {
    title: 'Camping <weekend> & "more"',
    description: 'Tent & stove <b>bold</b>\u0007 bell',
    tags: ['camping', 'Outdoors'],
    createdAt: daysAgo(3),
  });
  await make('moving', author.id, { title: 'Moving house', tags: ['moving house'], createdAt: daysAgo(2) });
  await make('secret', author.id, {
    title: 'Secret camping plan',
    tags: ['camping'],
    isPublic: false,
    createdAt: daysAgo(1),
  });
  await make('shyList', shy.id, { title: 'Shy camping list', tags: ['camping'], createdAt: daysAgo(1) });
  await make('orphan', DELETED_USER.id, { title: 'Kept by a leaver', tags: ['camping'], createdAt: daysAgo(1) });
  ids.author = author.id;
});

describe('robots.txt', () => {
  it('allows the public pages, keeps crawlers out of the API and the private screens, and names the sitemap', async () => {
    const response = await t.app.request(`${TEST_BASE_URL}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await response.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/dashboard', '/me', '/create', '/edit-checklist/', '/login'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${TEST_BASE_URL}/sitemap.xml`);
  });
});

describe('sitemap.xml', () => {
  it('lists the public lists of public profiles and the public profiles, with absolute addresses and lastmod', async () => {
    const { response, body } = await getXml('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const tree = parse(body);
    const listed = locs(tree);
    expect(listed).toContain(`${TEST_BASE_URL}/checklist/${ids.camping}`);
    expect(listed).toContain(`${TEST_BASE_URL}/checklist/${ids.moving}`);
    expect(listed).toContain(`${TEST_BASE_URL}/user/face_author`);
    for (const url of tree.urlset.url) expect(new Date(url.lastmod).toISOString()).toBe(url.lastmod);
  });

  it('never lists a private list, a private profile, nor the lists of a private profile (a leaver’s kept lists included)', async () => {
    const listed = locs(parse((await getXml('/sitemap.xml')).body));
    for (const key of ['secret', 'shyList', 'orphan'])
      expect(listed).not.toContain(`${TEST_BASE_URL}/checklist/${ids[key]}`);
    expect(listed).not.toContain(`${TEST_BASE_URL}/user/face_shy`);
    expect(listed.some((loc) => loc.endsWith(`/user/${DELETED_USER.username}`))).toBe(false);
  });

  it('never lists the profile of an unconfirmed sign-up, nor gives it a feed', async () => {
    await createUser(t.db, { username: 'face_unconfirmed', emailVerified: false });
    const listed = locs(parse((await getXml('/sitemap.xml')).body));
    expect(listed).not.toContain(`${TEST_BASE_URL}/user/face_unconfirmed`);
    const unconfirmed = await t.app.request(`${TEST_BASE_URL}/feeds/user/face_unconfirmed.atom`);
    const missing = await t.app.request(`${TEST_BASE_URL}/feeds/user/face_nobody.atom`);
    expect(unconfirmed.status).toBe(404);
    expect(await unconfirmed.text()).toBe(await missing.text());
  });

  it('past its limit becomes an index of numbered sitemaps, which together hold every entry once', async () => {
    const limit = 2;
    const small = publicFaceRoutes({ db: t.db, baseUrl: TEST_BASE_URL, sitemapMaxEntries: limit });
    const whole = locs(parse((await getXml('/sitemap.xml')).body));
    const index = parse((await getXml('/sitemap.xml', small)).body);
    const sitemaps = index.sitemapindex.sitemap.map((sitemap: { loc: string }) => sitemap.loc);
    expect(sitemaps[0]).toBe(`${TEST_BASE_URL}/sitemaps/lists-1.xml`);
    const parts: string[] = [];
    for (const loc of sitemaps) {
      const { response, body } = await getXml(loc.slice(TEST_BASE_URL.length), small);
      expect(response.status).toBe(200);
      const part = locs(parse(body));
      expect(part.length).toBeLessThanOrEqual(limit);
      parts.push(...part);
    }
    expect(parts.sort()).toEqual([...whole].sort());
  });

  it('responds 404 for a sitemap page past the last one or an unknown name', async () => {
    expect((await t.app.request(`${TEST_BASE_URL}/sitemaps/lists-999.xml`)).status).toBe(404);
    expect((await t.app.request(`${TEST_BASE_URL}/sitemaps/secrets-1.xml`)).status).toBe(404);
  });
});

type Feed = {
  feed: {
    id: string;
    title: { '#text': string };
    updated: string;
    link: { '@rel': string; '@href': string }[];
    entry?: {
      id: string;
      title: { '#text': string };
      link: { '@href': string }[];
      updated: string;
      author: { name: string };
      summary: { '#text'?: string };
      category?: { '@term': string }[];
    }[];
  };
};

async function getFeed(path: string) {
  const { response, body } = await getXml(path);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
  return { tree: parse(body) as Feed, body };
}
const entryIds = (tree: Feed) => (tree.feed.entry ?? []).map((entry) => entry.id);

describe('the Atom feeds', () => {
  it('newest: valid Atom with its id, title, updated and self link, newest first, each entry complete', async () => {
    const { tree } = await getFeed('/feeds/newest.atom');
    expect(tree.feed.id).toBe(`${TEST_BASE_URL}/feeds/newest.atom`);
    expect(tree.feed.title['#text']).toBe('Ticklist: newest checklists');
    expect(tree.feed.link).toContainEqual(expect.objectContaining({ '@rel': 'self', '@href': tree.feed.id }));
    expect(entryIds(tree)).toEqual([
      `${TEST_BASE_URL}/checklist/${ids.moving}`,
      `${TEST_BASE_URL}/checklist/${ids.camping}`,
    ]);
    const camping = tree.feed.entry![1]!;
    expect(camping.link[0]!['@href']).toBe(`${TEST_BASE_URL}/checklist/${ids.camping}`);
    expect(camping.author.name).toBe('Ann <Author> & "Co"');
    expect(camping.category!.map((category) => category['@term'])).toEqual(['camping', 'Outdoors']);
    expect(tree.feed.updated).toBe(tree.feed.entry![0]!.updated);
  });

  it('escapes <, & and " in titles and drops control characters', async () => {
    const { tree, body } = await getFeed('/feeds/newest.atom');
    expect(body).toContain('<title type="text">Camping &lt;weekend&gt; &amp; &quot;more&quot;</title>');
    const camping = tree.feed.entry!.find((entry) => entry.id.endsWith(ids.camping!))!;
    expect(camping.title['#text']).toBe('Camping <weekend> & "more"');
    expect(camping.summary['#text']).toBe('Tent & stove <b>bold</b> bell');
    expect(body).not.toContain('\u0007');
  });

  it('holds the 20 newest lists at most', async () => {
    const prolific = await createUser(t.db, { username: 'face_prolific' });
    for (let i = 0; i < 21; i++) await makeChecklist(t.db, prolific.id, { title: `Batch ${i}`, tags: ['batch'] });
    const { tree } = await getFeed('/feeds/user/face_prolific.atom');
    expect(tree.feed.entry).toHaveLength(20);
    expect(tree.feed.entry!.map((entry) => entry.title['#text'])).not.toContain('Batch 0');
  });

  it('one author: their public lists only, found whatever the case of the name', async () => {
    const { tree } = await getFeed('/feeds/user/FACE_author.atom');
    expect(tree.feed.id).toBe(`${TEST_BASE_URL}/feeds/user/face_author.atom`);
    expect(tree.feed.link).toContainEqual(
      expect.objectContaining({ '@rel': 'alternate', '@href': `${TEST_BASE_URL}/user/face_author` }),
    );
    expect(entryIds(tree)).toEqual([
      `${TEST_BASE_URL}/checklist/${ids.moving}`,
      `${TEST_BASE_URL}/checklist/${ids.camping}`,
    ]);
  });

  it('one author: a private profile responds exactly as a missing one does', async () => {
    const shy = await t.app.request(`${TEST_BASE_URL}/feeds/user/face_shy.atom`);
    const missing = await t.app.request(`${TEST_BASE_URL}/feeds/user/face_nobody.atom`);
    expect(shy.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(await shy.text()).toBe(await missing.text());
    expect((await t.app.request(`${TEST_BASE_URL}/feeds/user/${DELETED_USER.username}.atom`)).status).toBe(404);
    expect((await t.app.request(`${TEST_BASE_URL}/feeds/user/not%20a%20name.atom`)).status).toBe(404);
  });

  it('one tag: the public lists of public profiles with it, whatever its case, and none of the private ones', async () => {
    const { tree } = await getFeed('/feeds/tag/CAMPING.atom');
    expect(entryIds(tree)).toEqual([`${TEST_BASE_URL}/checklist/${ids.camping}`]);
    expect(tree.feed.link).toContainEqual(
      expect.objectContaining({ '@rel': 'alternate', '@href': `${TEST_BASE_URL}/browse?tag=CAMPING` }),
    );
    const { tree: spaced } = await getFeed('/feeds/tag/moving%20house.atom');
    expect(entryIds(spaced)).toEqual([`${TEST_BASE_URL}/checklist/${ids.moving}`]);
  });

  it('one tag nobody uses: an empty feed that is still valid Atom', async () => {
    const { tree } = await getFeed('/feeds/tag/nothing-here.atom');
    expect(tree.feed.entry).toBeUndefined();
    expect(new Date(tree.feed.updated).toISOString()).toBe(tree.feed.updated);
  });

  it('private lists and the lists of private profiles are in no feed', async () => {
    const hidden = ['secret', 'shyList', 'orphan'].map((key) => `${TEST_BASE_URL}/checklist/${ids[key]}`);
    for (const path of ['/feeds/newest.atom', '/feeds/tag/camping.atom', '/feeds/user/face_author.atom']) {
      const { tree } = await getFeed(path);
      for (const id of hidden) expect(entryIds(tree)).not.toContain(id);
    }
  });
});
