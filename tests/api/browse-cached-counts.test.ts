import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { browseQuerySchema } from '../../src/domain/checklists/browse';
import {
  countBrowseSearch,
  createSearchCounts,
  type Count,
  type SearchCounts,
} from '../../src/server/browse/browse.queries';
import { checklistLikes } from '../../src/server/db/schema';
import { VISITOR_CACHE_CONTROL } from '../../src/server/security/no-store';
import { createUser, makeChecklist } from '../../src/server/seed/factories';
import { setUpBrowseTests } from '../setup/browse-fixtures';
import { signedInAgent } from '../setup/sign-in';
import type { Agent } from '../setup/test-app';

// A search's count cached by the process while no list it can find has changed (decision 018),
// and what HTTP caches may keep of Browse and its neighbours.

const { t, author, statements, countOf } = setUpBrowseTests();

describe('a search asked for again', () => {
  let asAuthor: Agent;
  let owl: string;
  beforeAll(async () => {
    asAuthor = await signedInAgent(t, author);
    for (let index = 0; index < 3; index++) {
      await makeChecklist(t.db, author.id, { title: `Owl watch ${index}`, tags: ['night'] });
    }
    owl = (await makeChecklist(t.db, author.id, { title: 'Owl pellets', tags: ['night'] })).id;
  });
  const counts = () => statements.filter((statement) => /^\s*with found as/.test(statement));
  const listInput = (title: string, items: string[]) => ({
    title,
    description: 'Seen at dusk',
    items,
    tags: [],
    estimatedTime: '30 minutes',
    difficulty: 'easy',
  });
  /**
   * The search's Y, and whether the server counted the matches to respond: asked for apart, as the
   * client asks for a count its first page came without (decision 054).
   */
  const ask = async (query: string) => {
    statements.length = 0;
    const { total } = await countOf(query);
    return { total, counted: counts().length === 1 };
  };

  it('is given its cached count while no list it can find has changed, in any order', async () => {
    expect(await ask('?q=owl')).toEqual({ total: 4, counted: true });
    expect(await ask('?q=owl')).toEqual({ total: 4, counted: false });
    expect(await ask('?q=OWL&order=most-liked')).toEqual({ total: 4, counted: false });
    expect(statements.length).toBeLessThanOrEqual(2);
    // Another search, or the same words with a tag, is counted on its own.
    expect(await ask('?q=owl&tag=night')).toEqual({ total: 4, counted: true });
    // A like or a use changes no search's matches.
    const fan = await createUser(t.db, { username: 'owl_fan' });
    await t.db.insert(checklistLikes).values({ checklistId: owl, userId: fan.id });
    expect(await ask('?q=owl')).toEqual({ total: 4, counted: false });
  });

  it('is counted again after every change that can add or take away a match', async () => {
    await ask('?q=owl');
    const changes: [string, () => Promise<Response>, number][] = [
      ['a new list', () => asAuthor.post('/api/checklists', listInput('Owl box', ['Fix the box'])), 5],
      [
        'a list edited to have the word in an item',
        async () => {
          const id = (await makeChecklist(t.db, author.id, { title: 'Barn repairs' })).id;
          return asAuthor.request(`/api/checklists/${id}`, {
            method: 'PUT',
            json: listInput('Barn repairs', ['Check for owls']),
          });
        },
        6,
      ],
      [
        'a list made private',
        () =>
          asAuthor.request(`/api/checklists/${owl}/visibility`, { method: 'PATCH', json: { visibility: 'private' } }),
        5,
      ],
      [
        'a list made public again',
        () =>
          asAuthor.request(`/api/checklists/${owl}/visibility`, { method: 'PATCH', json: { visibility: 'public' } }),
        6,
      ],
      ['a list deleted', () => asAuthor.request(`/api/checklists/${owl}`, { method: 'DELETE' }), 5],
    ];
    for (const [change, make, total] of changes) {
      const response = await make();
      expect(response.status, `${change}: ${await response.clone().text()}`).toBeLessThan(300);
      expect(await ask('?q=owl'), change).toEqual({ total, counted: true });
      // The request counted against its rate limit, the number read, and the count: three at most.
      expect(statements.length, change).toBeLessThanOrEqual(3);
      expect(await ask('?q=owl'), change).toEqual({ total, counted: false });
    }
  });

  it('with a tag, is counted again when a list gains or loses the tag', async () => {
    const before = (await ask('?q=owl&tag=night')).total;
    const list = await makeChecklist(t.db, author.id, { title: 'Owl calls' });
    expect(await ask('?q=owl&tag=night')).toEqual({ total: before, counted: true });
    await t.db.execute(sql`insert into checklist_tags (checklist_id, tag, position) values (${list.id}, 'Night', 9)`);
    expect(await ask('?q=owl&tag=night')).toEqual({ total: before + 1, counted: true });
    await t.db.execute(sql`delete from checklist_tags where checklist_id = ${list.id}`);
    expect(await ask('?q=owl&tag=night')).toEqual({ total: before, counted: true });
  });

  it('as a misspelling, is counted again after a list added while the correction it waited for was counted', async () => {
    for (let index = 0; index < 2; index++) await makeChecklist(t.db, author.id, { title: `Shrike perch ${index}` });
    // The count of "shrike" as a correction is held once it has read the lists, until released.
    const real = createSearchCounts<Count>();
    const signal = () => {
      let done!: () => void;
      return { promise: new Promise<void>((resolve) => (done = resolve)), done: () => done() };
    };
    const [hasRead, released, joined] = [signal(), signal(), signal()];
    let asked = 0;
    const heldCounts: SearchCounts<Count> = {
      ...real,
      counted: (key, generation, count, isEnough) => {
        const isFirst = ++asked === 1;
        const counting = real.counted(
          key,
          generation,
          async () => {
            const fresh = await count();
            if (isFirst) {
              hasRead.done();
              await released.promise;
            }
            return fresh;
          },
          isEnough,
        );
        if (asked === 2) joined.done();
        return counting;
      },
    };
    const countOfTypo = (q: string) => countBrowseSearch(t.db, browseQuerySchema.parse({ q }), heldCounts);
    const first = countOfTypo('shrrike');
    await hasRead.promise;
    await makeChecklist(t.db, author.id, { title: 'Shrike perch 2' });
    // Another misspelling, after the new list, waits for the count that began before it.
    const second = countOfTypo('shrikke');
    await joined.promise;
    released.done();
    expect((await first).total).toBe(2);
    expect(await second).toEqual({ total: 2, totalCapped: false, searchedFor: 'shrike' });
    // So its count is not kept as if read after the new list: asked again, it is counted again.
    statements.length = 0;
    expect(await countOfTypo('shrikke')).toEqual({ total: 3, totalCapped: false, searchedFor: 'shrike' });
    expect(counts().length).toBeGreaterThan(0);
  });
});

