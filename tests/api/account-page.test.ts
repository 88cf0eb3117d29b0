import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { meSchema, ownProfileMessages } from '../../src/domain/accounts/profile';
import { usernameMessages } from '../../src/domain/accounts/username';
import { ownChecklistsSchema, type OwnChecklistsPage } from '../../src/domain/checklists/own-lists';
import { makeChecklist, createUser } from '../../src/server/seed/factories';
import { rateKey, rateRules } from '../../src/server/security/rate-limit';
import { createAppWithUsers, signedInAgent } from '../setup/sign-in';
import type { Agent } from '../setup/test-app';

const {
  t,
  users: { other },
  agents: { owner: asOwner, other: asOther },
} = await createAppWithUsers({
  owner: { username: 'page_owner', profileName: 'Olive' },
  other: { username: 'page_other', profileName: 'Otto' },
});

const me = async (agent: Agent) => meSchema.parse(await (await agent.request('/api/accounts/me')).json());
const patch = (agent: Agent, path: string, json: unknown) => agent.request(path, { method: 'PATCH', json });
const put = (agent: Agent, path: string, json: unknown) => agent.request(path, { method: 'PUT', json });

describe('visitors', () => {
  it.each([
    ['GET', '/api/accounts/me/stats', undefined],
    ['GET', '/api/accounts/me/checklists', undefined],
    ['PATCH', '/api/accounts/me/profile', { profileName: 'X', avatarUrl: null, isPublic: true }],
    ['PUT', '/api/accounts/me/username', { username: 'someone_new' }],
    ['PATCH', '/api/accounts/me/settings', { theme: 'dark' }],
    ['GET', '/api/accounts/me/export', undefined],
    ['POST', '/api/accounts/me/delete', { password: 'correct-horse-battery', keepPublicContent: true }],
  ])('get 401 from %s %s', async (method, path, json) => {
    const response = await t.agent().request(path, { method, json });
    expect(response.status).toBe(401);
  });
});

describe('the stats bar (one call)', () => {
  it('counts followers, following, created, saved, cloned, started and badges', async () => {
    const user = await createUser(t.db, { username: 'stats_user' });
    const asUser = await signedInAgent(t, user);
    const fan = await createUser(t.db, { username: 'stats_fan' });
    const asFan = await signedInAgent(t, fan);
    await makeChecklist(t.db, user.id, { title: 'Mine public' });
    await makeChecklist(t.db, user.id, { title: 'Mine private', isPublic: false });
    const theirs = await makeChecklist(t.db, other.id, { title: 'Theirs', items: ['a', 'b'] });
    const theirsToo = await makeChecklist(t.db, other.id, { title: 'Theirs too' });
    const hidden = await makeChecklist(t.db, other.id, { title: 'Becomes private' });

    await put(asFan, '/api/users/stats_user/follow', undefined);
    await put(asUser, '/api/users/page_other/follow', undefined);
    await put(asUser, '/api/users/page_owner/follow', undefined);
    const group = await (await asUser.post('/api/library/groups', { name: 'Weekend' })).json();
    await put(asUser, `/api/library/groups/${group.id}/checklists/${theirs.id}`, undefined);
    await put(asUser, `/api/library/saved/${theirs.id}`, undefined); // the same list twice counts once
    await put(asUser, `/api/library/saved/${theirsToo.id}`, undefined);
    await put(asUser, `/api/library/saved/${hidden.id}`, undefined);
    await asOther.request(`/api/checklists/${hidden.id}/visibility`, { method: 'PATCH', json: { isPublic: false } });
    await asUser.post(`/api/checklists/${theirsToo.id}/clone`, {});
    await put(asUser, `/api/checklists/${theirs.id}/items/${theirs.items[0]!.id}/done`, undefined);
    await put(asUser, `/api/checklists/${theirs.id}/items/${theirs.items[1]!.id}/done`, undefined);

    const response = await asUser.request('/api/accounts/me/stats');
    expect(response.status).toBe(200);
    // created: 2 own + 1 clone; saved: theirs and theirsToo (the now-private list no longer counts);
    // badges: Finisher, for ticking both items of theirs, which is started and completed, not in progress.
    expect(await response.json()).toEqual({
      followers: 1,
      following: 2,
      created: 3,
      saved: 2,
      cloned: 1,
      started: 1,
      inProgress: 0,
      completed: 1,
      badges: 1,
    });
  });
});

