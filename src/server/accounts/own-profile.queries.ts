import { and, eq, ne, sql } from 'drizzle-orm';
import { UNCONFIRMED_SIGN_UP_HOURS } from '@/domain/accounts/lifetimes';
import { THEMES, type Me, type Theme } from '@/domain/accounts/profile';
import { roleOf } from '@/domain/moderation/roles';
import type { Executor } from '../db/client';
import { profiles, usernameHolds, users } from '../db/schema';

/**
 * Unique compared case-insensitively, the asker's own current name excluded. A name is
 * taken by a confirmed account, by an unconfirmed one younger than 48 hours, or by a hold (a
 * sign-up with a known address, own-profile.actions.ts): all three get the same response, so it
 * does not tell which addresses have accounts.
 */
export async function isUsernameTaken(db: Executor, username: string, exceptUserId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(
      and(
        sql`lower(${profiles.username}) = lower(${username})`,
        exceptUserId ? ne(profiles.id, exceptUserId) : undefined,
        sql`(${users.emailVerified} or ${users.createdAt} > now() - make_interval(hours => ${UNCONFIRMED_SIGN_UP_HOURS}))`,
      ),
    )
    .limit(1);
  if (rows.length > 0) return true;
  const holds = await db
    .select({ username: usernameHolds.username })
    .from(usernameHolds)
    .where(and(sql`lower(${usernameHolds.username}) = lower(${username})`, sql`${usernameHolds.expiresAt} > now()`))
    .limit(1);
  return holds.length > 0;
}

/** Whether a sign-up just made an account of its own (false: the address already had one). */
/** Does an account (confirmed or not) use this e-mail address? */
export async function hasAccount(db: Executor, email: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return rows.length > 0;
}

export async function isOwnSignUp(db: Executor, email: string, username: string): Promise<boolean> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(and(eq(users.email, email.toLowerCase()), sql`lower(${profiles.username}) = lower(${username})`));
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
      upstreamNotifications: profiles.upstreamNotifications,
      hideCompletedItems: profiles.hideCompletedItems,
      role: profiles.role,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  const row = rows[0];
  return row
    ? {
        ...row,
        theme: (THEMES as readonly string[]).includes(row.theme) ? (row.theme as Theme) : 'system',
        role: roleOf(row.role),
      }
    : null;
}