/** The reads a visitor and a signed-in user both make: Browse, its count, tags, the list `listId`, Discover. */
const readsForAnyone = (listId: string) => [
  '/api/checklists?q=cached',
  '/api/checklists/count?q=cached',
  '/api/checklists/tags',
  `/api/checklists/${listId}`,
  '/api/discover',
];

describe('what caches may keep', () => {
  it('a visitor’s Browse, tags, public list and Discover are public for 30 s, varying by cookie', async () => {
    const list = await makeChecklist(t.db, author.id, { title: 'Cached list' });
    for (const path of readsForAnyone(list.id)) {
      const response = await t.agent().request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe(VISITOR_CACHE_CONTROL);
      expect(response.headers.get('vary'), path).toMatch(/\bCookie\b/i);
    }
  });

  it('a signed-in user’s responses are never stored, and a visitor’s 404 is not cached as public', async () => {
    const owner = await createUser(t.db, { username: 'cache_owner' });
    const hidden = await makeChecklist(t.db, owner.id, { title: 'Hidden', isPublic: false });
    const shown = await makeChecklist(t.db, owner.id, { title: 'Shown' });
    const asOwner = await signedInAgent(t, owner);
    for (const path of readsForAnyone(shown.id)) {
      const response = await asOwner.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expect(response.headers.get('vary') ?? '', path).toMatch(/\bCookie\b/i);
    }
    const own = await asOwner.request(`/api/checklists/${hidden.id}`);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('no-store');
    const missing = await t.agent().request(`/api/checklists/${hidden.id}`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control') ?? '').not.toMatch(/public/);
  });
});
