import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checklistDetailSchema } from '../../src/domain/checklists/checklist-view';
import { auditPageSchema } from '../../src/domain/moderation/audit';
import { staffPickStateSchema } from '../../src/domain/moderation/staff-picks';
import { holdMessages } from '../../src/domain/moderation/holds';
import { reportSnapshotSchema } from '../../src/domain/moderation/reports';
import { roleChangeResultSchema, rolesListSchema, roleMessages } from '../../src/domain/moderation/role-admin';
import { hideThing } from '../../src/server/moderation/holds';
import { createUser, makeChecklist } from '../../src/server/seed/factories';
import { createAppWithUsers, signedInAgent } from '../setup/sign-in';
import type { Agent } from '../setup/test-app';

// The author's review request on a hidden thing, staff picks from the detail page, and the admins'
// audit log and roles (decision 048): every check on the server, anyone not allowed gets 404.

const { t, users, agents } = await createAppWithUsers({
  author: { username: 'zq_author' },
  user: { username: 'zq_user' },
  moderator: { username: 'zq_moderator' },
  admin: { username: 'zq_admin' },
});

beforeAll(async () => {
  await t.db.execute(sql`update profiles set role = 'moderator' where id = ${users.moderator.id}`);
  await t.db.execute(sql`update profiles set role = 'admin' where id = ${users.admin.id}`);
});

const auditRows = async (targetId: string) =>
  (
    await t.db.execute<{ action: string; actor_username: string | null; before: unknown; after: unknown }>(
      sql`select action, actor_username, before, after from moderation_actions where target_id = ${targetId}
          order by created_at, id`,
    )
  ).rows;

const callers = () => ({ visitor: t.agent(), ...agents });

describe('asking for a review', () => {
  const ask = (agent: Agent, targetType: string, targetId: string) =>
    agent.post('/api/moderation/review-requests', { targetType, targetId });

  it('is for the author of a hidden thing only, once per hiding, and reaches the queue', async () => {
    const list = await makeChecklist(t.db, users.author.id);
    await hideThing(t.db, 'checklist', list.id, 'Spam');
    const expected = { visitor: 401, user: 404, moderator: 404, admin: 404 } as const;
    for (const [caller, status] of Object.entries(expected)) {
      expect((await ask(callers()[caller as keyof typeof expected], 'checklist', list.id)).status, caller).toBe(status);
    }
    const first = await ask(agents.author, 'checklist', list.id);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ message: holdMessages.reviewAsked });
    const again = await ask(agents.author, 'checklist', list.id);
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe(holdMessages.reviewAlreadyAsked);

    const cases = await t.db.execute<{ status: string; asked: boolean; snapshot: { title: string } }>(sql`
      select status, review_requested_at is not null as asked, snapshot from moderation_cases where target_id = ${list.id}`);
    expect(cases.rows).toEqual([
      { status: 'open', asked: true, snapshot: expect.objectContaining({ title: list.title }) },
    ]);
    // The case it opens keeps the list as a report would: the snapshot the queue reads.
    expect(reportSnapshotSchema.parse(cases.rows[0]!.snapshot)).toMatchObject({ type: 'checklist', title: list.title });
    const detail = checklistDetailSchema.parse(
      await (await agents.author.request(`/api/checklists/${list.id}`)).json(),
    );
    expect(detail.hold).toEqual({ reason: 'Spam', reviewRequested: true });

    // Hidden again after a decision, the author may ask once more.
    await hideThing(t.db, 'checklist', list.id, 'Still spam');
    expect((await ask(agents.author, 'checklist', list.id)).status).toBe(200);
  });

  it('marks the open case of a reported thing rather than opening another', async () => {
    const list = await makeChecklist(t.db, users.author.id);
    await t.db.execute(sql`insert into moderation_cases (target_type, target_id, owner_id, snapshot)
      values ('checklist', ${list.id}, ${users.author.id}, '{"title":"as reported"}')`);
    await hideThing(t.db, 'checklist', list.id, 'Spam');
    expect((await ask(agents.author, 'checklist', list.id)).status).toBe(200);
    const cases = await t.db.execute<{ asked: boolean; snapshot: unknown }>(sql`
      select review_requested_at is not null as asked, snapshot from moderation_cases where target_id = ${list.id}`);
    expect(cases.rows).toEqual([{ asked: true, snapshot: { title: 'as reported' } }]);
  });

  it('works for a hidden comment and a hidden profile (named by username)', async () => {
    const list = await makeChecklist(t.db, users.user.id);
    const comment = await (await agents.author.post(`/api/checklists/${list.id}/comments`, { content: 'Hm' })).json();
    expect((await ask(agents.author, 'comment', comment.id)).status).toBe(404); // not hidden: nothing to review
    await hideThing(t.db, 'comment', comment.id, 'Rude');
    expect((await ask(agents.user, 'comment', comment.id)).status).toBe(404);
    expect((await ask(agents.author, 'comment', comment.id)).status).toBe(200);

    await hideThing(t.db, 'profile', users.author.id, 'Picture');
    expect((await ask(agents.user, 'profile', users.author.username)).status).toBe(404);
    expect((await ask(agents.author, 'profile', users.author.username.toUpperCase())).status).toBe(200);
  });

  it('refuses bad input with a message', async () => {
    for (const body of [{}, { targetType: 'user', targetId: 'x' }, { targetType: 'checklist', targetId: '' }]) {
      const response = await agents.author.post('/api/moderation/review-requests', body);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toEqual(expect.any(String));
    }
    expect((await ask(agents.author, 'checklist', 'not-a-uuid')).status).toBe(404);
  });
});

