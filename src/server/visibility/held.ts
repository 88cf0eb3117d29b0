import { sql } from 'drizzle-orm';

// What a hidden comment or profile, or a suspended person's, looks like to readers: left out for
// everyone but its owner, who sees it with the moderators' notice.

/** A condition over a profiles row `alias`: the person is not suspended now. */
export const notSuspended = (alias = 'p') => sql`coalesce(${sql.raw(alias)}.suspended_until <= now(), true)`;

/**
 * A condition: the hidden-or-not thing `thing` (a comments or profiles row, with hidden_at), whose
 * owner is `owner` and whose owner's profile is `profile`, is shown to `viewerId`. Its owner always
 * sees it (with the notice); nobody else sees it while it is hidden or its owner is suspended.
 */
export const shownTo = (viewerId: string | null, thing: string, owner: string, profile = 'p') =>
  sql`(${sql.raw(owner)} = ${viewerId} or (${sql.raw(thing)}.hidden_at is null and ${notSuspended(profile)}))`;

/** For a query over a row `thing` with its hold columns: the notice its owner reads, as JSON (null unless hidden). */
export const holdJson = (thing: string) => {
  const t = sql.raw(thing);
  return sql`case when ${t}.hidden_at is not null then json_build_object('reason', ${t}.hidden_reason,
    'reviewRequested', ${t}.review_requested_at is not null) end`;
};
