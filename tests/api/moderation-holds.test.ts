import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeChecklist, createUser } from '../../src/server/seed/factories';
import { recordModeration } from '../../src/server/moderation/audit';
import {
  endElapsedSuspensions,
  hideThing,
  restoreThing,
  suspendUser,
  unsuspendUser,
} from '../../src/server/moderation/holds';
import { createAppWithUsers, signedInAgent } from '../setup/sign-in';

// A list the moderators hide, or whose author is suspended, is held: seen by its author alone and
// left out of every listing as a private list is, until nothing holds it; the author's own choice
// of visibility comes back then (decision 048).

const {
  t,
  users: { author },
  agents: { author: asAuthor },
} = await createAppWithUsers({ author: { username: 'held_author' } });

const browseIds = async () =>
  (
    (await (await t.agent().request('/api/checklists?q=zqheld')).json()) as { checklists: { id: string }[] }
  ).checklists.map((card) => card.id);
const publicTotal = async () =>
  Number((await t.db.execute(sql`select sum(public_count) as n from checklist_totals`)).rows[0]!.n);
const stored = async (id: string) =>
  (
    await t.db.execute<{ is_public: boolean; is_unlisted: boolean; held_visibility: string | null }>(
      sql`select is_public, is_unlisted, held_visibility from checklists where id = ${id}`,
    )
  ).rows[0]!;

describe('hiding a list', () => {
  it('takes it out of Browse and the counts, and from everyone but its author; restoring brings it back', async () => {
    const list = await makeChecklist(t.db, author.id, { title: 'Zqheld camping' });
    const before = await publicTotal();
    expect(await browseIds()).toContain(list.id);

    expect(await hideThing(t.db, 'checklist', list.id, 'Spam')).toBe(true);
    expect(await browseIds()).not.toContain(list.id);
    expect(await publicTotal()).toBe(before - 1);
    expect((await t.agent().request(`/api/checklists/${list.id}`)).status).toBe(404);
    expect((await asAuthor.request(`/api/checklists/${list.id}`)).status).toBe(200);
    expect(await stored(list.id)).toEqual({ is_public: false, is_unlisted: false, held_visibility: 'public' });

    expect(await restoreThing(t.db, 'checklist', list.id)).toBe(true);
    expect(await browseIds()).toContain(list.id);
    expect(await publicTotal()).toBe(before);
    expect(await stored(list.id)).toEqual({ is_public: true, is_unlisted: false, held_visibility: null });
  });

  it('keeps an unlisted list unlisted through the hold', async () => {
    const list = await makeChecklist(t.db, author.id, { visibility: 'unlisted' });
    await hideThing(t.db, 'checklist', list.id, 'Spam');
    expect((await t.agent().request(`/api/checklists/${list.id}`)).status).toBe(404);
    await restoreThing(t.db, 'checklist', list.id);
    expect(await stored(list.id)).toEqual({ is_public: false, is_unlisted: true, held_visibility: null });
    expect((await t.agent().request(`/api/checklists/${list.id}`)).status).toBe(200);
  });

  it('lets its author change the visibility while hidden, applied only when it is restored', async () => {
    const list = await makeChecklist(t.db, author.id, { title: 'Zqheld while hidden', visibility: 'private' });
    await hideThing(t.db, 'checklist', list.id, 'Spam');
    const made = await asAuthor.request(`/api/checklists/${list.id}/visibility`, {
      method: 'PATCH',
      json: { visibility: 'public' },
    });
    expect(made.status).toBe(200);
    expect(await stored(list.id)).toEqual({ is_public: false, is_unlisted: false, held_visibility: 'public' });
    expect(await browseIds()).not.toContain(list.id);
    await restoreThing(t.db, 'checklist', list.id);
    expect(await stored(list.id)).toEqual({ is_public: true, is_unlisted: false, held_visibility: null });
  });

  it('is false for a list that does not exist', async () => {
    expect(await hideThing(t.db, 'checklist', '00000000-0000-4000-8000-000000000000', 'Spam')).toBe(false);
  });
});

describe('suspending a user', () => {
  it('ends their sessions and holds their lists; unsuspending gives back all but a hidden one', async () => {
    const user = await createUser(t.db, { username: 'held_suspended' });
    const agent = await signedInAgent(t, user);
    const shown = await makeChecklist(t.db, user.id, { title: 'Zqheld shown' });
    const hidden = await makeChecklist(t.db, user.id, { title: 'Zqheld hidden too' });
    await hideThing(t.db, 'checklist', hidden.id, 'Spam');

    expect(await suspendUser(t.db, user.id, null, 'Spam')).toBe(true);
    expect((await agent.request('/api/accounts/me')).status).toBe(401);
    expect(await browseIds()).not.toContain(shown.id);
    const profile = await t.db.execute<{ until: string }>(
      sql`select suspended_until::text as until from profiles where id = ${user.id}`,
    );
    expect(profile.rows[0]!.until).toBe('infinity');

    await unsuspendUser(t.db, user.id);
    expect(await browseIds()).toContain(shown.id);
    expect(await browseIds()).not.toContain(hidden.id);
  });

  it('for a time: the sweep ends it when the time is up, and not before', async () => {
    const user = await createUser(t.db, { username: 'held_for_a_day' });
    const list = await makeChecklist(t.db, user.id, { title: 'Zqheld for a day' });
    await suspendUser(t.db, user.id, new Date(Date.now() + 60_000), 'Spam');
    await endElapsedSuspensions(t.db);
    expect(await browseIds()).not.toContain(list.id);
    await t.db.execute(sql`update profiles set suspended_until = now() - interval '1 second' where id = ${user.id}`);
    expect(await endElapsedSuspensions(t.db)).toBeGreaterThanOrEqual(1);
    expect(await browseIds()).toContain(list.id);
  });
});

describe('the audit log', () => {
  it('keeps every row as written: no update, delete or truncate', async () => {
    const moderator = await createUser(t.db, { username: 'audit_mod' });
    await recordModeration(t.db, {
      actorId: moderator.id,
      action: 'hide',
      targetType: 'checklist',
      targetId: 'x',
      reason: 'Spam',
      before: { hidden: false },
      after: { hidden: true },
    });
    const row = await t.db.execute<{ actor_username: string; before: unknown }>(
      sql`select actor_username, before from moderation_actions where target_id = 'x'`,
    );
    expect(row.rows).toEqual([{ actor_username: 'audit_mod', before: { hidden: false } }]);
    for (const change of [
      sql`update moderation_actions set reason = 'nothing' where target_id = 'x'`,
      sql`delete from moderation_actions where target_id = 'x'`,
      sql`truncate moderation_actions`,
    ]) {
      await expect(t.db.execute(change)).rejects.toThrow();
    }
    expect((await t.db.execute(sql`select 1 from moderation_actions where target_id = 'x'`)).rows).toHaveLength(1);
  });
});
