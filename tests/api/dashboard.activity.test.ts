import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ESTIMATED_TIMES } from '../../src/domain/checklists/checklist-fields';
import { notificationListSchema } from '../../src/domain/notifications/notifications';
import { notifications, userBadges } from '../../src/server/db/schema';
import { makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { createDashboardApp, dashboardHelpers, daysAgo } from '../setup/dashboard';
import type { Agent, TestApp } from '../setup/test-app';

let t: TestApp;
let author: CreatedUser;
let asAuthor: Agent;
beforeAll(async () => {
  ({ t, author, asAuthor } = await createDashboardApp());
});
const { newUser, activity, messages, put, complete, removeCompletion, clone, makePrivate } = dashboardHelpers(() => ({
  t,
  asAuthor,
}));

describe('GET /api/dashboard/activity', () => {
  it('merges notifications with the user’s own actions, newest first, with stable ids', async () => {
    const me = await newUser({ profileName: 'Mia' });
    const fan = await newUser({ profileName: 'Sam' });
    const created = await me.agent.post('/api/checklists', {
      title: 'Moving house',
      description: 'Boxes and tape',
      items: ['Pack', 'Label'],
      tags: [],
      difficulty: 'easy',
      estimatedTime: ESTIMATED_TIMES[0],
    });
    expect(created.status).toBe(201);
    const movingId = (await created.json()).id as string;
    const camping = await makeChecklist(t.db, author.id, { title: 'Camping', items: ['Tent', 'Stove'] });
    const copyId = await clone(me.agent, camping.id);
    expect((await put(fan.agent, `/api/checklists/${movingId}/like`)).status).toBe(200);
    await complete(me.agent, camping, 0);
    await complete(me.agent, camping, 1); // completes it, and earns the Finisher badge in the same transaction

    const events = await activity(me.agent);
    expect(events.map(({ kind, type, message, checklistId }) => ({ kind, type, message, checklistId }))).toEqual([
      // A badge reads as coming after the action that earned it.
      { kind: 'badge', type: 'badge', message: 'You earned the badge “Finisher”', checklistId: null },
      { kind: 'completed', type: 'complete', message: 'You completed “Camping”', checklistId: camping.id },
      { kind: 'notification', type: 'like', message: 'Sam liked “Moving house”', checklistId: movingId },
      // The copy is also a list Mia authored, but it shows once, as a clone.
      { kind: 'cloned', type: 'clone', message: 'You cloned “Camping”', checklistId: copyId },
      { kind: 'badge', type: 'badge', message: 'You earned the badge “First Checklist”', checklistId: null },
      { kind: 'created', type: 'create', message: 'You created “Moving house”', checklistId: movingId },
    ]);
    const times = events.map((event) => Date.parse(event.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await activity(me.agent)).map((event) => event.id)).toEqual(events.map((event) => event.id));
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);

    // Unfinished again, the list is no longer "completed".
    await removeCompletion(me.agent, camping, 1);
    expect(await messages(me.agent)).not.toContain('You completed “Camping”');
  });

  it('leaves out a completed list that has since turned private to the user', async () => {
    const { agent } = await newUser();
    const list = await makeChecklist(t.db, author.id, { title: 'Soon private', items: ['a'] });
    await complete(agent, list, 0);
    const completed = async () => (await activity(agent)).filter((event) => event.kind === 'completed');
    expect((await completed()).map((event) => event.message)).toEqual(['You completed “Soon private”']);
    await makePrivate(list.id);
    expect(await completed()).toEqual([]);
  });

  it('shows each badge once, as its grant, even when its notification is deleted', async () => {
    const { user, agent } = await newUser();
    const list = await makeChecklist(t.db, author.id, { title: 'Quick one', items: ['a'] });
    await complete(agent, list, 0);
    const badgeNotes = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(badgeNotes.map((note) => [note.type, note.message])).toEqual([['badge', 'You earned the badge “Finisher”']]);
    const badgeRows = async () => (await messages(agent)).filter((message) => message.includes('badge'));
    expect(await badgeRows()).toEqual(['You earned the badge “Finisher”']);
    expect((await activity(agent))[0]).toMatchObject({ id: 'badge:finisher', kind: 'badge' });

    expect((await agent.request(`/api/notifications/${badgeNotes[0]!.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await badgeRows()).toEqual(['You earned the badge “Finisher”']);
    // A grant written without a notification (as an old backfill might have) still shows.
    await t.db.insert(userBadges).values({ userId: user.id, badgeSlug: 'curator' });
    expect(await badgeRows()).toEqual(['You earned the badge “Curator”', 'You earned the badge “Finisher”']);
  });

  it('carries each notification’s actor as the bell does, and none for a badge or the user’s own actions', async () => {
    const me = await newUser({ profileName: 'Mia' });
    const fan = await newUser({ profileName: 'Sam', avatarUrl: '🦊' });
    const list = await makeChecklist(t.db, me.user.id, { title: 'Picnic', items: ['Blanket'] });
    expect((await put(fan.agent, `/api/users/${me.user.username}/follow`)).status).toBe(200);
    expect((await put(fan.agent, `/api/checklists/${list.id}/like`)).status).toBe(200);
    await complete(me.agent, list, 0); // and earns Finisher

    const { notifications: bell } = notificationListSchema.parse(
      await (await me.agent.request('/api/notifications')).json(),
    );
    const events = await activity(me.agent);
    const fromPeople = bell.filter((notification) => notification.type !== 'badge');
    expect(fromPeople.map((notification) => notification.type).sort()).toEqual(['follow', 'like']);
    for (const notification of fromPeople) {
      const event = events.find((candidate) => candidate.id === `notification:${notification.id}`);
      expect(event?.actor).toEqual(notification.actor);
    }
    expect(fromPeople[0]!.actor).toEqual({ username: fan.user.username, name: 'Sam', avatar: '🦊' });
    const withoutActor = events.filter((event) => event.kind !== 'notification');
    expect(withoutActor.map((event) => event.kind)).toEqual(expect.arrayContaining(['badge', 'completed', 'created']));
    expect(withoutActor.map((event) => event.actor)).toEqual(withoutActor.map(() => null));
  });

  it('responds with the newest 10 by default and honours a limit up to 50', async () => {
    const { user, agent } = await newUser();
    for (let index = 0; index < 12; index++) {
      await makeChecklist(t.db, user.id, { title: `List ${index}`, createdAt: daysAgo(12 - index) });
    }
    const newestFirst = Array.from({ length: 12 }, (_, index) => `You created “List ${11 - index}”`);
    expect(await messages(agent)).toEqual(newestFirst.slice(0, 10));
    expect(await messages(agent, '?limit=3')).toEqual(newestFirst.slice(0, 3));
    expect(await messages(agent, '?limit=50')).toEqual(newestFirst);
  });
});

describe('the OpenAPI document', () => {
  it('describes both dashboard endpoints with their query parameters', async () => {
    const document = await (await t.agent().request('/api/openapi.json')).json();
    const lists = document.paths['/api/dashboard/lists'].get;
    const activity = document.paths['/api/dashboard/activity'].get;
    expect(lists.parameters).toContainEqual(
      expect.objectContaining({
        name: 'tab',
        in: 'query',
        required: true,
        schema: expect.objectContaining({ enum: ['created', 'cloned', 'saved', 'in-progress'] }),
      }),
    );
    expect(activity.parameters).toContainEqual(expect.objectContaining({ name: 'limit', in: 'query' }));
    expect(Object.keys(lists.responses)).toEqual(['200', '400', '401']);
  });
});
