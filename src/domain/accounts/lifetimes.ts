// How long account things last, in one place for the server and the docs.

/** An account whose address is not confirmed within this time is removed, and its username freed. */
export const UNCONFIRMED_SIGN_UP_HOURS = 48;

/** A session signed in with "Remember me" ends after this many days without use (each day's use renews it). */
export const SESSION_DAYS = 30;

/**
 * A session signed in without "Remember me" (the sign-in form's default) lasts this long and is
 * never renewed: Better Auth's own rule, stated here for the pages that tell users about it.
 */
export const UNREMEMBERED_SESSION_HOURS = 24;

/** A session is renewed while it is used, but never beyond this age (then its owner signs in again). */
export const SESSION_ABSOLUTE_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a session created at `createdAt` is past its absolute lifetime at `now`. */
export function hasOutlivedAbsoluteLifetime(createdAt: Date, now: Date = new Date()): boolean {
  return createdAt.getTime() <= absoluteLifetimeStart(now).getTime();
}

/** The moment a session must have been created after to be within its absolute lifetime at `now`. */
export function absoluteLifetimeStart(now: Date = new Date()): Date {
  return new Date(now.getTime() - SESSION_ABSOLUTE_DAYS * DAY_MS);
}

/** A mailed password-reset link works this long. */
export const RESET_LINK_HOURS = 1;

/** A mailed link confirming a new account's address works this long. */
export const CONFIRMATION_LINK_HOURS = 24;

/** A link confirming a new e-mail address works this long (and once). */
export const EMAIL_CHANGE_HOURS = 24;

/** After an e-mail change, the old address may undo it this long. */
export const EMAIL_CHANGE_UNDO_DAYS = 7;
