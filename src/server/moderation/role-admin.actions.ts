import { sql } from 'drizzle-orm';
import { canAdminister, roleOf, type Role } from '@/domain/moderation/roles';
import { roleMessages, type RolePerson } from '@/domain/moderation/role-admin';
import type { Database } from '../db/client';
import type { WriteOutcome } from '../outcome';
import { recordModeration } from './audit';
import { presentRolePerson, rolePersonColumns } from './role-admin.queries';

/**
 * An admin gives a person a role, or takes it away ('user'), with its audit row (grant_role for a
 * moderator or admin role, revoke_role for 'user'); setting the role someone has records nothing.
 * An admin cannot take their own admin role away, so the site is never left without one by a
 * slip. A person is named by username; an unknown one is not found.
 */
export async function changeRole(
  db: Database,
  actorId: string,
  username: string,
  role: Role,
): Promise<WriteOutcome<{ person: RolePerson }>> {
  return db.transaction(async (tx) => {
    const found = await tx.execute<{ id: string; role: string }>(sql`
      select p.id, p.role from profiles p where lower(p.username) = lower(${username}) for no key update`);
    const target = found.rows[0];
    if (!target) return { ok: false, reason: 'not_found' };
    const was = roleOf(target.role);
    if (target.id === actorId && canAdminister(was) && !canAdminister(role)) {
      return { ok: false, reason: 'invalid', message: roleMessages.ownAdminRole };
    }
    const updated = await tx.execute<Parameters<typeof presentRolePerson>[0]>(sql`
      update profiles p set role = ${role} where p.id = ${target.id} returning ${rolePersonColumns}`);
    if (was !== role) {
      await recordModeration(tx, {
        actorId,
        action: role === 'user' ? 'revoke_role' : 'grant_role',
        targetType: 'user',
        targetId: target.id,
        before: { role: was },
        after: { role },
      });
    }
    return { ok: true, value: { person: presentRolePerson(updated.rows[0]!) } };
  });
}
