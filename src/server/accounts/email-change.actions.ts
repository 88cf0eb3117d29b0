import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
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
 * an undo link with the old address for a week, and while it stands the address cannot be changed
 * again: whoever made the change cannot move the account on, out of the undo's reach.
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

/** Every link of the account, pending and undo (the account is deleted). */
export async function revokeEmailChangeLinks(db: Executor, userId: string): Promise<void> {
  await revokeLinks(db, PENDING, userId);
  await revokeLinks(db, UNDO, userId);
}

/** Links past their time are of no use to anyone, and name two addresses: they go. */
export async function pruneEmailChangeLinks(db: Executor): Promise<void> {
  await db.execute(sql`
    delete from verifications
    where (identifier like ${`${PENDING}%`} or identifier like ${`${UNDO}%`}) and expires_at <= now()`);
}

/** Until when the account's last change can still be undone (no new change before), or null. */
async function undoableUntil(db: Executor, userId: string): Promise<Date | null> {
  const result = await db.execute<{ until: Date | string | null }>(sql`
    select max(expires_at) as until from verifications
    where case when identifier like ${`${UNDO}%`} then (value::jsonb ->> 'userId') = ${userId} else false end
      and expires_at > now()`);
  const until = result.rows[0]?.until;
  return until ? new Date(until) : null;
}

/**
 * Moves the account from address `from` to `to`, verified (the link that moves it was opened from
 * that mailbox), only while it still has `from`: false when it no longer does.
 */
async function moveAddress(db: Executor, userId: string, from: string, to: string): Promise<boolean> {
  const moved = await db
    .update(users)
    .set({ email: to, emailVerified: true, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.email, from)))
    .returning({ id: users.id });
  return moved.length > 0;
}

export type EmailChangeRequestOutcome =
  { outcome: 'requested'; token: string | null } | { outcome: 'undoable'; until: Date };

/**
 * Records a requested change and returns the confirmation link's token. Any earlier pending
 * change of the account is revoked: only the newest request can complete. While the last change
 * can still be undone, none is recorded (`undoable`, with the time it may be). An address another
 * account has gets no link (token null), and the same response otherwise.
 */
export async function requestEmailChange(
  db: Database,
  change: ChangeRecord,
  { isAddressFree }: { isAddressFree: boolean },
): Promise<EmailChangeRequestOutcome> {
  return db.transaction(async (tx) => {
    await revokePendingEmailChanges(tx, change.userId);
    const until = await undoableUntil(tx, change.userId);
    if (until) return { outcome: 'undoable' as const, until };
    if (!isAddressFree) return { outcome: 'requested' as const, token: null };
    return {
      outcome: 'requested' as const,
      token: await storeLink(tx, PENDING, change, `${EMAIL_CHANGE_HOURS} hours`),
    };
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
      if (!change || (await undoableUntil(tx, change.userId))) return { outcome: 'invalid' as const };
      if (!(await moveAddress(tx, change.userId, change.oldEmail, change.newEmail)))
        return { outcome: 'invalid' as const };
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
 * caller sends it). Every other link of the account is revoked. An unconfirmed sign-up that took
 * the old address meanwhile (anyone may start one with any address) is removed; a confirmed
 * account there (whose owner reads that mailbox) keeps it, and nothing is changed.
 */
export async function undoEmailChange(db: Database, token: string): Promise<EmailChangeUndoOutcome> {
  const unknownPassword = await hashPassword(randomBytes(32).toString('base64url'));
  try {
    return await db.transaction(async (tx) => {
      const change = await takeLink(tx, UNDO, token);
      if (!change) return { outcome: 'invalid' as const };
      await tx
        .delete(users)
        .where(and(eq(users.email, change.oldEmail), eq(users.emailVerified, false), ne(users.id, change.userId)));
      if (!(await moveAddress(tx, change.userId, change.newEmail, change.oldEmail)))
        return { outcome: 'invalid' as const };
      await tx.delete(sessions).where(eq(sessions.userId, change.userId));
      await tx
        .update(accounts)
        .set({ password: unknownPassword, updatedAt: sql`now()` })
        .where(and(eq(accounts.userId, change.userId), eq(accounts.providerId, 'credential')));
      await revokePendingEmailChanges(tx, change.userId);
      await revokeResetLinks(tx, change.userId);
      return { outcome: 'restored' as const, change };
    });
  } catch (error) {
    // A confirmed account has the old address now: nothing was changed.
    if (databaseErrorCode(error) === '23505') return { outcome: 'taken' };
    throw error;
  }
}
