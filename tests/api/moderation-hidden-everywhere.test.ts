import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { commentListSchema } from '../../src/domain/checklists/comments';
import { checklistDetailSchema } from '../../src/domain/checklists/checklist-view';
import { ownChecklistsSchema } from '../../src/domain/checklists/own-lists';
import { holdMessages } from '../../src/domain/moderation/holds';
import { notificationListSchema } from '../../src/domain/notifications/notifications';
import { followListSchema, publicProfileSchema } from '../../src/domain/social/profile';
import { follows } from '../../src/server/db/schema';
import { hideThing, suspendUser } from '../../src/server/moderation/holds';
import { createUser, makeChecklist } from '../../src/server/seed/factories';
import { createAppWithUsers, signedInAgent } from '../setup/sign-in';
import type { Agent } from '../setup/test-app';

// Whatever the moderators hide, and everything of a suspended user, stays out of every listing
// and reader for everyone but its author (decision 048). Lists are held by their visibility, so
// the list listings need no condition of their own: these tests hold them to it too.

const {
  t,
  users: { author, reader },
  agents: { author: asAuthor, reader: asReader },
} = await createAppWithUsers({ author: { profileName: 'Hidra', isPublic: true }, reader: {} });

const json = async (agent: Agent, path: string) => {
  const response = await agent.request(path);
  expect(response.status).toBe(200);
  return response.json();
};
const text = async (path: string) => (await t.agent().request(path)).text();
const ids = (cards: { id: string }[]) => cards.map((card) => card.id);

/** A public list of `author` that is then hidden by the moderators. */
const hiddenList = async (title: string) => {
  const list = await makeChecklist(t.db, author.id, { title, tags: ['zqhidden'] });
  expect(await hideThing(t.db, 'checklist', list.id, 'Spam links')).toBe(true);
  return list;
};

describe('a hidden list is left out of', () => {
  it('Browse and search', async () => {
    const list = await hiddenList('Zqhiddenbrowse gear');
    const search = await json(t.agent(), '/api/checklists?q=zqhiddenbrowse');
    expect(ids(search.checklists)).not.toContain(list.id);
    expect(ids((await json(t.agent(), '/api/checklists?sort=newest')).checklists)).not.toContain(list.id);
  });

  it("Discover's suggestions", async () => {
    // Suggestions show none under three lists: three are shown beside the hidden one.
    const shown = await makeChecklist(t.db, author.id, { title: 'Zq suggested' });
    await makeChecklist(t.db, author.id);
    await makeChecklist(t.db, author.id);
    const list = await hiddenList('Zq suggested but hidden');
    const suggested = ids((await json(asReader, '/api/discover/suggestions')).checklists);
    expect(suggested).toContain(shown.id);
    expect(suggested).not.toContain(list.id);
  });

  it("its author's profile page for others, and is on it for the author's own look", async () => {
    const list = await hiddenList('Zq profile hidden');
    const forReader = publicProfileSchema.parse(await json(asReader, `/api/users/${author.username}`));
    expect(ids(forReader.checklists)).not.toContain(list.id);
  });

  it('the sitemap and the feeds, and its page is not found for others', async () => {
    const list = await hiddenList('Zq crawled hidden');
    expect(await text('/sitemap.xml')).not.toContain(list.id);
    expect(await text('/feeds/newest.atom')).not.toContain(list.id);
    expect(await text('/feeds/tag/zqhidden.atom')).not.toContain(list.id);
    expect((await asReader.request(`/api/checklists/${list.id}`)).status).toBe(404);
  });
});

describe("the author's own view of a hidden list", () => {
  it('shows the hold and their own choice of visibility, on the detail page and in My Lists', async () => {
    const list = await hiddenList('Zq author sees it');
    const detail = checklistDetailSchema.parse(await json(asAuthor, `/api/checklists/${list.id}`));
    expect(detail.visibility).toBe('public');
    expect(detail.hold).toEqual({ reason: 'Spam links', reviewRequested: false });
    const mine = ownChecklistsSchema.parse(await json(asAuthor, '/api/accounts/me/checklists?limit=50'));
    const row = mine.checklists.find((own) => own.id === list.id);
    expect(row).toMatchObject({ visibility: 'public', hold: { reason: 'Spam links' } });
  });

  it('lets the author edit it while it is hidden', async () => {
    const list = await hiddenList('Zq edited while hidden');
    const edited = await asAuthor.request(`/api/checklists/${list.id}`, {
      method: 'PUT',
      json: {
        title: 'Zq fixed',
        description: 'Better',
        items: ['One'],
        tags: [],
        estimatedTime: '1 hour',
        difficulty: 'easy',
      },
    });
    expect(edited.status).toBe(200);
  });
});

