import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountExportSchema, DELETED_USER } from '../../src/domain/accounts/account-data';
import { accountMessages } from '../../src/domain/accounts/account-forms';
import { createUser, makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

const put = (agent: Agent, path: string) => agent.request(path, { method: 'PUT' });
const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await t.db.execute<T>(query)).rows;

let sceneCount = 0;

/**
 * A user who leaves (`leaver`) with one of each thing, and a user who stays (`stayer`) who liked,
 * commented on, cloned, completed an item of and saved the leaver's public list.
 */
async function scene() {
  const n = ++sceneCount;
  const leaver = await createUser(t.db, { username: `leaver_${n}`, profileName: `Leaver ${n}` });
  const stayer = await createUser(t.db, { username: `stayer_${n}`, profileName: `Stayer ${n}` });
  const asLeaver = await signedInAgent(t, leaver);
  const asStayer = await signedInAgent(t, stayer);

  const shared = await makeChecklist(t.db, leaver.id, {
    title: `Leaver public ${n}`,
    tags: ['trip'],
    items: ['a', 'b'],
  });
  const secret = await makeChecklist(t.db, leaver.id, { title: `Leaver private ${n}`, isPublic: false });
  const stayers = await makeChecklist(t.db, stayer.id, { title: `Stayer public ${n}`, items: ['x', 'y'] });
  const stayersLater = await makeChecklist(t.db, stayer.id, { title: `Stayer goes private ${n}` });

  // The stayer on the leaver's list.
  await put(asStayer, `/api/checklists/${shared.id}/like`);
  await asStayer.post(`/api/checklists/${shared.id}/comments`, { content: 'Stayer was here' });
  const stayersClone = (await (await asStayer.post(`/api/checklists/${shared.id}/clone`, {})).json()) as { id: string };
  await put(asStayer, `/api/checklists/${shared.id}/items/${shared.items[0]!.id}/done`);
  await put(asStayer, `/api/library/saved/${shared.id}`);
  // The leaver on the stayer's lists, and on their own.
  await put(asLeaver, `/api/checklists/${stayers.id}/like`);
  await asLeaver.post(`/api/checklists/${stayers.id}/comments`, { content: 'Leaver was here' });
  await put(asLeaver, `/api/checklists/${stayers.id}/items/${stayers.items[0]!.id}/done`);
  await put(asLeaver, `/api/checklists/${shared.id}/items/${shared.items[1]!.id}/done`);
  const group = (await (await asLeaver.post('/api/library/groups', { name: 'Trips' })).json()) as { id: string };
  await put(asLeaver, `/api/library/groups/${group.id}/checklists/${stayers.id}`);
  await put(asLeaver, `/api/library/saved/${stayersLater.id}`);
  await put(asLeaver, `/api/users/${stayer.username}/follow`);
  await put(asStayer, `/api/users/${leaver.username}/follow`);
  await asStayer.request(`/api/checklists/${stayersLater.id}/visibility`, {
    method: 'PATCH',
    json: { isPublic: false },
  });

  return { leaver, stayer, asLeaver, asStayer, shared, secret, stayers, stayersLater, stayersClone };
}

const counters = async (id: string) =>
  (
    await rows<{ author_id: string; uses_count: number; likes_count: number; clones_count: number }>(
      sql`select author_id, uses_count, likes_count, clones_count from checklists where id = ${id}`,
    )
  )[0];

const deleteAccount = (agent: Agent, password: string, keepPublicContent: boolean) =>
  agent.post('/api/accounts/me/delete', { password, keepPublicContent });

describe('who may export or delete', () => {
  it.each([
    ['GET', '/api/accounts/me/export', undefined],
    ['POST', '/api/accounts/me/delete', { password: 'whatever-it-is', keepPublicContent: false }],
  ])('a visitor gets 401 from %s %s', async (method, path, json) => {
    expect((await t.agent().request(path, { method, json })).status).toBe(401);
  });

  it('a user can export and delete only their own account: another user’s password does not work', async () => {
    const { leaver, asStayer, stayer } = await scene();
    const response = await deleteAccount(asStayer, leaver.password.replace('horse', 'mule'), true);
    expect(response.status).toBe(400);
    const exported = accountExportSchema.parse(await (await asStayer.request('/api/accounts/me/export')).json());
    expect(exported.profile.username).toBe(stayer.username);
    expect(await rows(sql`select id from users where id = ${leaver.id}`)).toHaveLength(1);
  });
});

