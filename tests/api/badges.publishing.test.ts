import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sweepBadgeChecks } from '../../src/server/badges/badge-checks';
import { userBadges } from '../../src/server/db/schema';
import {
  endElapsedSuspensions,
  hideThing,
  restoreThing,
  suspendUser,
  unsuspendUser,
} from '../../src/server/moderation/holds';
import { makeChecklist, createUser } from '../../src/server/seed/factories';
import { createBadgeApp, earned, newList } from '../setup/badges';
import { signedInAgent } from '../setup/sign-in';
import type { Agent } from '../setup/test-app';

// A new public list leaves its author a badge check only when it brings their published lists to a
// badge's target (1 or 10); every other write that makes a list public leaves one whatever the count.

const { t, badgesOf, badgeNotes } = await createBadgeApp();

/** The outbox's last id: a check left (and then run and deleted) moves it on. */
const lastOutboxId = async () =>
  Number(
    (
      await t.db.execute<{ last: string | null }>(
        sql`select pg_sequence_last_value(pg_get_serial_sequence('outbox_tasks', 'id')) as last`,
      )
    ).rows[0]!.last ?? 0,
  );

/** A user holding First Checklist with `count` public lists of their own, written directly. */
async function publisherWith(count: number) {
  const user = await createUser(t.db);
  await t.db.insert(userBadges).values({ userId: user.id, badgeSlug: 'first-checklist' });
  for (let index = 0; index < count; index++) await makeChecklist(t.db, user.id);
  return { user, asUser: await signedInAgent(t, user) };
}

describe('a new public list', () => {
  it('leaves a badge check only once its author’s published lists reach a target of a badge they lack', async () => {
    const { user, asUser } = await publisherWith(7);
    const theirs = await makeChecklist(t.db, (await createUser(t.db)).id);
    // A clone and an unlisted list are not publications, and move nothing.
    expect((await asUser.post(`/api/checklists/${theirs.id}/clone`, {})).status).toBe(201);
    let before = await lastOutboxId();
    expect((await asUser.post('/api/checklists', { ...newList('Unlisted'), visibility: 'unlisted' })).status).toBe(201);
    expect((await asUser.post('/api/checklists', newList('Eighth'))).status).toBe(201);
    expect((await asUser.post('/api/checklists', newList('Ninth'))).status).toBe(201);
    expect(await lastOutboxId()).toBe(before);

    expect((await asUser.post('/api/checklists', newList('Tenth'))).status).toBe(201);
    expect(await lastOutboxId()).toBeGreaterThan(before);
    expect(await badgesOf(user)).toEqual(['curator', 'first-checklist']);
    expect(await badgeNotes(user)).toEqual([earned('Curator')]);
    // Every badge of the metric held: nothing left to check.
    before = await lastOutboxId();
    expect((await asUser.post('/api/checklists', newList('Eleventh'))).status).toBe(201);
    expect(await lastOutboxId()).toBe(before);
  });

  it('past a target whose badge its author lacks (lists written around the app) leaves a check', async () => {
    const { user, asUser } = await publisherWith(12);
    expect((await asUser.post('/api/checklists', newList('Thirteenth'))).status).toBe(201);
    expect(await badgesOf(user)).toEqual(['curator', 'first-checklist']);
  });

  /** The writes that make a list of one's own public, each as the app is asked for it. */
  const makePublic: [string, (asUser: Agent, id: string) => Promise<unknown>][] = [
    [
      'the visibility action',
      (asUser, id) => asUser.request(`/api/checklists/${id}/visibility`, { method: 'PATCH', json: { isPublic: true } }),
    ],
    ['the bulk action', (asUser, id) => asUser.post('/api/checklists/bulk-visibility', { ids: [id], isPublic: true })],
    [
      'an edit',
      (asUser, id) =>
        asUser.request(`/api/checklists/${id}`, {
          method: 'PUT',
          json: { ...newList('Edited'), visibility: 'public' },
        }),
    ],
  ];

  it.each(makePublic)('made while %s makes a list of the author’s public counts that list', async (_, write) => {
    const { user, asUser } = await publisherWith(8);
    const draft = await makeChecklist(t.db, user.id, { isPublic: false });
    await raceWithNewList(user, asUser, () => write(asUser, draft.id));
  });

  it('made while the moderators give back a hidden list of the author’s counts that list', async () => {
    const { user, asUser } = await publisherWith(9);
    const [hidden] = (
      await t.db.execute<{ id: string }>(sql`
        select id from checklists where author_id = ${user.id} order by created_at limit 1`)
    ).rows;
    await hideThing(t.db, 'checklist', hidden!.id, 'Spam');
    // The restore's own check waits for the sweep: the new list's check is the one that grants.
    await raceWithNewList(user, asUser, () => restoreThing(t.db, 'checklist', hidden!.id));
    expect(await sweepBadgeChecks(t.db, 0)).toBe(1);
    expect(await badgesOf(user)).toEqual(['curator', 'first-checklist']);
  });
});

