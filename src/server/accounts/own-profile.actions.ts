import { and, eq, ne, sql } from 'drizzle-orm';
import { THEMES, type Me, type ProfileUpdate, type SettingsUpdate, type Theme } from '@/domain/accounts/profile';
import type { Database } from '../db/client';
import { databaseErrorCode } from '../db/errors';
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

/** Writes the caller's own profile fields: the Account Info form, or the settings. */
export async function updateOwnProfile(db: Database, userId: string, update: ProfileUpdate | SettingsUpdate) {
  await db
    .update(profiles)
    .set({ ...update, updatedAt: sql`now()` })
    .where(eq(profiles.id, userId));
}

/**
 * Spec §5: a new username, unique case-insensitively with the user's own excluded (so changing only
 * its case is allowed). The unique index settles a race between two users taking the same name.
 */
export async function changeUsername(db: Database, userId: string, username: string): Promise<'changed' | 'taken'> {
  if (await isUsernameTaken(db, username, userId)) return 'taken';
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(profiles)
        .set({ username, updatedAt: sql`now()` })
        .where(eq(profiles.id, userId));
      // Better Auth's user name mirrors the username given at sign-up; keep them the same.
      await tx.update(users).set({ name: username }).where(eq(users.id, userId));
    });
  } catch (error) {
    if (databaseErrorCode(error) === '23505') return 'taken';
    throw error;
  }
  return 'changed';
}