describe('My Lists', () => {
  it('lists the user’s own lists, private ones included, with the row fields', async () => {
    const user = await createUser(t.db, { username: 'lists_user' });
    const asUser = await signedInAgent(t, user);
    await makeChecklist(t.db, user.id, {
      title: 'Older',
      tags: ['zeta', 'Alpha', 'beta'],
      items: ['one', 'two', 'three'],
      difficulty: 'hard',
      estimatedTime: '1 hour',
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    await makeChecklist(t.db, user.id, { title: 'Newer private', isPublic: false, estimatedTime: null });
    await makeChecklist(t.db, other.id, { title: 'Not mine' });

    const { checklists } = ownChecklistsSchema.parse(
      await (await asUser.request('/api/accounts/me/checklists')).json(),
    );
    expect(checklists.map((list) => [list.title, list.isPublic])).toEqual([
      ['Newer private', false],
      ['Older', true],
    ]);
    expect(checklists[1]).toMatchObject({
      itemCount: 3,
      // In the author's order, as everywhere a list's tags show.
      tags: ['zeta', 'Alpha', 'beta'],
      difficulty: 'hard',
      estimatedTime: '1 hour',
      uses: 0,
    });
    expect(checklists[0]!.estimatedTime).toBe('Unknown');
  });
});

describe('Account Info: the profile', () => {
  it('saves a trimmed name, an offered avatar and the public switch', async () => {
    const response = await patch(asOwner, '/api/accounts/me/profile', {
      profileName: '  Olive Oak ',
      avatarUrl: '🦉',
      isPublic: false,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ profileName: 'Olive Oak', avatarUrl: '🦉', isPublic: false });
    // The switch is real: others now see the private view (decision 008).
    const seen = await (await asOther.request('/api/users/page_owner')).json();
    expect(seen).toMatchObject({ isPrivateView: true, avatarUrl: '🦉' });
    await patch(asOwner, '/api/accounts/me/profile', { profileName: 'Olive', avatarUrl: '🦉', isPublic: true });
    expect((await (await asOther.request('/api/users/page_owner')).json()).isPrivateView).toBe(false);
  });

  it('refuses a blank name and an avatar that is not offered, changing nothing', async () => {
    const before = await me(asOwner);
    const blank = await patch(asOwner, '/api/accounts/me/profile', {
      profileName: ' ',
      avatarUrl: null,
      isPublic: true,
    });
    expect(blank.status).toBe(400);
    expect((await blank.json()).message).toBe(ownProfileMessages.nameRequired);
    const image = await patch(asOwner, '/api/accounts/me/profile', {
      profileName: 'Olive',
      avatarUrl: 'javascript:alert(1)',
      isPublic: true,
    });
    expect(image.status).toBe(400);
    expect(await me(asOwner)).toEqual(before);
  });

  it('changes only the caller’s own profile', async () => {
    const otherBefore = await me(asOther);
    await patch(asOwner, '/api/accounts/me/profile', { profileName: 'Olive again', avatarUrl: null, isPublic: true });
    expect(await me(asOther)).toEqual(otherBefore);
  });
});

describe('Account Info: the username', () => {
  it('refuses an invalid name with the spec’s message', async () => {
    const response = await put(asOwner, '/api/accounts/me/username', { username: 'no spaces!' });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(usernameMessages.invalid);
  });

  it('refuses a name taken by someone else, compared case-insensitively', async () => {
    const response = await put(asOwner, '/api/accounts/me/username', { username: 'PAGE_OTHER' });
    expect(response.status).toBe(409);
    expect((await response.json()).message).toBe(usernameMessages.taken);
    expect((await me(asOwner)).username).toBe('page_owner');
  });

  it('changes it, also only in case; the profile moves to the new address', async () => {
    const cased = await put(asOwner, '/api/accounts/me/username', { username: 'Page_Owner' });
    expect(cased.status).toBe(200);
    expect((await cased.json()).username).toBe('Page_Owner');

    const renamed = await put(asOwner, '/api/accounts/me/username', { username: 'olive_oak' });
    expect(renamed.status).toBe(200);
    expect((await asOther.request('/api/users/olive_oak')).status).toBe(200);
    expect((await asOther.request('/api/users/page_owner')).status).toBe(404);
    // The old name is free for others now.
    const check = await (await asOther.request('/api/accounts/username-availability?username=page_owner')).json();
    expect(check.available).toBe(true);
  });
});

describe('Settings', () => {
  it('stores the theme and the e-mail notifications switch', async () => {
    expect(await me(asOther)).toMatchObject({ theme: 'system', emailNotifications: true });
    const response = await patch(asOther, '/api/accounts/me/settings', { theme: 'dark', emailNotifications: false });
    expect(response.status).toBe(200);
    expect(await me(asOther)).toMatchObject({ theme: 'dark', emailNotifications: false });
    await patch(asOther, '/api/accounts/me/settings', { theme: 'light' });
    expect(await me(asOther)).toMatchObject({ theme: 'light', emailNotifications: false });
  });

  it('limits changes to one’s profile, username and settings per user: past it, 429 with Retry-After', async () => {
    const user = await createUser(t.db, { username: 'busy_switcher' });
    const agent = await signedInAgent(t, user);
    await t.db.execute(sql`insert into rate_limits (key, window_start, count)
      values (${rateKey('ownProfileWritesPerUser', user.id)}, now(), ${rateRules.ownProfileWritesPerUser.max})`);
    for (const refused of [
      await patch(agent, '/api/accounts/me/settings', { hideCompletedItems: true }),
      await patch(agent, '/api/accounts/me/profile', { profileName: 'Busy', avatarUrl: null, isPublic: true }),
      await put(agent, '/api/accounts/me/username', { username: 'busy_switcher_2' }),
    ]) {
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    expect(await me(agent)).toMatchObject({ hideCompletedItems: false, username: 'busy_switcher' });
  });

  it('refuses an unknown theme', async () => {
    const response = await patch(asOther, '/api/accounts/me/settings', { theme: 'neon' });
    expect(response.status).toBe(400);
    expect((await me(asOther)).theme).toBe('light');
  });
});

describe('My Lists, sorted, filtered and paged by the server', () => {
  const read = async (agent: Agent, query: string) => {
    const response = await agent.request(`/api/accounts/me/checklists${query}`);
    expect(response.status).toBe(200);
    return ownChecklistsSchema.parse(await response.json());
  };
  const titlesOf = (page: { checklists: { title: string }[] }) => page.checklists.map((list) => list.title);

  it('sorts newest, oldest, most used (newest first on ties) and by title ignoring case; filters by visibility; sums all', async () => {
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, user);
    const made = async (title: string, uses: number, day: number, isPublic = true) => {
      const list = await makeChecklist(t.db, user.id, {
        title,
        isPublic,
        createdAt: new Date(`2026-01-0${day}T00:00:00Z`),
      });
      await t.db.execute(sql`update checklists set uses_count = ${uses} where id = ${list.id}`);
    };
    await made('banana', 5, 2);
    await made('Apple', 9, 1, false);
    await made('cherry', 5, 3);

    expect(titlesOf(await read(agent, ''))).toEqual(['cherry', 'banana', 'Apple']);
    expect(titlesOf(await read(agent, '?sort=oldest'))).toEqual(['Apple', 'banana', 'cherry']);
    expect(titlesOf(await read(agent, '?sort=most-used'))).toEqual(['Apple', 'cherry', 'banana']);
    expect(titlesOf(await read(agent, '?sort=title'))).toEqual(['Apple', 'banana', 'cherry']);
    expect(titlesOf(await read(agent, '?filter=private'))).toEqual(['Apple']);
    const publicOnly = await read(agent, '?filter=public');
    expect(titlesOf(publicOnly)).toEqual(['cherry', 'banana']);
    // The tiles count every list, whatever the filter shows.
    expect(publicOnly.summary).toEqual({ totalLists: 3, totalUses: 19, mostPopularTitle: 'Apple' });
  });

  it('names no most popular list while none is used, and counts none for a new user', async () => {
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, user);
    expect((await read(agent, '')).summary).toEqual({ totalLists: 0, totalUses: 0, mostPopularTitle: null });
    await makeChecklist(t.db, user.id, { title: 'Unused' });
    expect((await read(agent, '')).summary).toEqual({ totalLists: 1, totalUses: 0, mostPopularTitle: null });
  });

  it.each(['newest', 'oldest', 'most-used', 'title'] as const)(
    'pages of the %s sort join without repeats or gaps, and a cursor serves only its own sort and filter',
    async (sort) => {
      const user = await createUser(t.db);
      const agent = await signedInAgent(t, user);
      // Ties on purpose: same uses, titles differing only in case, so the later keys decide.
      for (let index = 0; index < 7; index++) {
        const list = await makeChecklist(t.db, user.id, {
          title: index % 2 ? `Trip ${index % 3}` : `trip ${index % 3}`,
        });
        await t.db.execute(sql`update checklists set uses_count = ${index % 2} where id = ${list.id}`);
      }
      const whole = await read(agent, `?sort=${sort}&limit=100`);
      const pages: string[] = [];
      let cursor: string | null = null;
      do {
        const page: OwnChecklistsPage = await read(
          agent,
          `?sort=${sort}&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(page.checklists.length).toBeLessThanOrEqual(3);
        pages.push(...page.checklists.map((list) => list.id));
        cursor = page.nextCursor;
        if (cursor) {
          const elsewhere = await agent.request(
            `/api/accounts/me/checklists?sort=${sort}&filter=private&cursor=${encodeURIComponent(cursor)}`,
          );
          expect(elsewhere.status).toBe(400);
          expect(await elsewhere.json()).toEqual({ message: 'Invalid cursor.', code: 'invalid_input' });
        }
      } while (cursor);
      expect(pages).toEqual(whole.checklists.map((list) => list.id));
      expect(new Set(pages).size).toBe(7);
    },
  );

  it.each(['?sort=liked', '?filter=secret', '?limit=0', '?limit=101', '?cursor=garbage'])(
    'refuses %s with 400',
    async (query) => {
      const agent = await signedInAgent(t, await createUser(t.db));
      const response = await agent.request(`/api/accounts/me/checklists${query}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'invalid_input' });
    },
  );
});
