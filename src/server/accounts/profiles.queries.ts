import { and, eq, ne, sql } from 'drizzle-orm';
import type { Me } from '@/domain/accounts/profile';
import type { Database } from '../db/client';
import { profiles, users } from '../db/schema';

/** Creates the profile of a new user; false when the username is already taken. */
export async function createProfileForNewUser(db: Database, user: { id: string; username: string }): Promise<boolean> {
  const rows = await db
    .insert(profiles)
    .values({ id: user.id, username: user.username, profileName: user.username })
    .onConflictDoNothing()
    .returning({ id: profiles.id });
  return rows.length === 1;
}

/** Spec §5: unique compared case-insensitively, the asker's own current name excluded. */
export async function isUsernameTaken(db: Database, username: string, exceptUserId?: string): Promise<boolean> {
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

export async function findMe(db: Database, userId: string): Promise<Me | null> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      username: profiles.username,
      profileName: profiles.profileName,
      avatarUrl: profiles.avatarUrl,
      isPublic: profiles.isPublic,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}
