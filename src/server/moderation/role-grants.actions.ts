import { sql } from 'drizzle-orm';
import { GRANTABLE_ROLES, roleOf, type GrantableRole } from '@/domain/moderation/roles';
import type { Database } from '../db/client';
import { recordModeration } from './audit';

// Roles from the command line: `npm run role -- grant <username> moderator|admin` and
// `npm run role -- revoke <username>`. The first admin can only be made this way; each change is a
// row of the audit log with no actor, as the automatic hiding's are.

export const roleUsage =
  'Usage: npm run role -- grant <username> moderator|admin, or npm run role -- revoke <username>';

export const roleMessages = {
  granted: (username: string, role: GrantableRole) =>
    `${username} is now ${role === 'admin' ? 'an admin' : 'a moderator'}.`,
  alreadyHas: (username: string, role: GrantableRole) =>
    `${username} is already ${role === 'admin' ? 'an admin' : 'a moderator'}; nothing changed.`,
  revoked: (username: string) => `${username} is a user again, with no role.`,
  hadNone: (username: string) => `${username} has no role; nothing changed.`,
  unknownUser: (username: string) => `No user has the username ${username}.`,
  unknownRole: (role: string) => `Unknown role "${role}": use moderator or admin.`,
} as const;

export type RoleCommand =
  { verb: 'grant'; username: string; role: GrantableRole } | { verb: 'revoke'; username: string };

/** The command's arguments, or a one-line message saying what is wrong with them. */
export function parseRoleArgs(
  args: readonly string[],
): { ok: true; command: RoleCommand } | { ok: false; message: string } {
  const [verb, username, role, ...rest] = args.map((arg) => arg.trim());
  if (verb === 'grant' && username && role !== undefined && rest.length === 0) {
    if (!(GRANTABLE_ROLES as readonly string[]).includes(role))
      return { ok: false, message: roleMessages.unknownRole(role) };
    return { ok: true, command: { verb, username, role: role as GrantableRole } };
  }
  if (verb === 'revoke' && username && role === undefined) return { ok: true, command: { verb, username } };
  return { ok: false, message: roleUsage };
}

/** Grants or revokes a role, with its audit row (reason "command line"), in one transaction. */
export async function runRoleCommand(db: Database, command: RoleCommand): Promise<{ ok: boolean; message: string }> {
  return db.transaction(async (tx) => {
    const found = await tx.execute<{ id: string; role: string }>(
      sql`select id, role from profiles where lower(username) = lower(${command.username}) for update`,
    );
    const profile = found.rows[0];
    if (!profile) return { ok: false, message: roleMessages.unknownUser(command.username) };
    const before = roleOf(profile.role);
    const after = command.verb === 'grant' ? command.role : 'user';
    if (before === after) {
      const message =
        command.verb === 'grant'
          ? roleMessages.alreadyHas(command.username, command.role)
          : roleMessages.hadNone(command.username);
      return { ok: true, message };
    }
    await tx.execute(sql`update profiles set role = ${after}, updated_at = now() where id = ${profile.id}`);
    await recordModeration(tx, {
      actorId: null,
      action: command.verb === 'grant' ? 'grant_role' : 'revoke_role',
      targetType: 'user',
      targetId: profile.id,
      reason: 'command line',
      before: { role: before },
      after: { role: after },
    });
    const message =
      command.verb === 'grant'
        ? roleMessages.granted(command.username, command.role)
        : roleMessages.revoked(command.username);
    return { ok: true, message };
  });
}