describe('download my data', () => {
  it('is a JSON attachment of every section, with the user’s lists and without others’ private ones', async () => {
    const { leaver, asLeaver, asStayer, shared, secret, stayers, stayersLater, stayer } = await scene();
    // A list the leaver liked that its author then made private.
    const likedThenHidden = await makeChecklist(t.db, stayer.id, { title: 'Liked then hidden' });
    await put(asLeaver, `/api/checklists/${likedThenHidden.id}/like`);
    await asStayer.request(`/api/checklists/${likedThenHidden.id}/visibility`, {
      method: 'PATCH',
      json: { isPublic: false },
    });
    const response = await asLeaver.request('/api/accounts/me/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="ticklist-${leaver.username}-${new Date().toISOString().slice(0, 10)}.json"`,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    const data = accountExportSchema.parse(JSON.parse(text));

    expect(data.profile).toMatchObject({
      username: leaver.username,
      profileName: expect.any(String),
      email: leaver.email,
    });
    expect(data.checklists.map((list) => list.title)).toEqual([shared.title, secret.title]);
    expect(data.checklists[0]).toMatchObject({
      items: [
        { kind: 'item', content: 'a', note: '' },
        { kind: 'item', content: 'b', note: '' },
      ],
      tags: ['trip'],
      isPublic: true,
      likes: 1,
    });
    expect(data.progress.map((entry) => entry.checklistId).sort()).toEqual([shared.id, stayers.id].sort());
    expect(data.progress.find((entry) => entry.checklistId === stayers.id)).toMatchObject({ completedItems: ['x'] });
    // The lists the user likes, of those they may still see.
    expect(data.likes).toEqual([expect.objectContaining({ checklistId: stayers.id, title: stayers.title })]);
    expect(data.comments).toEqual([expect.objectContaining({ content: 'Leaver was here', checklistId: stayers.id })]);
    expect(data.library.groups).toEqual([
      expect.objectContaining({ name: 'Trips', checklists: [expect.objectContaining({ id: stayers.id })] }),
    ]);
    expect(data.follows.following).toEqual([expect.objectContaining({ username: stayer.username })]);
    expect(data.follows.followers).toEqual([expect.objectContaining({ username: stayer.username })]);
    expect(data.notifications.map((entry) => entry.type).sort()).toEqual([
      'badge',
      'clone',
      'comment',
      'follow',
      'like',
    ]);
    // The scene earns the leaver a badge (the "badge" notification above).
    expect(data.badges.length).toBeGreaterThan(0);
    // The stayer's lists that became private are left out everywhere (the saved and the liked one too).
    expect(data.library.saved).toEqual([]);
    expect(text).not.toContain(stayersLater.title);
    expect(text).not.toContain(stayersLater.id);
    expect(text).not.toContain(likedThenHidden.id);
  });
});

describe('delete my account', () => {
  it('refuses a malformed deletion request with 400 and deletes nothing', async () => {
    const { leaver, asLeaver } = await scene();
    for (const body of [{}, { password: 'x', keepPublicContent: 'yes' }, { password: 42, keepPublicContent: true }]) {
      const response = await asLeaver.post('/api/accounts/me/delete', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).code).toBe('invalid_input');
    }
    const broken = await asLeaver.request('/api/accounts/me/delete', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(await rows(sql`select id from users where id = ${leaver.id}`)).toHaveLength(1);
  });

  it('refuses a wrong password with the spec’s words and deletes nothing', async () => {
    const { leaver, asLeaver } = await scene();
    const response = await deleteAccount(asLeaver, 'not-my-password', false);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      message: accountMessages.currentPasswordWrong,
      code: 'invalid_password',
    });
    expect(await rows(sql`select id from users where id = ${leaver.id}`)).toHaveLength(1);
    expect((await asLeaver.request('/api/accounts/me')).status).toBe(200);
  });

  it('keeping public content: the lists and comments stay under "Deleted user"; the rest goes', async () => {
    const s = await scene();
    const response = await deleteAccount(s.asLeaver, s.leaver.password, true);
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join(';')).toMatch(/better-auth\.session_token=;/);
    expect((await s.asLeaver.request('/api/accounts/me')).status).toBe(401);
    expect(
      (await t.agent().post('/api/auth/sign-in/email', { email: s.leaver.email, password: s.leaver.password })).status,
    ).toBe(401);

    // The public list: now by "Deleted user", with the stayer's like, completion, comment and clone.
    expect(await counters(s.shared.id)).toEqual({
      author_id: DELETED_USER.id,
      uses_count: 1,
      likes_count: 1,
      clones_count: 1,
    });
    const detail = (await (await s.asStayer.request(`/api/checklists/${s.shared.id}`)).json()) as { author: string };
    expect(detail.author).toBe(DELETED_USER.name);
    const comments = await rows<{ user_id: string; content: string }>(
      sql`select user_id, content from checklist_comments where checklist_id in (${s.shared.id}, ${s.stayers.id}) order by content`,
    );
    expect(comments).toEqual([
      { user_id: DELETED_USER.id, content: 'Leaver was here' },
      { user_id: s.stayer.id, content: 'Stayer was here' },
    ]);
    // The private list, the likes, completions, library and follows of the leaver are gone; counters follow.
    expect(await counters(s.secret.id)).toBeUndefined();
    expect(await counters(s.stayers.id)).toMatchObject({ likes_count: 0, uses_count: 0 });
    for (const table of [
      'sessions',
      'accounts',
      'profiles',
      'user_list_groups',
      'saved_checklists',
      'checklist_progress',
      'checklist_runs',
      'user_badges',
    ]) {
      const column = table === 'profiles' ? 'id' : 'user_id';
      expect(
        await rows(sql`select 1 from ${sql.identifier(table)} where ${sql.identifier(column)} = ${s.leaver.id}`),
      ).toEqual([]);
    }
    expect(
      await rows(sql`select 1 from follows where follower_id = ${s.leaver.id} or followed_id = ${s.leaver.id}`),
    ).toEqual([]);
    // The stayer's things stay: their saved copy, their clone (still linked), their notification (anonymised).
    expect(
      await rows(sql`select 1 from saved_checklists where user_id = ${s.stayer.id} and checklist_id = ${s.shared.id}`),
    ).toHaveLength(1);
    expect(
      await rows(
        sql`select original_checklist_id from cloned_checklists where cloned_checklist_id = ${s.stayersClone.id}`,
      ),
    ).toEqual([{ original_checklist_id: s.shared.id }]);
    const notes = await rows<{ actor_id: string; message: string }>(
      sql`select actor_id, message from notifications where user_id = ${s.stayer.id} order by message`,
    );
    expect(notes).toEqual([
      { actor_id: DELETED_USER.id, message: `Deleted user commented on “${s.stayers.title}”` },
      { actor_id: DELETED_USER.id, message: `Deleted user liked “${s.stayers.title}”` },
      { actor_id: DELETED_USER.id, message: 'Deleted user started following you' },
    ]);
  });

  it('deleting public content too: lists and comments go; other users keep their clone and everything of theirs', async () => {
    const s = await scene();
    expect((await deleteAccount(s.asLeaver, s.leaver.password, false)).status).toBe(200);

    expect(await rows(sql`select id from checklists where id in (${s.shared.id}, ${s.secret.id})`)).toEqual([]);
    expect(
      await rows(sql`select id from checklists where author_id = ${DELETED_USER.id} and id = ${s.shared.id}`),
    ).toEqual([]);
    // The stayer's clone keeps its content and "Cloned from" as plain text, as for any deleted original.
    expect(
      await rows(
        sql`select original_checklist_id, original_title from cloned_checklists where cloned_checklist_id = ${s.stayersClone.id}`,
      ),
    ).toEqual([{ original_checklist_id: null, original_title: s.shared.title }]);
    expect(await counters(s.stayersClone.id)).toMatchObject({ author_id: s.stayer.id });
    // The leaver's comment goes; the stayer's comment went with the deleted list (as when an author deletes a list).
    expect(await rows(sql`select content from checklist_comments where checklist_id = ${s.stayers.id}`)).toEqual([]);
    expect(await rows(sql`select content from checklist_comments where user_id = ${s.stayer.id}`)).toEqual([]);
    expect(await counters(s.stayers.id)).toMatchObject({ author_id: s.stayer.id, likes_count: 0, uses_count: 0 });
    // The stayer's own completion on their own list and their lists stay.
    expect(await rows(sql`select title from checklists where author_id = ${s.stayer.id} order by title`)).toHaveLength(
      3,
    );
    expect((await s.asStayer.request('/api/accounts/me')).status).toBe(200);
    expect(await rows(sql`select 1 from notifications where actor_id = ${s.leaver.id}`)).toEqual([]);
  });

  it('keeps another user’s like and comment on a kept list, and nothing of the leaver survives in the reserved user', async () => {
    const s = await scene();
    await deleteAccount(s.asLeaver, s.leaver.password, true);
    expect(await rows(sql`select user_id from checklist_likes where checklist_id = ${s.shared.id}`)).toEqual([
      { user_id: s.stayer.id },
    ]);
    const placeholder = await rows(
      sql`select username, profile_name, is_public from profiles where id = ${DELETED_USER.id}`,
    );
    expect(placeholder).toEqual([
      { username: DELETED_USER.username, profile_name: DELETED_USER.name, is_public: false },
    ]);
    expect(await rows(sql`select 1 from accounts where user_id = ${DELETED_USER.id}`)).toEqual([]);
  });
});

describe('rate limits', () => {
  it('responds 429 with Retry-After past 5 exports an hour', async () => {
    const user: CreatedUser = await createUser(t.db);
    const agent = await signedInAgent(t, user);
    for (let i = 0; i < 5; i++) expect((await agent.request('/api/accounts/me/export')).status).toBe(200);
    const response = await agent.request('/api/accounts/me/export');
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response.json()).toMatchObject({ message: accountMessages.tooManyRequests });
  });

  it('responds 429 with Retry-After past 5 deletion attempts in 15 minutes, even with the right password', async () => {
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, user);
    for (let i = 0; i < 5; i++) expect((await deleteAccount(agent, 'wrong-password', true)).status).toBe(400);
    const response = await deleteAccount(agent, user.password, true);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await rows(sql`select id from users where id = ${user.id}`)).toHaveLength(1);
  });
});
