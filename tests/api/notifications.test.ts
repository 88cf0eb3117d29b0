import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notificationListSchema } from '../../src/domain/notifications/notifications';
import { makeChecklist, createUser } from '../../src/server/seed/factories';
import { createAppWithUsers, signedInAgent } from '../setup/sign-in';
import type { Agent } from '../setup/test-app';
import { privateProfileView } from '../setup/social';

const {
  t,
  users: { author },
  agents: { author: asAuthor, fan: asFan },
} = await createAppWithUsers({
  author: { username: 'note_author', profileName: 'Alex' },
  fan: { username: 'note_fan', profileName: 'Sam', avatarUrl: '🦊' },
});

const inbox = async (agent: Agent) =>
  notificationListSchema.parse(await (await agent.request('/api/notifications')).json()).notifications;
const unread = async (agent: Agent) =>
  (await (await agent.request('/api/notifications/unread-count')).json()).unread as number;

describe('notifications are created with the action', () => {
  it('for a like, a comment, a clone and a follow, naming the actor and the list', async () => {
    await asAuthor.request('/api/notifications', { method: 'DELETE' });
    const list = await makeChecklist(t.db, author.id, { title: 'Moving house' });
    await asFan.request(`/api/checklists/${list.id}/like`, { method: 'PUT' });
    await asFan.post(`/api/checklists/${list.id}/comments`, { content: 'Great tips' });
    await asFan.post(`/api/checklists/${list.id}/clone`, {});
    await asFan.request('/api/users/NOTE_AUTHOR/follow', { method: 'PUT' });

    const notes = await inbox(asAuthor);
    expect(notes.map((note) => [note.type, note.message])).toEqual([
      ['follow', 'Sam started following you'],
      // Decision 011: the first clone by someone else earns the author a badge.
      ['badge', 'You earned the badge “Trendsetter”'],
      ['clone', 'Sam cloned “Moving house”'],
      ['comment', 'Sam commented on “Moving house”'],
      ['like', 'Sam liked “Moving house”'],
    ]);
    expect(notes[0]!.actor).toEqual({ username: 'note_fan', name: 'Sam', avatar: '🦊' });
    expect(notes[4]!.checklistId).toBe(list.id);
    expect(await unread(asAuthor)).toBe(5);
  });

  it('never for one’s own actions; an unlike or unfollow takes back a notification once it is an hour old', async () => {
    await asAuthor.request('/api/notifications', { method: 'DELETE' });
    const list = await makeChecklist(t.db, author.id);
    await asAuthor.post(`/api/checklists/${list.id}/comments`, { content: 'Note to self' });
    expect(await inbox(asAuthor)).toEqual([]);
    const anHourPasses = () =>
      t.db.execute(
        sql`update notifications set created_at = now() - interval '61 minutes' where user_id = ${author.id}`,
      );

    await asFan.request(`/api/checklists/${list.id}/like`, { method: 'PUT' });
    await asFan.request(`/api/checklists/${list.id}/like`, { method: 'PUT' });
    expect(await unread(asAuthor)).toBe(1);
    // Within the hour, liking and unliking again notifies the author of nothing more.
    await asFan.request(`/api/checklists/${list.id}/like`, { method: 'DELETE' });
    await asFan.request(`/api/checklists/${list.id}/like`, { method: 'PUT' });
    expect((await inbox(asAuthor)).map((note) => note.type)).toEqual(['like']);
    await anHourPasses();
    await asFan.request(`/api/checklists/${list.id}/like`, { method: 'DELETE' });
    expect(await inbox(asAuthor)).toEqual([]);

    await asFan.request('/api/users/note_author/follow', { method: 'DELETE' });
    await asFan.request('/api/users/note_author/follow', { method: 'PUT' });
    expect((await inbox(asAuthor)).map((note) => note.type)).toEqual(['follow']);
    await anHourPasses();
    await asFan.request('/api/users/note_author/follow', { method: 'DELETE' });
    expect(await inbox(asAuthor)).toEqual([]);
  });
});

