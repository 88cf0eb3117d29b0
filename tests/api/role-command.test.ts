import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  parseRoleArgs,
  roleMessages,
  roleUsage,
  runRoleCommand,
} from '../../src/server/moderation/role-grants.actions';
import { createUser, type CreatedUser } from '../../src/server/seed/factories';
import { createTestApp, type TestApp } from '../setup/test-app';

// `npm run role -- grant <username> moderator|admin` and `revoke <username>`: the arguments, the
// change of role, its audit row with no actor, and a one-line message for anything wrong.

let t: TestApp;
let user: CreatedUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.db, { username: 'Role_Person' });
});

const roleOf = async (id: string) =>
  (await t.db.execute<{ role: string }>(sql`select role from profiles where id = ${id}`)).rows[0]!.role;
const audit = async (id: string) =>
  (
    await t.db.execute<{ action: string; actor_id: string | null; reason: string; before: unknown; after: unknown }>(
      sql`select action, actor_id, reason, before, after from moderation_actions where target_id = ${id} order by created_at`,
    )
  ).rows;

describe('parseRoleArgs', () => {
  it.each([
    [['grant', 'sam', 'moderator'], { verb: 'grant', username: 'sam', role: 'moderator' }],
    [['grant', 'sam', 'admin'], { verb: 'grant', username: 'sam', role: 'admin' }],
    [['revoke', 'sam'], { verb: 'revoke', username: 'sam' }],
  ])('%j', (args, command) => {
    expect(parseRoleArgs(args)).toEqual({ ok: true, command });
  });

  it('names an unknown role, and gives the usage for anything else', () => {
    expect(parseRoleArgs(['grant', 'sam', 'owner'])).toEqual({ ok: false, message: roleMessages.unknownRole('owner') });
    for (const args of [[], ['grant', 'sam'], ['revoke'], ['revoke', 'sam', 'admin'], ['promote', 'sam', 'admin']]) {
      expect(parseRoleArgs(args)).toEqual({ ok: false, message: roleUsage });
    }
  });
});

describe('runRoleCommand', () => {
  it('grants a role by username in any case, with an audit row by the command line', async () => {
    const outcome = await runRoleCommand(t.db, { verb: 'grant', username: 'role_person', role: 'moderator' });
    expect(outcome).toEqual({ ok: true, message: roleMessages.granted('role_person', 'moderator') });
    expect(await roleOf(user.id)).toBe('moderator');
    expect((await audit(user.id)).at(-1)).toEqual({
      action: 'grant_role',
      actor_id: null,
      reason: 'command line',
      before: { role: 'user' },
      after: { role: 'moderator' },
    });
  });

  it('changes nothing, and records nothing, when the user already has the role', async () => {
    const before = (await audit(user.id)).length;
    const outcome = await runRoleCommand(t.db, { verb: 'grant', username: 'Role_Person', role: 'moderator' });
    expect(outcome).toEqual({ ok: true, message: roleMessages.alreadyHas('Role_Person', 'moderator') });
    expect(await audit(user.id)).toHaveLength(before);
  });

  it('revokes a role, and says when there was none', async () => {
    expect(await runRoleCommand(t.db, { verb: 'revoke', username: 'Role_Person' })).toEqual({
      ok: true,
      message: roleMessages.revoked('Role_Person'),
    });
    expect(await roleOf(user.id)).toBe('user');
    expect((await audit(user.id)).at(-1)).toMatchObject({ action: 'revoke_role', after: { role: 'user' } });
    expect(await runRoleCommand(t.db, { verb: 'revoke', username: 'Role_Person' })).toEqual({
      ok: true,
      message: roleMessages.hadNone('Role_Person'),
    });
  });

  it('refuses an unknown user in one line', async () => {
    expect(await runRoleCommand(t.db, { verb: 'grant', username: 'nobody_at_all', role: 'admin' })).toEqual({
      ok: false,
      message: roleMessages.unknownUser('nobody_at_all'),
    });
  });
});
