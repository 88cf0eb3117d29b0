// The author tools' read cases (a list's versions, ideas from its remixes, its original's changes):
// each signed-in user reads a list of their own in turn (only its author may), so their per-user
// limit is met only past its limit times their number a minute; each case starts with that
// limit's window unused (the cases run within a minute of each other).
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../src/server/db/client';
import { asUser, type Signed } from '../users';
import { freshWindows, selectRows, type Case } from './case';

/** A signed-in user and a list of their own. */
export type AuthorList = { user: Signed; listId: string };

/**
 * Each of `users`' lists that has the most rows of `joined` (a join onto `checklists c`, such as
 * its versions or its clones), one a user, paired with the user's session.
 */
export async function eachAuthorsMost(db: Database, users: Signed[], joined: SQL): Promise<AuthorList[]> {
  const rows = await selectRows<{ id: string; author_id: string }>(
    db,
    sql`select distinct on (c.author_id) c.id, c.author_id from checklists c ${joined}
        where c.author_id = any(${sql.param(users.map((user) => user.userId))}::text[])
        group by c.id, c.author_id order by c.author_id, count(*) desc`,
  );
  return pairWithAuthors(users, rows);
}

/** Rows of `{ id, author_id }` with their author's session; a list of someone else left out. */
export function pairWithAuthors(users: Signed[], rows: { id: string; author_id: string }[]): AuthorList[] {
  const byId = new Map(users.map((user) => [user.userId, user]));
  return rows.flatMap((row) => {
    const user = byId.get(row.author_id);
    return user ? [{ user, listId: row.id }] : [];
  });
}

/**
 * A case in which each author GETs `/api/checklists/{listId}/{below}` of their list in turn; `bare`
 * reads the same without HTTP.
 */
export function authorReadCase(
  db: Database,
  name: string,
  lists: AuthorList[],
  below: string,
  bare: (list: AuthorList) => Promise<unknown>,
): Case {
  return {
    name,
    before: freshWindows(
      db,
      'versionHistoryPerUser',
      lists.map(({ user }) => user),
    ),
    requests: lists.map(({ user, listId }) => ({
      method: 'GET' as const,
      path: `/api/checklists/${listId}/${below}`,
      headers: asUser(user),
    })),
    bare: (index) => bare(lists[index % lists.length]!),
  };
}
