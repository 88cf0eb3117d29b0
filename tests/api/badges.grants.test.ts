import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { notificationListSchema } from '../../src/domain/notifications/notifications';
import { grantEarnedBadges } from '../../src/server/badges/badges.actions';
import { checklistItemCompletions, checklistLikes, userBadges } from '../../src/server/db/schema';
import { makeChecklist, createUser } from '../../src/server/seed/factories';
import { badgeHelpers, createBadgeApp, earned, newList } from '../setup/badges';
import { completeItem } from '../setup/completions';
import { signedInAgent } from '../setup/sign-in';
import type { Agent, TestApp } from '../setup/test-app';

let t: TestApp;
let fans: Agent[];
beforeAll(async () => {
  ({ t, fans } = await createBadgeApp());
});
const { extra, badgesOf, badgeNotes, addLikes, addCompletedLists } = badgeHelpers(() => t);

const advisoryLockWaiters = async () =>
  (
    await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from pg_locks
      where locktype = 'advisory' and not granted
        and database = (select oid from pg_database where datname = current_database())`)
  ).rows[0]!.n;

describe('the grant notification', () => {
  it('appears once in the user’s notifications, unread, from nobody', async () => {
    const writer = await createUser(t.db);
    const asWriter = await signedInAgent(t, writer);
    await asWriter.post('/api/checklists', newList('One'));
    await asWriter.post('/api/checklists', newList('Two'));
    const { notifications } = notificationListSchema.parse(await (await asWriter.request('/api/notifications')).json());
    expect(notifications).toEqual([
      expect.objectContaining({
        type: 'badge',
        message: 'You earned the badge “First Checklist”',
        actor: null,
        checklistId: null,
        readAt: null,
      }),
    ]);
    expect(await (await asWriter.request('/api/notifications/unread-count')).json()).toEqual({ unread: 1 });
  });
});

describe('a list completed without a completion', () => {
  it('grants Finisher when its author removes the only item the user had left', async () => {
    const author = await createUser(t.db);
    const asAuthor = await signedInAgent(t, author);
    const user = await createUser(t.db);
    const asUser = await signedInAgent(t, user);
    const list = await makeChecklist(t.db, author.id, { items: ['Passport', 'Tickets', 'Charger'] });
    await completeItem(asUser, list, 0);
    await completeItem(asUser, list, 1);
    expect(await badgesOf(user)).toEqual([]);

    const edited = await asAuthor.request(`/api/checklists/${list.id}`, {
      method: 'PUT',
      json: { ...newList(list.title), items: ['Passport', 'Tickets'] },
    });
    expect(edited.status).toBe(200);
    expect(await badgesOf(user)).toEqual(['finisher']);
    expect(await badgeNotes(user)).toEqual([earned('Finisher')]);
  });
});

describe('concurrent actions at a threshold', () => {
  it('a completion finishing a user’s 5th list while another action for them is in flight waits for it, and grants Closer once', async () => {
    const user = await createUser(t.db);
    const asUser = await signedInAgent(t, user);
    await addCompletedLists(user, 3);
    await t.db.insert(userBadges).values({ userId: user.id, badgeSlug: 'finisher' });
    const author = await extra();
    const fourth = await makeChecklist(t.db, author.id, { items: ['only'] });
    const fifth = await makeChecklist(t.db, author.id, { items: ['only'] });

    // The 4th list is completed by a transaction that has checked the user's badges and not committed yet.
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let checked!: () => void;
    const hasChecked = new Promise<void>((resolve) => (checked = resolve));
    const inFlight = t.db.transaction(async (tx) => {
      await tx
        .insert(checklistItemCompletions)
        .values({ userId: user.id, checklistItemId: fourth.items[0]!.id, checklistId: fourth.id });
      expect(await grantEarnedBadges(tx, [user.id], ['completed_lists'])).toEqual([]);
      checked();
      await held;
    });
    await hasChecked;

    let hasResponded = false;
    const completion = completeItem(asUser, fifth, 0).finally(() => (hasResponded = true));
    // The completion runs as far as it can: until it waits for the other transaction, or (were it not to) responds.
    await vi.waitFor(
      async () => {
        if (!hasResponded && (await advisoryLockWaiters()) === 0) throw new Error('the completion is still running');
      },
      { timeout: 10_000 },
    );
    commit();
    await inFlight;
    expect((await completion).status).toBe(200);
    expect(await badgesOf(user)).toEqual(['closer', 'finisher']);
    expect(await badgeNotes(user)).toEqual([earned('Closer')]);
  });

  it('Crowd Pleaser counts likes by others where the author liked the list before that was refused', async () => {
    const author = await extra();
    const list = await makeChecklist(t.db, author.id);
    // A like by the author from before the database refused them (trigger checklist_likes_not_self).
    await t.db.execute(sql`alter table checklist_likes disable trigger checklist_likes_not_self`);
    try {
      await t.db.insert(checklistLikes).values({ checklistId: list.id, userId: author.id });
    } finally {
      await t.db.execute(sql`alter table checklist_likes enable trigger checklist_likes_not_self`);
    }
    await addLikes(list.id, 8);
    const like = (agent: Agent) => agent.request(`/api/checklists/${list.id}/like`, { method: 'PUT' });
    await like(fans[0]!);
    expect(await badgesOf(author)).toEqual([]);
    // 11 likes, 10 of them by others.
    await like(fans[1]!);
    expect(await badgesOf(author)).toEqual(['crowd-pleaser-bronze']);
  });

  it('several likes crossing 10 at once grant Crowd Pleaser exactly once', async () => {
    const author = await extra();
    const list = await makeChecklist(t.db, author.id);
    await addLikes(list.id, 8);
    const responses = await Promise.all(
      fans.map((fan) => fan.request(`/api/checklists/${list.id}/like`, { method: 'PUT' })),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect(await badgesOf(author)).toEqual(['crowd-pleaser-bronze']);
    expect(await badgeNotes(author)).toEqual([earned('Crowd Pleaser')]);
  });
});
