import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notificationListSchema } from '../../src/domain/notifications/notifications';
import { checkBadges, laterBadgeCheck, sweepBadgeChecks } from '../../src/server/badges/badge-checks';
import { checklistItemCompletions, checklistLikes, userBadges } from '../../src/server/db/schema';
import { makeChecklist, createUser } from '../../src/server/seed/factories';
import { createBadgeApp, earned, newList } from '../setup/badges';
import { completeItem } from '../setup/completions';
import { signedInAgent } from '../setup/sign-in';
import type { Agent } from '../setup/test-app';

const { t, fans, extra, badgesOf, badgeNotes, addLikes, addCompletedLists } = await createBadgeApp();

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
  it('of two completions that together finish a user’s 5th list, the check of the one committed last grants Closer, once', async () => {
    const user = await createUser(t.db);
    const asUser = await signedInAgent(t, user);
    await addCompletedLists(user, 3);
    await t.db.insert(userBadges).values({ userId: user.id, badgeSlug: 'finisher' });
    const author = await extra();
    const fourth = await makeChecklist(t.db, author.id, { items: ['only'] });
    const fifth = await makeChecklist(t.db, author.id, { items: ['only'] });

    // The 4th list is completed by a write that has left its badge check and not committed yet.
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let written!: () => void;
    const hasWritten = new Promise<void>((resolve) => (written = resolve));
    let checkId = 0;
    const inFlight = t.db.transaction(async (tx) => {
      await tx
        .insert(checklistItemCompletions)
        .values({ userId: user.id, checklistItemId: fourth.items[0]!.id, checklistId: fourth.id });
      const [left] = (
        await tx.execute<{ id: string }>(laterBadgeCheck(sql`select ${user.id} as user_id`, ['completed_lists']))
      ).rows;
      checkId = Number(left!.id);
      written();
      await held;
    });
    await hasWritten;

    // The 5th, through the app: committed and checked at once, it does not see the 4th.
    expect((await completeItem(asUser, fifth, 0)).status).toBe(200);
    expect(await badgesOf(user)).toEqual(['finisher']);
    // The 4th commits, and its check sees both.
    commit();
    await inFlight;
    expect(await checkBadges(t.db, [checkId], ['completed_lists'])).toEqual([{ userId: user.id, slug: 'closer' }]);
    expect(await badgesOf(user)).toEqual(['closer', 'finisher']);
    // A check run again (a sweep that found it too) has nothing left to do, and nothing is granted twice.
    expect(await checkBadges(t.db, [checkId], ['completed_lists'])).toEqual([]);
    expect(await sweepBadgeChecks(t.db, 0)).toBe(0);
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

describe('a write by someone who holds every badge it could earn', () => {
  /** The outbox's last id: a check left (and then run and deleted) moves it on. */
  const lastOutboxId = async () =>
    (
      await t.db.execute<{ last: string | null }>(
        sql`select pg_sequence_last_value(pg_get_serial_sequence('outbox_tasks', 'id')) as last`,
      )
    ).rows[0]!.last;

  it('leaves no badge check; someone still short of one badge on the metric leaves one', async () => {
    const [holder, short] = [await createUser(t.db), await createUser(t.db)];
    await t.db.insert(userBadges).values([
      { userId: holder.id, badgeSlug: 'first-checklist' },
      { userId: holder.id, badgeSlug: 'curator' },
      { userId: short.id, badgeSlug: 'first-checklist' },
      // A badge on another metric counts for nothing here: two badges, but only one of these.
      { userId: short.id, badgeSlug: 'finisher' },
    ]);
    const asHolder = await signedInAgent(t, holder);
    // Another who lacks Curator, whose next list is their 10th published: Curator's target.
    const tenth = await createUser(t.db);
    await t.db.insert(userBadges).values({ userId: tenth.id, badgeSlug: 'first-checklist' });
    for (let index = 0; index < 9; index++) await makeChecklist(t.db, tenth.id);

    const before = await lastOutboxId();
    expect((await asHolder.post('/api/checklists', newList('Held'))).status).toBe(201);
    expect(await lastOutboxId()).toBe(before);
    expect((await (await signedInAgent(t, tenth)).post('/api/checklists', newList('Tenth'))).status).toBe(201);
    expect(Number(await lastOutboxId())).toBeGreaterThan(Number(before ?? 0));

    // One check for several users names only those with something left to earn.
    const both = sql`select unnest(array[${holder.id}, ${short.id}]) as user_id`;
    const [left] = (await t.db.execute<{ id: string }>(laterBadgeCheck(both, ['published_lists']))).rows;
    const payload = await t.db.execute<{ users: string[] }>(
      sql`select payload -> 'users' as users from outbox_tasks where id = ${left!.id}`,
    );
    expect(payload.rows).toEqual([{ users: [short.id] }]);
    await t.db.execute(sql`delete from outbox_tasks where id = ${left!.id}`);
    const none = await t.db.execute(laterBadgeCheck(sql`select ${holder.id}::text as user_id`, ['published_lists']));
    expect(none.rows).toEqual([]);
  });
});
