import { eq, sql } from 'drizzle-orm';
import type { ProfileUpdate, SettingsUpdate } from '@/domain/accounts/profile';
import type { Database } from '../db/client';
import { databaseErrorCode } from '../db/errors';
import { profiles, users } from '../db/schema';
import { isUsernameTaken } from './own-profile.queries';

/** Creates the profile of a new user; false when the username is already taken. */
export async function createProfileForNewUser(db: Database, user: { id: string; username: string }): Promise<boolean> {
  const rows = await db
    .insert(profiles)
    .values({ id: user.id, username: user.username, profileName: user.username })
    .onConflictDoNothing()
    .returning({ id: profiles.id });
  return rows.length === 1;
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
