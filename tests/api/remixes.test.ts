import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checklistDetailSchema, type ChecklistDetail } from '../../src/domain/checklists/checklist-view';
import { remixPageSchema, type RemixPage } from '../../src/domain/checklists/remixes';
import { pagingMessages } from '../../src/domain/paging';
import { checklists, clonedChecklists } from '../../src/server/db/schema';
import { createUser, makeChecklist } from '../../src/server/seed/factories';
import { rateKey, rateRules } from '../../src/server/security/rate-limit';
import { VISITOR_CACHE_CONTROL } from '../../src/server/security/no-store';
import { createAppWithUsers, signedInAgent } from '../setup/sign-in';
import type { Agent } from '../setup/test-app';
import { createRecordingDatabase } from '../setup/test-database';

// Remix lineage on the detail page ("Cloned from …, originally by …") and a list's remixes: its
// public clones, newest first, a page at a time.

/** Records every SQL statement the app sends, in order. */
const recording = await createRecordingDatabase();
const { statements } = recording;
const {
  t,
  users: { first, second, third },
  agents: { first: asFirst, second: asSecond, third: asThird },
} = await createAppWithUsers(
  {
    first: { profileName: 'Ada Root' },
    second: { profileName: 'Ben Middle' },
    third: { profileName: 'Cy Last' },
  },
  { db: recording.db },
);
const visitor = t.agent();

async function detail(agent: Agent, id: string): Promise<ChecklistDetail> {
  const response = await agent.request(`/api/checklists/${id}`);
  expect(response.status).toBe(200);
  return checklistDetailSchema.parse(await response.json());
}

