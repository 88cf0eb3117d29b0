import { XMLParser } from 'fast-xml-parser';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChecklistCard } from '../../src/domain/checklists/browse';
import { checklists } from '../../src/server/db/schema';
import { staffPickedChecklists } from '../../src/server/discover/discover.queries';
import { setStaffPick } from '../../src/server/discover/staff-picks.actions';
import { makeChecklist } from '../../src/server/seed/factories';
import { createAppWithUsers } from '../setup/sign-in';
import { TEST_BASE_URL, type Agent } from '../setup/test-app';

// Decision 024: an unlisted list ("Anyone with the link") is read and used by
// anyone who has its address, and is listed nowhere: one test per listing. Each listing is shown a
// public list beside it with the same word and tag, so an empty response cannot pass for a right one.

const {
  t,
  users: { author },
  agents: { author: asAuthor, other: asOther },
} = await createAppWithUsers({ author: { username: 'unl_author' }, other: { username: 'unl_other' } });
let unlisted: string;
let listed: string;

const WORD = 'Zephyrine';
const TAG = 'zephyrtag';
const input = (title: string, visibility?: string) => ({
  title,
  description: `A ${WORD} walk by lantern light`,
  items: ['Light the lantern', 'Walk'],
  tags: [TAG],
  estimatedTime: '1 hour',
  difficulty: 'easy',
  ...(visibility ? { visibility } : {}),
});

/** A list of the other tests, without the word or the tag, so the listings' counts stay those two lists. */
const plain = (title: string, visibility?: string) => ({
  ...input(title, visibility),
  description: 'Another walk',
  tags: [],
});

async function create(agent: Agent, body: unknown): Promise<string> {
  const response = await agent.post('/api/checklists', body);
  expect(response.status).toBe(201);
  return (await response.json()).id;
}

const read = async (agent: Agent, path: string) => {
  const response = await agent.request(path);
  expect(response.status, path).toBe(200);
  return response.json();
};
const idsOf = (cards: ChecklistCard[]) => cards.map((card) => card.id);
const setVisibility = (id: string, json: unknown) =>
  asAuthor.request(`/api/checklists/${id}/visibility`, { method: 'PATCH', json });
