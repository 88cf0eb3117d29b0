import { beforeAll, describe, expect, it } from 'vitest';
import { groupsSchema, isInLibrary, libraryMessages } from '../../src/domain/library/library';
import { makeChecklist, createUser, type CreatedUser } from '../../src/server/seed/factories';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';

let t: TestApp;
let user: CreatedUser;
let asUser: Agent;
let asOther: Agent;
let author: CreatedUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.db);
  author = await createUser(t.db, { profileName: 'Ada', avatarUrl: '🦊' });
  asUser = await signedInAgent(t, user);
  asOther = await signedInAgent(t, await createUser(t.db));
});

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