describe('staff picks', () => {
  const pick = (agent: Agent, id: string, method: 'PUT' | 'DELETE' = 'PUT') =>
    agent.request(`/api/moderation/staff-picks/${id}`, { method });

  it('are set by moderators and admins only, with audit rows; others get 404', async () => {
    const list = await makeChecklist(t.db, users.author.id);
    const expected = { visitor: 401, user: 404, author: 404 } as const;
    for (const [caller, status] of Object.entries(expected)) {
      expect((await pick(callers()[caller as keyof typeof expected], list.id)).status, caller).toBe(status);
    }
    const picked = await pick(agents.moderator, list.id);
    expect(picked.status).toBe(200);
    expect(staffPickStateSchema.parse(await picked.json())).toEqual({ isStaffPick: true });
    expect((await pick(agents.admin, list.id)).status).toBe(200); // again: harmless, no second row
    const forModerator = checklistDetailSchema.parse(
      await (await agents.moderator.request(`/api/checklists/${list.id}`)).json(),
    );
    expect(forModerator.isStaffPick).toBe(true);
    const forUser = checklistDetailSchema.parse(await (await agents.user.request(`/api/checklists/${list.id}`)).json());
    expect(forUser.isStaffPick).toBeUndefined();

    expect((await pick(agents.admin, list.id, 'DELETE')).status).toBe(200);
    expect(await auditRows(list.id)).toEqual([
      {
        action: 'staff_pick',
        actor_username: 'zq_moderator',
        before: { isStaffPick: false },
        after: { isStaffPick: true },
      },
      {
        action: 'staff_unpick',
        actor_username: 'zq_admin',
        before: { isStaffPick: true },
        after: { isStaffPick: false },
      },
    ]);
  });

  it('are for public lists only: private, unlisted, hidden and unknown lists are not found', async () => {
    const lists = [
      await makeChecklist(t.db, users.author.id, { visibility: 'private' }),
      await makeChecklist(t.db, users.author.id, { visibility: 'unlisted' }),
      await makeChecklist(t.db, users.author.id),
    ];
    await hideThing(t.db, 'checklist', lists[2]!.id, 'Spam');
    for (const list of lists) expect((await pick(agents.moderator, list.id)).status).toBe(404);
    expect((await pick(agents.moderator, 'nope')).status).toBe(404);
    expect((await pick(agents.moderator, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('stop at once for a moderator whose role is revoked', async () => {
    const former = await createUser(t.db, { username: 'zq_former' });
    await t.db.execute(sql`update profiles set role = 'moderator' where id = ${former.id}`);
    const asFormer = await signedInAgent(t, former);
    const list = await makeChecklist(t.db, users.author.id);
    expect((await pick(asFormer, list.id)).status).toBe(200);
    await t.db.execute(sql`update profiles set role = 'user' where id = ${former.id}`);
    expect((await pick(asFormer, list.id, 'DELETE')).status).toBe(404);
  });
});

describe('the audit log', () => {
  it('is read by admins only, newest first, a page at a time, naming the actor or Automatic', async () => {
    const expected = { visitor: 401, user: 404, author: 404, moderator: 404 } as const;
    for (const [caller, status] of Object.entries(expected)) {
      expect((await callers()[caller as keyof typeof expected].request('/api/moderation/audit')).status, caller).toBe(
        status,
      );
    }
    const list = await makeChecklist(t.db, users.author.id, { title: 'Zq audited' });
    await t.db
      .execute(sql`insert into moderation_actions (actor_id, actor_username, action, target_type, target_id, reason)
      values (null, null, 'auto_hide', 'checklist', ${list.id}, 'reported')`);
    await agents.moderator.request(`/api/moderation/staff-picks/${list.id}`, { method: 'PUT' });
    const first = auditPageSchema.parse(await (await agents.admin.request('/api/moderation/audit?limit=1')).json());
    expect(first.entries).toMatchObject([
      { action: 'staff_pick', actorUsername: 'zq_moderator', targetName: 'Zq audited' },
    ]);
    expect(first.nextCursor).not.toBeNull();
    const next = await agents.admin.request(
      `/api/moderation/audit?limit=1&before=${encodeURIComponent(first.nextCursor!)}`,
    );
    const second = auditPageSchema.parse(await next.json());
    expect(second.entries).toMatchObject([{ action: 'auto_hide', actorUsername: null, targetType: 'checklist' }]);
  });

  it('refuses a bad page query with a message', async () => {
    for (const query of ['limit=0', 'limit=abc', 'before=garbage']) {
      const response = await agents.admin.request(`/api/moderation/audit?${query}`);
      expect(response.status, query).toBe(400);
      expect((await response.json()).message).toEqual(expect.any(String));
    }
  });
});

describe('roles', () => {
  const setRole = (agent: Agent, username: string, role: string) =>
    agent.request(`/api/moderation/roles/${username}`, { method: 'PUT', json: { role } });

  it('are listed and changed by admins only; others get 404', async () => {
    const target = await createUser(t.db, { username: 'zq_promoted' });
    const expected = { visitor: 401, user: 404, author: 404, moderator: 404 } as const;
    for (const [caller, status] of Object.entries(expected)) {
      const agent = callers()[caller as keyof typeof expected];
      expect((await agent.request('/api/moderation/roles')).status, caller).toBe(status);
      expect((await setRole(agent, target.username, 'admin')).status, caller).toBe(status);
    }
    const list = rolesListSchema.parse(await (await agents.admin.request('/api/moderation/roles')).json());
    expect(list.people.map((person) => [person.username, person.role])).toEqual(
      expect.arrayContaining([
        ['zq_admin', 'admin'],
        ['zq_moderator', 'moderator'],
      ]),
    );
    expect(list.people.map((person) => person.username)).not.toContain('zq_user');
  });

  it('grant and revoke with audit rows, and stop at once', async () => {
    const target = await createUser(t.db, { username: 'zq_granted' });
    const asTarget = await signedInAgent(t, target);
    expect((await asTarget.request('/api/moderation/audit')).status).toBe(404);
    const granted = await setRole(agents.admin, 'ZQ_GRANTED', 'admin');
    expect(granted.status).toBe(200);
    expect(roleChangeResultSchema.parse(await granted.json()).person).toMatchObject({
      username: 'zq_granted',
      role: 'admin',
    });
    expect((await asTarget.request('/api/moderation/audit')).status).toBe(200);
    expect((await setRole(agents.admin, 'zq_granted', 'moderator')).status).toBe(200);
    expect((await setRole(agents.admin, 'zq_granted', 'user')).status).toBe(200);
    expect((await asTarget.request(`/api/moderation/staff-picks/${target.id}`, { method: 'PUT' })).status).toBe(404);
    expect(await auditRows(target.id)).toEqual([
      { action: 'grant_role', actor_username: 'zq_admin', before: { role: 'user' }, after: { role: 'admin' } },
      { action: 'grant_role', actor_username: 'zq_admin', before: { role: 'admin' }, after: { role: 'moderator' } },
      { action: 'revoke_role', actor_username: 'zq_admin', before: { role: 'moderator' }, after: { role: 'user' } },
    ]);
  });

  it('an admin cannot remove their own admin role', async () => {
    for (const role of ['moderator', 'user']) {
      const response = await setRole(agents.admin, 'zq_admin', role);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe(roleMessages.ownAdminRole);
    }
    expect((await setRole(agents.admin, 'zq_admin', 'admin')).status).toBe(200);
  });

  it('refuse bad input and unknown people', async () => {
    const bad = await setRole(agents.admin, 'zq_user', 'owner');
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('Choose moderator, admin or user.');
    const unknown = await setRole(agents.admin, 'zq_nobody_here', 'moderator');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe(roleMessages.userNotFound);
  });
});
