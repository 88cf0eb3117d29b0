import { sql } from 'drizzle-orm';
import { roleOf } from '@/domain/moderation/roles';
import type { RolePerson } from '@/domain/moderation/role-admin';
import type { Executor } from '../db/client';

type Row = { username: string; profile_name: string | null; avatar_url: string | null; role: string };

export const rolePersonColumns = sql`p.username, p.profile_name, p.avatar_url, p.role`;

/** A person as the Roles page shows them to an admin (who sees every name: staff are few and known). */
export const presentRolePerson = (row: Row): RolePerson => ({
  username: row.username,
  profileName: row.profile_name,
  avatarUrl: row.avatar_url,
  role: roleOf(row.role),
});

/** Everyone with a role above user: admins first, then moderators, by username. */
export async function listRolePeople(db: Executor): Promise<RolePerson[]> {
  const result = await db.execute<Row>(sql`
    select ${rolePersonColumns} from profiles p where p.role in ('moderator', 'admin')
    order by p.role = 'admin' desc, lower(p.username)`);
  return result.rows.map(presentRolePerson);
}
