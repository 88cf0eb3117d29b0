import { describe, expect, it } from 'vitest';
import {
  GROUP_LISTS_SHOWN,
  groupListsPageSchema,
  groupsSchema,
  isInLibrary,
  libraryMessages,
  MAX_GROUPS,
} from '../../src/domain/library/library';
import { userListGroups, userListMemberships } from '../../src/server/db/schema';
import { makeChecklist, createUser } from '../../src/server/seed/factories';
import { createAppWithUsers, signedInAgent } from '../setup/sign-in';
import type { Agent } from '../setup/test-app';
import { createRecordingDatabase, expectSessionThenOneStatement } from '../setup/test-database';

/** Records every SQL statement the app sends, in order. */
const recording = await createRecordingDatabase();
const { statements } = recording;
const {
  t,
  agents: { user: asUser, other: asOther },
} = await createAppWithUsers({ user: {}, other: {} }, { db: recording.db });
const author = await createUser(t.db, { profileName: 'Ada', avatarUrl: '🦊' });

const groups = async (agent: Agent) =>
  groupsSchema.parse(await (await agent.request('/api/library/groups')).json()).groups;

describe('the list library', () => {
  it('creates groups with trimmed, non-blank names and lists them oldest first', async () => {
    expect((await asUser.post('/api/library/groups', { name: '   ' })).status).toBe(400);
    const weekend = await (await asUser.post('/api/library/groups', { name: '  Weekend  ' })).json();
    expect(weekend.name).toBe('Weekend');
    await asUser.post('/api/library/groups', { name: 'Work' });
    expect((await groups(asUser)).map((group) => group.name)).toEqual(['Weekend', 'Work']);
    expect(await groups(asOther)).toEqual([]);
  });

  it('toggles a list in and out of groups; "In Library" when in any of them', async () => {
    const list = await makeChecklist(t.db, author.id, { title: 'Picnic' });
    const group = await (await asUser.post('/api/library/groups', { name: 'Summer' })).json();
    const added = await (
      await asUser.request(`/api/library/groups/${group.id}/checklists/${list.id}`, { method: 'PUT' })
    ).json();
    expect(isInLibrary(added)).toBe(true);
    const again = await asUser.request(`/api/library/groups/${group.id}/checklists/${list.id}`, { method: 'PUT' });
    expect(again.status).toBe(200);
    const summer = (await groups(asUser)).find((entry) => entry.id === group.id)!;
    expect(summer.checklists).toEqual([{ id: list.id, title: 'Picnic', author: 'Ada', authorAvatar: '🦊' }]);
    const removed = await (
      await asUser.request(`/api/library/groups/${group.id}/checklists/${list.id}`, { method: 'DELETE' })
    ).json();
    expect(isInLibrary(removed)).toBe(false);
  });

  it('renames, and deletes a group only when it is empty', async () => {
    const list = await makeChecklist(t.db, author.id);
    const group = await (await asUser.post('/api/library/groups', { name: 'Old name' })).json();
    expect(
      (await asUser.request(`/api/library/groups/${group.id}`, { method: 'PATCH', json: { name: 'New name' } })).status,
    ).toBe(200);
    expect(
      (await asOther.request(`/api/library/groups/${group.id}`, { method: 'PATCH', json: { name: 'Mine now' } }))
        .status,
    ).toBe(404);
    await asUser.request(`/api/library/groups/${group.id}/checklists/${list.id}`, { method: 'PUT' });
    const refused = await asUser.request(`/api/library/groups/${group.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe(libraryMessages.groupNotEmpty);
    await asUser.request(`/api/library/groups/${group.id}/checklists/${list.id}`, { method: 'DELETE' });
    expect((await asUser.request(`/api/library/groups/${group.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await groups(asUser)).some((entry) => entry.id === group.id)).toBe(false);
  });

  it('saves a list; saving twice is success', async () => {
    const list = await makeChecklist(t.db, author.id);
    expect(await (await asUser.request(`/api/library/saved/${list.id}`, { method: 'PUT' })).json()).toEqual({
      groupIds: [],
      isSaved: true,
    });
    expect((await asUser.request(`/api/library/saved/${list.id}`, { method: 'PUT' })).status).toBe(200);
    expect(await (await asUser.request(`/api/library/saved/${list.id}`, { method: 'DELETE' })).json()).toEqual({
      groupIds: [],
      isSaved: false,
    });
  });

  it('hides a list from another user’s group once its author makes it private', async () => {
    const list = await makeChecklist(t.db, author.id);
    const group = await (await asUser.post('/api/library/groups', { name: 'Later private' })).json();
    await asUser.request(`/api/library/groups/${group.id}/checklists/${list.id}`, { method: 'PUT' });
    const asAuthor = await signedInAgent(t, author);
    await asAuthor.request(`/api/checklists/${list.id}/visibility`, { method: 'PATCH', json: { isPublic: false } });
    expect((await groups(asUser)).find((entry) => entry.id === group.id)!.checklists).toEqual([]);
    // The group looks empty, so it can be emptied and deleted; its hidden row goes with it.
    expect(
      (await asUser.request(`/api/library/groups/${group.id}/checklists/${list.id}`, { method: 'DELETE' })).status,
    ).toBe(200);
    await asUser.request(`/api/library/groups/${group.id}/checklists/${list.id}`, { method: 'PUT' });
    expect(
      (await asUser.request(`/api/library/groups/${group.id}/checklists/${list.id}`, { method: 'PUT' })).status,
    ).toBe(404);
    expect((await asUser.request(`/api/library/groups/${group.id}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('tells a list’s groups and whether it is saved in one statement after the session’s; a private list is not found', async () => {
    const list = await makeChecklist(t.db, author.id);
    const hidden = await makeChecklist(t.db, author.id, { isPublic: false });
    const asAuthor = await signedInAgent(t, author);
    const group = await (await asUser.post('/api/library/groups', { name: 'Status' })).json();
    await asUser.request(`/api/library/groups/${group.id}/checklists/${list.id}`, { method: 'PUT' });
    await asUser.request(`/api/library/saved/${list.id}`, { method: 'PUT' });
    for (const [agent, id, status, body] of [
      [asUser, list.id, 200, { groupIds: [group.id], isSaved: true }],
      [asOther, list.id, 200, { groupIds: [], isSaved: false }],
      [asUser, hidden.id, 404, null],
      [asAuthor, hidden.id, 200, { groupIds: [], isSaved: false }],
    ] as const) {
      statements.length = 0;
      const response = await agent.request(`/api/library/checklists/${id}`);
      expect(response.status).toBe(status);
      if (body) expect(await response.json()).toEqual(body);
      expectSessionThenOneStatement(statements);
    }
    expect((await asUser.request('/api/library/checklists/not-a-uuid')).status).toBe(404);
  });

  it('still lets the user unsave a list that has turned private', async () => {
    const list = await makeChecklist(t.db, author.id);
    await asUser.request(`/api/library/saved/${list.id}`, { method: 'PUT' });
    const asAuthor = await signedInAgent(t, author);
    await asAuthor.request(`/api/checklists/${list.id}/visibility`, { method: 'PATCH', json: { isPublic: false } });
    expect(await (await asUser.request(`/api/library/saved/${list.id}`, { method: 'DELETE' })).json()).toEqual({
      groupIds: [],
      isSaved: false,
    });
  });
});

describe('bounded responses', () => {
  it('a group shows its first 50 lists and its count; the rest come a page at a time, only to its owner', async () => {
    const owner = await createUser(t.db);
    const asOwner = await signedInAgent(t, owner);
    const group = await (await asOwner.post('/api/library/groups', { name: 'Big' })).json();
    const titles: string[] = [];
    for (let index = 0; index < 57; index++) {
      const list = await makeChecklist(t.db, author.id, { title: `Kept ${index}` });
      titles.push(list.title);
      await t.db.insert(userListMemberships).values({
        userId: owner.id,
        listGroupId: group.id,
        checklistId: list.id,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
      });
    }
    const [big] = await groups(asOwner);
    expect(big).toMatchObject({ name: 'Big', listCount: 57 });
    expect(big!.checklists).toHaveLength(GROUP_LISTS_SHOWN);
    expect(big!.nextCursor).not.toBeNull();

    const pagePath = (cursor: string, limit = 4) =>
      `/api/library/groups/${group.id}/checklists?cursor=${encodeURIComponent(cursor)}&limit=${limit}`;
    const next = groupListsPageSchema.parse(await (await asOwner.request(pagePath(big!.nextCursor!))).json());
    expect(next.checklists).toHaveLength(4);
    const last = groupListsPageSchema.parse(await (await asOwner.request(pagePath(next.nextCursor!))).json());
    expect(last.nextCursor).toBeNull();
    expect([...big!.checklists, ...next.checklists, ...last.checklists].map((list) => list.title)).toEqual(titles);

    // Someone else's group is not found; a cursor not of ours is refused.
    const theirs = await asOther.request(pagePath(big!.nextCursor!));
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual({ message: libraryMessages.groupNotFound, code: 'not_found' });
    const forged = await asOwner.request(`/api/library/groups/${group.id}/checklists?cursor=abc`);
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ message: 'Invalid cursor.', code: 'invalid_input' });
    expect((await asOwner.request(pagePath(big!.nextCursor!, 101))).status).toBe(400);
  });

  it('a user keeps at most 100 groups, even when asking for several at once', async () => {
    const owner = await createUser(t.db);
    const asOwner = await signedInAgent(t, owner);
    await t.db
      .insert(userListGroups)
      .values(Array.from({ length: MAX_GROUPS - 2 }, (_, index) => ({ userId: owner.id, name: `Group ${index}` })));
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) => asOwner.post('/api/library/groups', { name: `Late ${index}` })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 400, 400, 400]);
    const refused = answers.find((answer) => answer.status === 400)!;
    expect(await refused.json()).toEqual({ message: libraryMessages.tooManyGroups, code: 'invalid' });
    expect(await groups(asOwner)).toHaveLength(MAX_GROUPS);
  });
});
