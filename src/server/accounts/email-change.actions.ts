import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { EMAIL_CHANGE_HOURS, EMAIL_CHANGE_UNDO_DAYS } from '@/domain/accounts/lifetimes';
import type { Database, Executor } from '../db/client';
import { databaseErrorCode } from '../db/errors';
import { accounts, sessions, users, verifications } from '../db/schema';
import { hashPassword } from './password-hash';
import { revokeResetLinks } from './reset-links.actions';

/**
 * Changing an account's e-mail address (decision 044). A change is a pending row until the link
 * mailed to the new address confirms it; the row is single use, and a password reset, a password
 * change, signing out everywhere or a newer request revokes it, so a link held by someone who
 * once knew the password dies when the owner takes the account back. The completed change leaves
 * an undo link with the old address for a week.
 *
 * Links carry a random token; only its SHA-256 is stored (in Better Auth's `verifications`
 * table, under our own prefixes), so a database read does not hand out working links.
 */
const PENDING = 'email-change:';
const UNDO = 'email-change-undo:';

type ChangeRecord = { userId: string; oldEmail: string; newEmail: string };

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

async function storeLink(db: Executor, prefix: string, record: ChangeRecord, lifetime: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(verifications).values({
    id: crypto.randomUUID(),
    identifier: `${prefix}${digest(token)}`,
    value: JSON.stringify(record),
    expiresAt: sql`now() + ${lifetime}::interval`,
  });
  return token;
}

/** Takes a link's record (deleting it: a link works once), or null for an unknown or expired one. */
async function takeLink(db: Executor, prefix: string, token: string): Promise<ChangeRecord | null> {
  const [row] = await db
    .delete(verifications)
    .where(eq(verifications.identifier, `${prefix}${digest(token)}`))
    .returning({ value: verifications.value, expiresAt: verifications.expiresAt });
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  return JSON.parse(row.value) as ChangeRecord;
}

async function revokeLinks(db: Executor, prefix: string, userId: string): Promise<void> {
  // The case keeps the JSON read to our own rows: Better Auth's hold other text.
  await db.execute(sql`
    delete from verifications
    where case when identifier like ${`${prefix}%`} then (value::jsonb ->> 'userId') = ${userId} else false end`);
}

/** Every pending change of the account stops working. */
export function revokePendingEmailChanges(db: Executor, userId: string): Promise<void> {
  return revokeLinks(db, PENDING, userId);
}

/**
 * Records a requested change and answers the confirmation link's token. Any earlier pending
 * change of the account is revoked: only the newest request can complete.
 */
export async function requestEmailChange(db: Database, change: ChangeRecord): Promise<string> {
  return db.transaction(async (tx) => {
    await revokePendingEmailChanges(tx, change.userId);
    return storeLink(tx, PENDING, change, `${EMAIL_CHANGE_HOURS} hours`);
  });
}

export type EmailChangeOutcome =
  { outcome: 'changed'; change: ChangeRecord; undoToken: string } | { outcome: 'invalid' } | { outcome: 'taken' };

/**
 * Completes a change from its confirmation link. The account must still have the address the
 * change started from; the new address must still be free. Reset links, which went to the old
 * address, are revoked; the old address gets an undo link (the caller mails it).
 */
export async function confirmEmailChange(db: Database, token: string): Promise<EmailChangeOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const change = await takeLink(tx, PENDING, token);
      if (!change) return { outcome: 'invalid' as const };
      const changed = await tx
        .update(users)
        .set({ email: change.newEmail, emailVerified: true, updatedAt: sql`now()` })
        .where(and(eq(users.id, change.userId), eq(users.email, change.oldEmail)))
        .returning({ id: users.id });
      if (changed.length === 0) return { outcome: 'invalid' as const };
      await revokePendingEmailChanges(tx, change.userId);
      await revokeResetLinks(tx, change.userId);
      const undoToken = await storeLink(tx, UNDO, change, `${EMAIL_CHANGE_UNDO_DAYS} days`);
      return { outcome: 'changed' as const, change, undoToken };
    });
  } catch (error) {
    // The new address was taken by another account since the request.
    if (databaseErrorCode(error) === '23505') return { outcome: 'taken' };
    throw error;
  }
}

export type EmailChangeUndoOutcome = { outcome: 'restored'; change: ChangeRecord } | { outcome: 'invalid' | 'taken' };

/**
 * Takes the account back to the address a change left, from the undo link mailed there. Whoever
 * made the change may know the password, so every session ends and the password is replaced by
 * one nobody knows: the owner sets a new one from a reset link sent to the restored address (the
 * caller sends it). Every other link of the account is revoked.
 */
export async function undoEmailChange(db: Database, token: string): Promise<EmailChangeUndoOutcome> {
  const unknownPassword = await hashPassword(randomBytes(32).toString('base64url'));
  try {
    return await db.transaction(async (tx) => {
      const change = await takeLink(tx, UNDO, token);
      if (!change) return { outcome: 'invalid' as const };
      const restored = await tx
        .update(users)
        .set({ email: change.oldEmail, emailVerified: true, updatedAt: sql`now()` })
        .where(eq(users.id, change.userId))
        .returning({ id: users.id });
      if (restored.length === 0) return { outcome: 'invalid' as const };
      await tx.delete(sessions).where(eq(sessions.userId, change.userId));
      await tx
        .update(accounts)
        .set({ password: unknownPassword, updatedAt: sql`now()` })
        .where(and(eq(accounts.userId, change.userId), eq(accounts.providerId, 'credential')));
      await revokePendingEmailChanges(tx, change.userId);
      await revokeLinks(tx, UNDO, change.userId);
      await revokeResetLinks(tx, change.userId);
      return { outcome: 'restored' as const, change };
    });
  } catch (error) {
    // Another account took the old address meanwhile: nothing was changed.
    if (databaseErrorCode(error) === '23505') return { outcome: 'taken' };
    throw error;
  }
}