async function clone(agent: Agent, id: string): Promise<string> {
  const response = await agent.post(`/api/checklists/${id}/clone`, {});
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A public list of `first`'s, cloned by `second`, whose copy `third` cloned: the chain of three. */
async function chainOfThree() {
  const root = (await makeChecklist(t.db, first.id, { title: 'Root of the chain' })).id;
  const middle = await clone(asSecond, root);
  const last = await clone(asThird, middle);
  return { root, middle, last };
}

describe('"originally by" on a clone of a clone', () => {
  it('names the author of the list a chain of three started from, to everyone who may see it', async () => {
    const { root, middle, last } = await chainOfThree();
    for (const agent of [visitor, asThird, asSecond]) {
      expect((await detail(agent, last)).clonedFrom).toEqual({
        id: middle,
        title: 'Root of the chain',
        originallyBy: { name: 'Ada Root', username: first.username },
      });
    }
    // One hop: "Cloned from" already names the original.
    expect((await detail(visitor, middle)).clonedFrom).toEqual({
      id: root,
      title: 'Root of the chain',
      originallyBy: null,
    });
  });

  it('walks up a longer chain to the list it started from', async () => {
    const { last } = await chainOfThree();
    const fourth = await createUser(t.db, { profileName: 'Di Fourth' });
    const copy = await clone(await signedInAgent(t, fourth), last);
    expect((await detail(visitor, copy)).clonedFrom?.originallyBy).toEqual({
      name: 'Ada Root',
      username: first.username,
    });
  });

  it('is not shown when the list the chain started from is private to the viewer', async () => {
    const { root, last } = await chainOfThree();
    await t.db.update(checklists).set({ isPublic: false, isUnlisted: false }).where(eq(checklists.id, root));
    expect((await detail(visitor, last)).clonedFrom?.originallyBy).toBeNull();
    expect((await detail(asThird, last)).clonedFrom?.originallyBy).toBeNull();
    // Its author still sees their own list credited.
    expect((await detail(asFirst, last)).clonedFrom?.originallyBy).toEqual({
      name: 'Ada Root',
      username: first.username,
    });
  });

  it('is not shown when the direct original’s author also wrote the first list', async () => {
    const root = (await makeChecklist(t.db, first.id)).id;
    const middle = await clone(asSecond, root);
    const again = await clone(asFirst, middle);
    const last = await clone(asThird, again);
    expect((await detail(visitor, last)).clonedFrom?.originallyBy).toBeNull();
  });

  it('is not shown once a deleted middle link leaves one hop', async () => {
    const { root, middle, last } = await chainOfThree();
    expect((await asSecond.request(`/api/checklists/${middle}`, { method: 'DELETE' })).status).toBe(200);
    expect((await detail(visitor, last)).clonedFrom).toEqual({
      id: root,
      title: 'Root of the chain',
      originallyBy: null,
    });
  });

  it('names a private profile’s author as the product does elsewhere, and its owner by name', async () => {
    const shy = await createUser(t.db, { profileName: 'Shy Origin', isPublic: false });
    const root = (await makeChecklist(t.db, shy.id)).id;
    const last = await clone(asThird, await clone(asSecond, root));
    expect((await detail(visitor, last)).clonedFrom?.originallyBy).toEqual({
      name: 'Anonymous',
      username: shy.username,
    });
    const asShy = await signedInAgent(t, shy);
    expect((await detail(asShy, last)).clonedFrom?.originallyBy).toEqual({
      name: 'Shy Origin',
      username: shy.username,
    });
  });

  it('ends its walk at a cycle in the clone records', async () => {
    const a = (await makeChecklist(t.db, first.id)).id;
    const b = (await makeChecklist(t.db, second.id)).id;
    const c = (await makeChecklist(t.db, third.id)).id;
    // c ← b ← a ← c: no action makes this, but the walk must still end.
    await t.db.insert(clonedChecklists).values([
      { originalChecklistId: b, originalTitle: 'b', clonedChecklistId: c, clonedBy: third.id },
      { originalChecklistId: a, originalTitle: 'a', clonedChecklistId: b, clonedBy: second.id },
      { originalChecklistId: c, originalTitle: 'c', clonedChecklistId: a, clonedBy: first.id },
    ]);
    expect((await detail(visitor, c)).clonedFrom?.originallyBy).toEqual({ name: 'Ada Root', username: first.username });
  });
});

const remixesOf = (agent: Agent, id: string, query = '') => agent.request(`/api/checklists/${id}/remixes${query}`);

async function remixPage(agent: Agent, id: string, query = ''): Promise<RemixPage> {
  const response = await remixesOf(agent, id, query);
  expect(response.status).toBe(200);
  return remixPageSchema.parse(await response.json());
}

/**
 * A list of `first`'s with `count` public clones (titled "Remix 1", oldest, to "Remix {count}"), some
 * made in the same second, and a private and an unlisted one among them.
 */
async function listWithRemixes(count: number) {
  const original = await makeChecklist(t.db, first.id, { title: 'Much remixed' });
  const make = async (title: string, visibility: 'public' | 'private' | 'unlisted', minutesAgo: number) => {
    const copy = await makeChecklist(t.db, second.id, {
      title,
      visibility,
      createdAt: new Date(Date.now() - minutesAgo * 60_000 - (minutesAgo % 2) * 1000),
    });
    await t.db.insert(clonedChecklists).values({
      originalChecklistId: original.id,
      originalTitle: original.title,
      clonedChecklistId: copy.id,
      clonedBy: second.id,
    });
    return copy.id;
  };
  const hidden = [await make('Private remix', 'private', 5), await make('Unlisted remix', 'unlisted', 1)];
  for (let n = 1; n <= count; n++) await make(`Remix ${n}`, 'public', Math.floor((count - n) / 3));
  return { id: original.id, hidden };
}

describe('a list’s remixes', () => {
  it('come newest first, 10 a page, each once; private and unlisted clones are neither listed nor counted', async () => {
    const { id, hidden } = await listWithRemixes(23);
    const pages = [await remixPage(visitor, id)];
    while (pages.at(-1)!.nextCursor) {
      pages.push(await remixPage(visitor, id, `?before=${encodeURIComponent(pages.at(-1)!.nextCursor!)}`));
    }
    expect(pages.map((page) => page.remixes.length)).toEqual([10, 10, 3]);
    expect(pages.map((page) => page.total)).toEqual([23, 23, 23]);
    const remixes = pages.flatMap((page) => page.remixes);
    expect(remixes.map((remix) => remix.title)).toEqual(
      Array.from({ length: 23 }, (_, index) => `Remix ${23 - index}`),
    );
    expect(remixes.map((remix) => remix.id)).not.toEqual(expect.arrayContaining([hidden[0]]));
    expect(remixes.map((remix) => remix.id)).not.toEqual(expect.arrayContaining([hidden[1]]));
    expect(remixes[0]).toMatchObject({ author: 'Ben Middle', authorUsername: second.username });
    // Not even to the one who made them, nor to the list's author.
    for (const agent of [asSecond, asFirst]) expect((await remixPage(agent, id)).total).toBe(23);
  });

  it('a list without public clones has none, and no next page', async () => {
    const { id } = await listWithRemixes(0);
    expect(await remixPage(visitor, id)).toEqual({ remixes: [], total: 0, nextCursor: null });
  });

  it('lists a clone made through the API', async () => {
    const { root, middle } = await chainOfThree();
    const page = await remixPage(visitor, root);
    expect(page.total).toBe(1);
    expect(page.remixes.map((remix) => remix.id)).toEqual([middle]);
  });

  it('refuses a bad cursor or limit with 400 and says why', async () => {
    const { id } = await listWithRemixes(1);
    const bad = [
      [id, '?before=yesterday', pagingMessages.invalidCursor],
      [id, '?before=2026-01-01T00:00:00.000000Z~1', pagingMessages.invalidCursor],
      [id, '?before=2026-02-30T00:00:00.000000Z~00000000-0000-4000-8000-000000000000', pagingMessages.invalidCursor],
      [id, '?limit=51', 'limit must be at most 50'],
      [id, '?limit=0', 'limit must be at least 1'],
    ] as const;
    for (const [listId, query, message] of bad) {
      const response = await remixesOf(visitor, listId, query);
      expect(response.status, `${listId}${query}`).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'invalid_input', message });
    }
  });

  it('a private list is not found to others, and its own to its author', async () => {
    const list = await makeChecklist(t.db, first.id, { visibility: 'private' });
    for (const agent of [visitor, asSecond]) {
      const response = await remixesOf(agent, list.id);
      expect(response.status).toBe(404);
      expect((await response.json()).code).toBe('not_found');
    }
    expect((await remixPage(asFirst, list.id)).total).toBe(0);
    // An id that names no list, well formed or not, is not found either, as on every list route.
    for (const missing of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await remixesOf(visitor, missing)).status).toBe(404);
    }
  });

  it('is read in one statement, with whether the viewer may see the list, after the address’s count', async () => {
    const { id } = await listWithRemixes(12);
    const hidden = await makeChecklist(t.db, first.id, { visibility: 'private' });
    for (const [listId, status] of [
      [id, 200],
      [hidden.id, 404],
    ] as const) {
      statements.length = 0;
      expect((await remixesOf(visitor, listId)).status).toBe(status);
      expect(statements.filter((statement) => /rate_limits/.test(statement))).toHaveLength(1);
      expect(statements).toHaveLength(2);
    }
  });

  it('a visitor’s response for a public list may be cached; a signed-in one or an unlisted list’s may not', async () => {
    const { id } = await listWithRemixes(1);
    expect((await remixesOf(visitor, id)).headers.get('Cache-Control')).toBe(VISITOR_CACHE_CONTROL);
    expect((await remixesOf(asSecond, id)).headers.get('Cache-Control')).toContain('no-store');
    const unlisted = await makeChecklist(t.db, first.id, { visibility: 'unlisted' });
    expect((await remixesOf(visitor, unlisted.id)).headers.get('Cache-Control')).not.toBe(VISITOR_CACHE_CONTROL);
  });

  it('is rate-limited per address: 429 with Retry-After past the limit', async () => {
    const { id } = await listWithRemixes(1);
    await t.db.execute(sql`insert into rate_limits (key, window_start, count)
      values (${rateKey('remixesPerIp', '10.81.0.1')}, now(), ${rateRules.remixesPerIp.max - 1})`);
    expect((await visitor.request(`/api/checklists/${id}/remixes`, { ip: '10.81.0.1' })).status).toBe(200);
    const refused = await visitor.request(`/api/checklists/${id}/remixes`, { ip: '10.81.0.1' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await refused.json()).code).toBe('rate_limited');
    // Another address is not held back.
    expect((await visitor.request(`/api/checklists/${id}/remixes`, { ip: '10.81.0.2' })).status).toBe(200);
  });
});