/**
 * Makes a list of `user`'s public by `write` (the author's 9th published list), paused before its
 * commit, while the author creates their 10th through the app; the 9th commits (and runs its own
 * check, which finds 9) before the 10th does. The 10th must count the 9th and grant Curator: it
 * waits for the 9th's publishing lock and counts after its commit (without the lock, it would count
 * 8 and leave no check).
 */
async function raceWithNewList(user: { id: string }, asUser: Agent, write: () => Promise<unknown>) {
  // The test's own locks, each held until released: the first pauses the write after it makes the
  // list public, before it commits; the second pauses the new list after its INSERT.
  const holder = await t.db.$client.connect();
  try {
    await holder.query('select pg_advisory_lock(998), pg_advisory_lock(999)');
    await holder.query(`
      create function pause_on() returns trigger language plpgsql as $$
      begin perform pg_advisory_xact_lock_shared(tg_argv[0]::bigint); return null; end $$;
      create trigger pause_publishing after update on checklists for each row
        when (new.author_id = '${user.id}' and new.is_public and not old.is_public) execute function pause_on(998);
      create trigger pause_insert after insert on checklists for each row
        when (new.author_id = '${user.id}') execute function pause_on(999);`);

    const madePublic = write();
    await waitersOnAdvisoryLocks(1);
    const created = asUser.post('/api/checklists', newList('Tenth'));
    await waitersOnAdvisoryLocks(2);
    await holder.query('select pg_advisory_unlock(998)');
    await madePublic;
    expect(await badgesOf(user)).toEqual(['first-checklist']);
    await holder.query('select pg_advisory_unlock(999)');
    expect((await created).status).toBe(201);
    expect(await badgesOf(user)).toEqual(['curator', 'first-checklist']);
  } finally {
    await holder.query('select pg_advisory_unlock_all()');
    await holder.query(`
      drop trigger if exists pause_publishing on checklists; drop trigger if exists pause_insert on checklists;
      drop function if exists pause_on();`);
    holder.release();
  }
}