const xmlOf = async (path: string) => {
  const response = await t.app.request(`${TEST_BASE_URL}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
};

beforeAll(async () => {
  listed = await create(asAuthor, input(`${WORD} harbour walk`));
  unlisted = await create(asAuthor, input(`${WORD} lantern walk`, 'unlisted'));
  // The unlisted list would top every ordering if it were listed: most used, best rated, newest.
  await t.db
    .update(checklists)
    .set({ usesCount: 100, likesCount: 90, updatedAt: sql`now() + interval '1 minute'` })
    .where(eq(checklists.id, unlisted));
});

describe('an unlisted list is reachable by its address', () => {
  it('a visitor reads it and its comments by id, and sees it is unlisted, not public', async () => {
    const detail = await read(t.agent(), `/api/checklists/${unlisted}`);
    expect(detail).toMatchObject({ id: unlisted, isPublic: false, visibility: 'unlisted' });
    expect((await read(t.agent(), `/api/checklists/${unlisted}/comments`)).comments).toEqual([]);
  });

  it('another user completes an item, likes, comments on, saves and clones it; the clone is unlisted and theirs', async () => {
    const list = await read(asOther, `/api/checklists/${unlisted}`);
    const item = list.items[0].id;
    expect((await asOther.request(`/api/checklists/${unlisted}/items/${item}/done`, { method: 'PUT' })).status).toBe(
      200,
    );
    expect((await asOther.request(`/api/checklists/${unlisted}/like`, { method: 'PUT' })).status).toBe(200);
    expect((await asOther.post(`/api/checklists/${unlisted}/comments`, { content: 'Lovely walk' })).status).toBe(201);
    expect((await asOther.request(`/api/library/saved/${unlisted}`, { method: 'PUT' })).status).toBe(200);

    const cloned = await asOther.post(`/api/checklists/${unlisted}/clone`, {});
    expect(cloned.status).toBe(201);
    const copy = (await cloned.json()).id;
    const asCloner = await read(asOther, `/api/checklists/${copy}`);
    expect(asCloner).toMatchObject({ visibility: 'unlisted', viewer: { isOwner: true } });
    // The cloner had the original's address; a reader of the clone is not given it.
    expect(asCloner.clonedFrom).toEqual({ id: unlisted, title: `${WORD} lantern walk`, originallyBy: null });
    expect((await read(t.agent(), `/api/checklists/${copy}`)).clonedFrom).toEqual({
      id: null,
      title: `${WORD} lantern walk`,
      originallyBy: null,
    });
  });

  it('the author chooses it when creating, keeps it through an edit, and switches among the three', async () => {
    const id = await create(asAuthor, plain('Switching walk', 'unlisted'));
    const visibilityOf = async () => (await read(asAuthor, `/api/checklists/${id}`)).visibility;
    expect(
      (await asAuthor.request(`/api/checklists/${id}`, { method: 'PUT', json: plain('Edited walk') })).status,
    ).toBe(200);
    expect(await visibilityOf()).toBe('unlisted');
    expect((await setVisibility(id, { isPublic: true })).status).toBe(200);
    expect(await visibilityOf()).toBe('public');
    expect((await setVisibility(id, { visibility: 'unlisted' })).status).toBe(200);
    expect(await visibilityOf()).toBe('unlisted');
    expect((await setVisibility(id, { isPublic: false })).status).toBe(200);
    expect(await visibilityOf()).toBe('private');
    expect((await t.agent().request(`/api/checklists/${id}`)).status).toBe(404);
    expect((await setVisibility(id, { visibility: 'hidden' })).status).toBe(400);
    // The spec's bulk action has two choices; either ends an unlisted list.
    await setVisibility(id, { visibility: 'unlisted' });
    await asAuthor.post('/api/checklists/bulk-visibility', { ids: [id], isPublic: true });
    expect(await visibilityOf()).toBe('public');
  });

  it('the database refuses a list both public and unlisted', async () => {
    await expect(
      t.db.update(checklists).set({ isPublic: true, isUnlisted: true }).where(eq(checklists.id, unlisted)),
    ).rejects.toThrow();
  });
});

describe('an unlisted list is listed nowhere', () => {
  it('Browse', async () => {
    const page = await read(t.agent(), '/api/checklists?order=most-used');
    expect(idsOf(page.checklists)).toContain(listed);
    expect(idsOf(page.checklists)).not.toContain(unlisted);
    const [{ count }] = (
      await t.db.execute<{ count: number }>(sql`select count(*)::int as count from checklists where is_public`)
    ).rows as [{ count: number }];
    expect(page.total).toBe(count);
  });

  it('search', async () => {
    const page = await read(t.agent(), `/api/checklists?q=${WORD}%20lantern`);
    expect(idsOf(page.checklists)).not.toContain(unlisted);
    const broader = await read(t.agent(), `/api/checklists?q=${WORD}`);
    expect(idsOf(broader.checklists)).toEqual([listed]);
    expect(broader.total).toBe(1);
  });

  it('tag counts and the tag filter, as a list is made unlisted and public again', async () => {
    const tagCount = async (tag: string) =>
      ((await read(t.agent(), '/api/checklists/tags')).tags as { tag: string; count: number }[]).find(
        (row) => row.tag === tag,
      )?.count;
    expect(await tagCount(TAG)).toBe(1);
    expect(idsOf((await read(t.agent(), `/api/checklists?tag=${TAG}`)).checklists)).toEqual([listed]);

    const moving = await create(asAuthor, { ...plain('Moving walk'), tags: ['zephyrmove'] });
    expect(await tagCount('zephyrmove')).toBe(1);
    await setVisibility(moving, { visibility: 'unlisted' });
    expect(await tagCount('zephyrmove')).toBeUndefined();
    expect((await read(t.agent(), '/api/checklists?tag=zephyrmove')).total).toBe(0);
    await setVisibility(moving, { isPublic: true });
    expect(await tagCount('zephyrmove')).toBe(1);
  });

  it('Discover: suggestions, trending and staff picks', async () => {
    for (const agent of [t.agent(), asOther]) {
      const discover = await read(agent, '/api/discover');
      for (const section of [discover.suggestions, discover.trending, discover.staffPicks])
        expect(idsOf(section)).not.toContain(unlisted);
    }
    // Suggestions are a signed-in user's; the unlisted list is not by them, so only visibility keeps it out.
    const suggestions = idsOf((await read(asOther, '/api/discover/suggestions')).checklists);
    expect(suggestions).toContain(listed);
    expect(suggestions).not.toContain(unlisted);
    const trending = idsOf((await read(t.agent(), '/api/discover/trending?limit=50')).checklists);
    expect(trending).toContain(listed);
    expect(trending).not.toContain(unlisted);

    expect(await setStaffPick(t.db, unlisted, true)).toEqual({
      ok: false,
      message: `"${WORD} lantern walk" (${unlisted}) is not public; only public checklists can be staff picks. Nothing changed.`,
    });
    const picked = await create(asAuthor, plain('Picked walk'));
    expect((await setStaffPick(t.db, picked, true)).ok).toBe(true);
    await setVisibility(picked, { visibility: 'unlisted' });
    expect(idsOf(await staffPickedChecklists(t.db))).not.toContain(picked);
  });

  it('the author’s public profile', async () => {
    for (const agent of [t.agent(), asOther]) {
      const profile = await read(agent, '/api/users/unl_author');
      const ids = profile.checklists.map((list: { id: string }) => list.id);
      expect(ids).toContain(listed);
      expect(ids).not.toContain(unlisted);
    }
  });

  it('the sitemap', async () => {
    const sitemap = await xmlOf('/sitemap.xml');
    expect(sitemap).toContain(`${TEST_BASE_URL}/checklist/${listed}<`);
    expect(sitemap).not.toContain(unlisted);
  });

  it('the feeds: newest, the author’s and the tag’s', async () => {
    const parser = new XMLParser();
    for (const path of ['/feeds/newest.atom', '/feeds/user/unl_author.atom', `/feeds/tag/${TAG}.atom`]) {
      const feed = await xmlOf(path);
      expect(parser.parse(feed).feed, path).toBeDefined();
      expect(feed, path).toContain(`/checklist/${listed}<`);
      expect(feed, path).not.toContain(unlisted);
    }
  });
});

describe('My Lists', () => {
  it('shows the owner their unlisted list as such, under its own filter, not under Public or Private', async () => {
    const rows = async (filter: string) =>
      (await read(asAuthor, `/api/accounts/me/checklists?filter=${filter}&limit=100`)).checklists as {
        id: string;
        isPublic: boolean;
        visibility: string;
      }[];
    expect((await rows('all')).find((row) => row.id === unlisted)).toMatchObject({
      isPublic: false,
      visibility: 'unlisted',
    });
    expect((await rows('public')).map((row) => row.id)).not.toContain(unlisted);
    expect((await rows('private')).map((row) => row.id)).not.toContain(unlisted);
    expect((await rows('private')).every((row) => row.visibility === 'private')).toBe(true);
    const shared = await rows('unlisted');
    expect(shared.map((row) => row.id)).toContain(unlisted);
    expect(shared.every((row) => row.visibility === 'unlisted')).toBe(true);
  });

  it('a list made by a fixture as unlisted reads the same', async () => {
    const list = await makeChecklist(t.db, author.id, { visibility: 'unlisted' });
    expect((await read(t.agent(), `/api/checklists/${list.id}`)).visibility).toBe('unlisted');
  });
});
