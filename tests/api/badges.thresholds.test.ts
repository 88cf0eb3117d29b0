import { describe, expect, it } from 'vitest';
import { checklistComments, follows } from '../../src/server/db/schema';
import { makeChecklist, createUser } from '../../src/server/seed/factories';
import { createBadgeApp, earned, newList } from '../setup/badges';
import { completeItem } from '../setup/completions';
import { signedInAgent } from '../setup/sign-in';
import type { Agent } from '../setup/test-app';

const { t, fans, extra, badgesOf, badgeNotes, addLikes, addCompletedLists } = await createBadgeApp();

describe('each badge is earned by the real action at its threshold, and not before', () => {
  it('First Checklist and Curator: the 1st and 10th public list of one’s own; private lists and clones do not count', async () => {
    const writer = await createUser(t.db);
    const asWriter = await signedInAgent(t, writer);
    expect((await asWriter.post('/api/checklists', newList('My first'))).status).toBe(201);
    expect(await badgesOf(writer)).toEqual(['first-checklist']);

    for (let index = 0; index < 7; index++) await makeChecklist(t.db, writer.id);
    const draft = await makeChecklist(t.db, writer.id, { isPublic: false });
    const theirs = await makeChecklist(t.db, (await extra()).id);
    expect((await asWriter.post(`/api/checklists/${theirs.id}/clone`, {})).status).toBe(201);
    expect((await asWriter.post('/api/checklists', newList('My ninth'))).status).toBe(201);
    // 9 public lists of their own (the clone is a 10th public list, but a copy).
    expect(await badgesOf(writer)).toEqual(['first-checklist']);

    const response = await asWriter.request(`/api/checklists/${draft.id}/visibility`, {
      method: 'PATCH',
      json: { isPublic: true },
    });
    expect(response.status).toBe(200);
    expect(await badgesOf(writer)).toEqual(['curator', 'first-checklist']);
    expect(await badgeNotes(writer)).toEqual([earned('First Checklist'), earned('Curator')]);
  });

  it('First Checklist: also by making a private list public in bulk', async () => {
    const writer = await createUser(t.db);
    const asWriter = await signedInAgent(t, writer);
    const draft = await makeChecklist(t.db, writer.id, { isPublic: false });
    await asWriter.post('/api/checklists/bulk-visibility', { ids: [draft.id], isPublic: false });
    expect(await badgesOf(writer)).toEqual([]);
    await asWriter.post('/api/checklists/bulk-visibility', { ids: [draft.id], isPublic: true });
    expect(await badgesOf(writer)).toEqual(['first-checklist']);
  });

  it('Finisher, Closer and Completionist: the 1st, 5th and 25th list with every item completed', async () => {
    const user = await createUser(t.db);
    const asUser = await signedInAgent(t, user);
    const author = await extra();
    const first = await makeChecklist(t.db, author.id, { items: ['a', 'b'] });
    await completeItem(asUser, first, 0);
    expect(await badgesOf(user)).toEqual([]);
    await completeItem(asUser, first, 1);
    expect(await badgesOf(user)).toEqual(['finisher']);
    // Removing a completion and completing the item again grants nothing twice.
    await completeItem(asUser, first, 1, 'DELETE');
    await completeItem(asUser, first, 1);

    await addCompletedLists(user, 3);
    const fifth = await makeChecklist(t.db, author.id, { items: ['a', 'b'] });
    await completeItem(asUser, fifth, 0);
    expect(await badgesOf(user)).toEqual(['finisher']);
    await completeItem(asUser, fifth, 1);
    expect(await badgesOf(user)).toEqual(['closer', 'finisher']);

    await addCompletedLists(user, 19);
    const last = await makeChecklist(t.db, author.id, { items: ['a', 'b'] });
    await completeItem(asUser, last, 0);
    expect(await badgesOf(user)).toEqual(['closer', 'finisher']);
    await completeItem(asUser, last, 1);
    expect(await badgesOf(user)).toEqual(['closer', 'completionist', 'finisher']);
    expect(await badgeNotes(user)).toEqual([earned('Finisher'), earned('Closer'), earned('Completionist')]);
  });

  it('Crowd Pleaser: 10, 25 and 50 likes on one list; other lists’ likes do not count; an unlike takes nothing back', async () => {
    const author = await extra();
    const list = await makeChecklist(t.db, author.id);
    const otherList = await makeChecklist(t.db, author.id);
    await addLikes(otherList.id, 9);
    await addLikes(list.id, 8);
    // The author's own like cannot be written at all (the API refuses it, and so does the database:
    // data-model.test.ts); the metric still ignores any that predate that guard.
    const like = (agent: Agent, method = 'PUT') => agent.request(`/api/checklists/${list.id}/like`, { method });

    expect((await like(fans[0]!)).status).toBe(200);
    expect(await badgesOf(author)).toEqual([]);
    await like(fans[1]!);
    expect(await badgesOf(author)).toEqual(['crowd-pleaser-bronze']);
    await like(fans[1]!, 'DELETE');
    expect(await badgesOf(author)).toEqual(['crowd-pleaser-bronze']);
    await like(fans[1]!);

    await addLikes(list.id, 14);
    await like(fans[2]!);
    expect(await badgesOf(author)).toEqual(['crowd-pleaser-bronze', 'crowd-pleaser-silver']);
    await addLikes(list.id, 24);
    await like(fans[3]!);
    expect(await badgesOf(author)).toEqual(['crowd-pleaser-bronze', 'crowd-pleaser-gold', 'crowd-pleaser-silver']);
    expect(await badgeNotes(author)).toEqual([
      earned('Crowd Pleaser'),
      earned('Crowd Pleaser'),
      earned('Crowd Pleaser'),
    ]);
  });

  it('Trendsetter: the first clone of one’s list by someone else, for the author and not the cloner', async () => {
    const author = await extra();
    const list = await makeChecklist(t.db, author.id);
    expect(await badgesOf(author)).toEqual([]);
    expect((await fans[0]!.post(`/api/checklists/${list.id}/clone`, {})).status).toBe(201);
    expect(await badgesOf(author)).toEqual(['trendsetter']);
    await fans[1]!.post(`/api/checklists/${list.id}/clone`, {});
    expect(await badgeNotes(author)).toEqual([earned('Trendsetter')]);
  });

  it('Trendsetter: first clones made at once, of two of one author’s lists, grant it once', async () => {
    for (let round = 0; round < 5; round++) {
      const author = await extra();
      const lists = [await makeChecklist(t.db, author.id), await makeChecklist(t.db, author.id)];
      const responses = await Promise.all(
        lists.map((list, index) => fans[index]!.post(`/api/checklists/${list.id}/clone`, {})),
      );
      expect(responses.map((response) => response.status)).toEqual([201, 201]);
      expect(await badgesOf(author)).toEqual(['trendsetter']);
      expect(await badgeNotes(author)).toEqual([earned('Trendsetter')]);
    }
  });

  it('Connector: the 10th follower', async () => {
    const star = await extra();
    for (let index = 0; index < 8; index++) {
      await t.db.insert(follows).values({ followerId: (await extra()).id, followedId: star.id });
    }
    await fans[0]!.request(`/api/users/${star.username}/follow`, { method: 'PUT' });
    expect(await badgesOf(star)).toEqual([]);
    await fans[1]!.request(`/api/users/${star.username}/follow`, { method: 'PUT' });
    expect(await badgesOf(star)).toEqual(['connector']);
    await fans[1]!.request(`/api/users/${star.username}/follow`, { method: 'DELETE' });
    await fans[1]!.request(`/api/users/${star.username}/follow`, { method: 'PUT' });
    expect(await badgeNotes(star)).toEqual([earned('Connector')]);
  });

  it('Conversationalist: the 10th comment written', async () => {
    const talker = await createUser(t.db);
    const asTalker = await signedInAgent(t, talker);
    const list = await makeChecklist(t.db, (await extra()).id);
    for (let index = 0; index < 8; index++) {
      await t.db.insert(checklistComments).values({ checklistId: list.id, userId: talker.id, content: `#${index}` });
    }
    expect((await asTalker.post(`/api/checklists/${list.id}/comments`, { content: 'Ninth' })).status).toBe(201);
    expect(await badgesOf(talker)).toEqual([]);
    await asTalker.post(`/api/checklists/${list.id}/comments`, { content: 'Tenth' });
    expect(await badgesOf(talker)).toEqual(['conversationalist']);
  });
});
