import { and, eq, ne, sql } from 'drizzle-orm';
import { THEMES, type Me, type Theme } from '@/domain/accounts/profile';
import type { Executor } from '../db/client';
import { profiles, users } from '../db/schema';

/** Spec §5: unique compared case-insensitively, the asker's own current name excluded. */
export async function isUsernameTaken(db: Executor, username: string, exceptUserId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        sql`lower(${profiles.username}) = lower(${username})`,
        exceptUserId ? ne(profiles.id, exceptUserId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function findMe(db: Executor, userId: string): Promise<Me | null> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      username: profiles.username,
      profileName: profiles.profileName,
      avatarUrl: profiles.avatarUrl,
      isPublic: profiles.isPublic,
      theme: profiles.theme,
      emailNotifications: profiles.emailNotifications,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  const row = rows[0];
  return row
    ? { ...row, theme: (THEMES as readonly string[]).includes(row.theme) ? (row.theme as Theme) : 'system' }
    : null;
}
