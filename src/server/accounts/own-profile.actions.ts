import { eq, sql } from 'drizzle-orm';
import { UNCONFIRMED_SIGN_UP_HOURS } from '@/domain/accounts/lifetimes';
import type { ProfileUpdate, SettingsUpdate } from '@/domain/accounts/profile';
import type { Database, Executor } from '../db/client';
import { databaseErrorCode } from '../db/errors';
import { profiles, usernameHolds, users } from '../db/schema';
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

/**
 * Unconfirmed sign-ups older than 48 hours are removed (their profile and username
 * go with them) and expired holds dropped. Run before anything that could see or use one (sign-up,
 * sign-in, the confirmation link, a username change), so the 48 hours hold exactly in every
 * process; main.ts also runs it hourly, only to keep the tables small.
 */
export async function expireUnconfirmedSignUps(db: Executor): Promise<void> {
  await db.execute(sql`
    delete from users where not email_verified
      and created_at <= now() - make_interval(hours => ${UNCONFIRMED_SIGN_UP_HOURS})`);
  await db.execute(sql`delete from username_holds where expires_at <= now()`);
}

/**
 * Holds the username of a sign-up whose address already has an account, for as long as a new
 * unconfirmed account would have held it: the name looks the same either way.
 */
export async function holdUsername(db: Executor, username: string): Promise<void> {
  await db
    .insert(usernameHolds)
    .values({ username, expiresAt: sql`now() + make_interval(hours => ${UNCONFIRMED_SIGN_UP_HOURS})` })
    .onConflictDoNothing();
}

/** Writes the caller's own profile fields: the Account Info form, or the settings. */
export async function updateOwnProfile(db: Database, userId: string, update: ProfileUpdate | SettingsUpdate) {
  await db
    .update(profiles)
    .set({ ...update, updatedAt: sql`now()` })
    .where(eq(profiles.id, userId));
}

/**
 * A new username, unique case-insensitively with the user's own excluded (so changing only
 * its case is allowed). The unique index settles a race between two users taking the same name.
 */
export async function changeUsername(db: Database, userId: string, username: string): Promise<'changed' | 'taken'> {
  await expireUnconfirmedSignUps(db);
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