describe('reading notifications', () => {
  it('marks one or all read, deletes one or all, and only the owner’s', async () => {
    await asAuthor.request('/api/notifications', { method: 'DELETE' });
    const list = await makeChecklist(t.db, author.id);
    await asFan.request(`/api/checklists/${list.id}/like`, { method: 'PUT' });
    await asFan.post(`/api/checklists/${list.id}/comments`, { content: 'One' });
    await asFan.post(`/api/checklists/${list.id}/comments`, { content: 'Two' });
    const [first, second] = await inbox(asAuthor);

    expect((await asFan.request(`/api/notifications/${first!.id}/read`, { method: 'POST' })).status).toBe(404);
    expect(await (await asAuthor.request(`/api/notifications/${first!.id}/read`, { method: 'POST' })).json()).toEqual({
      unread: 2,
    });
    expect((await inbox(asAuthor))[0]!.readAt).not.toBeNull();
    expect(await (await asAuthor.post('/api/notifications/read-all', {})).json()).toEqual({ unread: 0 });

    expect((await asFan.request(`/api/notifications/${second!.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await asAuthor.request(`/api/notifications/${second!.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await inbox(asAuthor)).toHaveLength(2);
    await asAuthor.request('/api/notifications', { method: 'DELETE' });
    expect(await inbox(asAuthor)).toEqual([]);
  });

  it('asks visitors to sign in', async () => {
    for (const [method, path] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', '/api/notifications/read-all'],
      ['DELETE', '/api/notifications'],
    ] as const) {
      expect((await t.agent().request(path, { method, json: method === 'POST' ? {} : undefined })).status, path).toBe(
        401,
      );
    }
  });
});

describe('follows', () => {
  it('refuse oneself and unknown users; count once per pair', async () => {
    const self = await asFan.request('/api/users/note_fan/follow', { method: 'PUT' });
    expect(self.status).toBe(400);
    expect((await self.json()).message).toBe('You cannot follow yourself.');
    const unknown = await asFan.request('/api/users/nobody_here/follow', { method: 'PUT' });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe('User not found');
    await asFan.request('/api/users/note_author/follow', { method: 'PUT' });
    const again = await (await asFan.request('/api/users/note_author/follow', { method: 'PUT' })).json();
    expect(again).toMatchObject({ followers: 1, isFollowing: true });
    expect((await t.agent().request('/api/users/note_author/follow', { method: 'PUT' })).status).toBe(401);
  });
});

describe('public profiles', () => {
  it('are found case-insensitively with counts and public lists only; unknown names are not found', async () => {
    const owner = await createUser(t.db, { username: 'Profile_Owner', profileName: 'Pia' });
    await makeChecklist(t.db, owner.id, { title: 'Shown' });
    await makeChecklist(t.db, owner.id, { title: 'Hidden', isPublic: false });
    await asFan.request('/api/users/profile_owner/follow', { method: 'PUT' });
    const profile = await (await t.agent().request('/api/users/PROFILE_OWNER')).json();
    expect(profile).toMatchObject({
      username: 'Profile_Owner',
      profileName: 'Pia',
      followers: 1,
      following: 0,
      isPrivateView: false,
    });
    expect(profile.checklists.map((list: { title: string }) => list.title)).toEqual(['Shown']);
    expect((await asFan.request('/api/users/profile_owner').then((r) => r.json())).isFollowing).toBe(true);
    const followers = await (await t.agent().request('/api/users/profile_owner/followers')).json();
    expect(followers.users.map((user: { username: string }) => user.username)).toEqual(['note_fan']);
    const missing = await t.agent().request('/api/users/no_such_person');
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe('User not found');
  });

  it('a private profile shows others only its avatar and username; its owner sees it all', async () => {
    const owner = await createUser(t.db, {
      username: 'quiet_one',
      profileName: 'Quinn',
      avatarUrl: '🦉',
      isPublic: false,
    });
    await makeChecklist(t.db, owner.id, { title: 'Public but on a private profile' });
    const seen = await (await t.agent().request('/api/users/quiet_one')).json();
    expect(seen).toEqual(privateProfileView({ id: owner.id, username: 'quiet_one' }, '🦉'));
    expect((await t.agent().request('/api/users/quiet_one/followers')).status).toBe(404);
    const asOwner = await signedInAgent(t, owner);
    const own = await (await asOwner.request('/api/users/quiet_one')).json();
    expect(own).toMatchObject({ isPrivateView: false, isOwner: true, profileName: 'Quinn', followers: 0 });
    expect(own.checklists).toHaveLength(1);
  });
});
