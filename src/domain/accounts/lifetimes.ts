// How long account things last (issue 9 items 3 and 6), in one place for the server and the docs.

/** An account whose address is not confirmed within this time is removed, and its username freed. */
export const UNCONFIRMED_SIGN_UP_HOURS = 48;

/** A session is renewed while it is used, but never beyond this age (then its owner signs in again). */
export const SESSION_ABSOLUTE_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a session created at `createdAt` is past its absolute lifetime at `now`. */
export function hasOutlivedAbsoluteLifetime(createdAt: Date, now: Date = new Date()): boolean {
  return now.getTime() - createdAt.getTime() >= SESSION_ABSOLUTE_DAYS * DAY_MS;
}