describe('comments', () => {
  it('a hidden comment is left out of the list and its count for others, and shown with its notice to its author', async () => {
    const list = await makeChecklist(t.db, reader.id);
    const kept = await (await asReader.post(`/api/checklists/${list.id}/comments`, { content: 'Kept' })).json();
    const hidden = await (await asAuthor.post(`/api/checklists/${list.id}/comments`, { content: 'Buy pills' })).json();
    await hideThing(t.db, 'comment', hidden.id, 'Spam');

    for (const agent of [t.agent(), asReader]) {
      const page = commentListSchema.parse(await json(agent, `/api/checklists/${list.id}/comments`));
      expect(page.comments.map((comment) => comment.id)).toEqual([kept.id]);
      expect(page.total).toBe(1);
    }
    const own = commentListSchema.parse(await json(asAuthor, `/api/checklists/${list.id}/comments`));
    expect(own.total).toBe(2);
    expect(own.comments.find((comment) => comment.id === hidden.id)?.hold).toEqual({
      reason: 'Spam',
      reviewRequested: false,
    });
    expect(own.comments.find((comment) => comment.id === kept.id)?.hold).toBeNull();
  });

  it("a suspended user's comments are left out for everyone, and come back when the suspension ends", async () => {
    const troll = await createUser(t.db, { username: 'zq_troll' });
    const asTroll = await signedInAgent(t, troll);
    const list = await makeChecklist(t.db, reader.id);
    await asTroll.post(`/api/checklists/${list.id}/comments`, { content: 'Rude' });
    await suspendUser(t.db, troll.id, null, 'Harassment');
    const page = commentListSchema.parse(await json(asReader, `/api/checklists/${list.id}/comments`));
    expect(page).toMatchObject({ comments: [], total: 0 });
    await t.db.execute(sql`update profiles set suspended_until = now() - interval '1 minute' where id = ${troll.id}`);
    expect(commentListSchema.parse(await json(asReader, `/api/checklists/${list.id}/comments`)).total).toBe(1);
  });
});

describe('a hidden or suspended profile', () => {
  it('is not found on its page for others, and its owner sees it with the notice', async () => {
    const person = await createUser(t.db, { username: 'zq_hidden_face', isPublic: true });
    const asPerson = await signedInAgent(t, person);
    await hideThing(t.db, 'profile', person.id, 'Offensive picture');
    expect((await t.agent().request(`/api/users/${person.username}`)).status).toBe(404);
    expect((await asReader.request(`/api/users/${person.username}`)).status).toBe(404);
    const own = publicProfileSchema.parse(await json(asPerson, `/api/users/${person.username}`));
    expect(own.hold).toEqual({ reason: 'Offensive picture', reviewRequested: false });
    expect(holdMessages.hiddenNotice(own.hold!.reason)).toBe('Hidden by the moderators: Offensive picture');
  });

  it('is not found for a suspended user, nor can anyone follow them', async () => {
    const person = await createUser(t.db, { username: 'zq_suspended_face', isPublic: true });
    await suspendUser(t.db, person.id, null, 'Spam');
    expect((await asReader.request(`/api/users/${person.username}`)).status).toBe(404);
    expect((await asReader.request(`/api/users/${person.username}/follow`, { method: 'PUT' })).status).toBe(404);
    expect((await asReader.request(`/api/users/${person.username}/followers`)).status).toBe(404);
  });

  it('is left out of the follower and following dialogs of others', async () => {
    const star = await createUser(t.db, { username: 'zq_star', isPublic: true });
    const fan = await createUser(t.db, { username: 'zq_hidden_fan', isPublic: true });
    const friend = await createUser(t.db, { username: 'zq_friend', isPublic: true });
    await t.db.insert(follows).values([
      { followerId: fan.id, followedId: star.id },
      { followerId: friend.id, followedId: star.id },
      { followerId: star.id, followedId: fan.id },
    ]);
    await hideThing(t.db, 'profile', fan.id, 'Spam');
    const followers = followListSchema.parse(await json(asReader, `/api/users/${star.username}/followers`));
    expect(followers.users.map((user) => user.username)).toEqual(['zq_friend']);
    const following = followListSchema.parse(await json(asReader, `/api/users/${star.username}/following`));
    expect(following.users).toEqual([]);
    const asFan = await signedInAgent(t, fan);
    const ownView = followListSchema.parse(await json(asFan, `/api/users/${star.username}/followers`));
    expect(ownView.users.map((user) => user.username)).toContain('zq_hidden_fan');
  });

  it('is left out of the sitemap and has no feed', async () => {
    const person = await createUser(t.db, { username: 'zq_unlisted_face', isPublic: true });
    await makeChecklist(t.db, person.id, { title: 'Zq by a hidden face' });
    await hideThing(t.db, 'profile', person.id, 'Spam');
    expect(await text('/sitemap.xml')).not.toContain('/user/zq_unlisted_face');
    expect((await t.agent().request('/feeds/user/zq_unlisted_face.atom')).status).toBe(404);
  });

  it('names nobody in its notifications: the recipient reads them from Someone', async () => {
    const fan = await createUser(t.db, { username: 'zq_noisy_fan', profileName: 'Noisy', isPublic: true });
    const asFan = await signedInAgent(t, fan);
    expect((await asFan.request(`/api/users/${reader.username}/follow`, { method: 'PUT' })).status).toBe(200);
    const before = notificationListSchema.parse(await json(asReader, '/api/notifications'));
    expect(before.notifications[0]?.actor?.username).toBe('zq_noisy_fan');
    await hideThing(t.db, 'profile', fan.id, 'Spam');
    const after = notificationListSchema.parse(await json(asReader, '/api/notifications'));
    expect(after.notifications[0]).toMatchObject({ message: 'Someone started following you' });
    expect(after.notifications[0]?.actor?.username ?? null).toBeNull();
    expect(JSON.stringify(after)).not.toContain('Noisy');
  });
});