describe('the publishing lock', () => {
  /**
   * The writes that make a list public and lock its row: how the list is held first, if it is (it is
   * private otherwise), and the write, given the list and its author.
   */
  const lockingRows: [
    string,
    {
      hold?: (list: { id: string }, author: { id: string }) => Promise<unknown>;
      write: (asUser: Agent, list: { id: string }, author: { id: string }) => Promise<unknown>;
    },
  ][] = [
    [
      'the visibility action',
      {
        write: (asUser, list) =>
          asUser.request(`/api/checklists/${list.id}/visibility`, { method: 'PATCH', json: { isPublic: true } }),
      },
    ],
    [
      'an edit',
      {
        write: (asUser, list) =>
          asUser.request(`/api/checklists/${list.id}`, {
            method: 'PUT',
            json: { ...newList('Edited'), visibility: 'public' },
          }),
      },
    ],
    // The moderators' decisions run in a transaction, and so do these.
    [
      'the moderators’ restore',
      {
        hold: (list) => hideThing(t.db, 'checklist', list.id, 'Spam'),
        write: (_, list) => t.db.transaction((tx) => restoreThing(tx, 'checklist', list.id)),
      },
    ],
    [
      'the end of a suspension by a moderator',
      {
        hold: (_, author) => suspendUser(t.db, author.id, null, 'Spam'),
        write: (_, __, author) => t.db.transaction((tx) => unsuspendUser(tx, author.id)),
      },
    ],
    [
      'the end of a suspension whose time is up',
      {
        hold: (_, author) => suspendUser(t.db, author.id, new Date(Date.now() + 60_000), 'Spam'),
        write: async (_, __, author) => {
          await t.db.execute(sql`update profiles set suspended_until = now() where id = ${author.id}`);
          return t.db.transaction((tx) => endElapsedSuspensions(tx));
        },
      },
    ],
  ];

  // Taken after the list's row by one writer and before it by another, the two locks would let an
  // edit and the visibility action on the same list wait for each other.
  it.each(lockingRows)('is taken by %s before the list’s row', async (_, { hold, write }) => {
    const { user, asUser } = await publisherWith(1);
    // A private list, or a public one held by the moderators.
    const list = await makeChecklist(t.db, user.id, { isPublic: hold !== undefined });
    await hold?.(list, user);
    const [holder, prober] = [await t.db.$client.connect(), await t.db.$client.connect()];
    try {
      await holder.query('begin');
      await holder.query('select ticklist_lock_publishing($1)', [user.id]);
      const written = write(asUser, list, user);
      await waitersOnAdvisoryLocks(1);
      // The write waits for the author's lock without holding the list's row.
      await prober.query('begin');
      await expect(
        prober.query('select 1 from checklists where id = $1 for update nowait', [list.id]),
      ).resolves.toBeTruthy();
      await prober.query('rollback');
      await holder.query('commit');
      await written;
      expect(
        (await t.db.execute<{ is_public: boolean }>(sql`select is_public from checklists where id = ${list.id}`)).rows,
      ).toEqual([{ is_public: true }]);
      // A moderator's release leaves its badge check for the sweep.
      await sweepBadgeChecks(t.db, 0);
    } finally {
      await holder.query('rollback').catch(() => undefined);
      await prober.query('rollback').catch(() => undefined);
      holder.release();
      prober.release();
    }
  });
});

describe('a list given back by the moderators', () => {
  it('that makes its author’s 10th published list leaves a badge check, which the sweep runs', async () => {
    const { user } = await publisherWith(10);
    const [hidden] = (
      await t.db.execute<{ id: string }>(sql`
        select id from checklists where author_id = ${user.id} order by created_at limit 1`)
    ).rows;
    await hideThing(t.db, 'checklist', hidden!.id, 'Spam');
    const before = await lastOutboxId();
    expect(await restoreThing(t.db, 'checklist', hidden!.id)).toBe(true);
    expect(await lastOutboxId()).toBeGreaterThan(before);
    expect(await sweepBadgeChecks(t.db, 0)).toBe(1);
    expect(await badgesOf(user)).toEqual(['curator', 'first-checklist']);
  });
});

/** Waits until `count` sessions wait for an advisory lock (a paused write, or one queued behind it). */
async function waitersOnAdvisoryLocks(count: number) {
  for (let attempt = 0; attempt < 500; attempt++) {
    const { rows } = await t.db.execute<{ waiting: number }>(sql`
      select count(*)::int as waiting from pg_locks where locktype = 'advisory' and not granted`);
    if (rows[0]!.waiting >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`fewer than ${count} sessions waited for an advisory lock`);
}
