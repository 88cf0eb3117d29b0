import { sql, type SQL } from 'drizzle-orm';
import { canEdit } from '@/domain/permissions';
import { executeNamed, type Database, type Executor, type Transaction } from '../db/client';
import { isUuid } from '../db/ids';
import type { WriteOutcome } from '../outcome';
import { lockingPublishing, visibleTo } from '../visibility/lists';

export type ChecklistAccess = { id: string; authorId: string; isPublic: boolean; title: string };

/**
 * How a writer locks the checklist row it opens (see findChecklistAccess), and whose publishing
 * lock it takes before that row, if it may make the list public (lockingPublishing).
 */
type AccessOptions = { lock?: 'update' | 'no key update'; lockPublishingOf?: string };

/**
 * The checklist as the asking user may see it, with its author for the `can…` rules of
 * `@/domain/permissions`. A private list of someone else is treated as missing:
 * callers respond 404 for it, never 403. `lock` locks the row for the transaction: every writer
 * that also touches items or counters takes the checklist row first, in the same order, so an
 * edit and a completion cannot deadlock.
 */
export async function findChecklistAccess(
  db: Executor,
  id: string,
  userId: string | null,
  options: AccessOptions = {},
): Promise<ChecklistAccess | null> {
  if (!isUuid(id)) return null;
  // Prepared once per connection, as every writer opens a list with it: its plan, the row by its
  // primary key, is the same for any list.
  const [row] = await executeNamed<{ id: string; author_id: string; is_public: boolean; title: string }>(
    db,
    sql`
      select id, author_id, is_public, title from checklists c
      where id = ${id} and ${visibleTo(userId)}
        ${options.lockPublishingOf ? sql`and ${lockingPublishing(options.lockPublishingOf)}` : sql``}
      ${options.lock ? sql.raw(`for ${options.lock} of c`) : sql``}`,
  );
  return row ? { id: row.id, authorId: row.author_id, isPublic: row.is_public, title: row.title } : null;
}

/**
 * Runs `write` in a transaction that first opens the checklist as findChecklistAccess does (its row
 * locked with `lock`); a list the user may not see is refused as not found, and `write` not run.
 */
export function withChecklistAccess<T>(
  db: Database,
  id: string,
  userId: string,
  options: AccessOptions,
  write: (tx: Transaction, access: ChecklistAccess) => Promise<WriteOutcome<T>>,
): Promise<WriteOutcome<T>> {
  return db.transaction(async (tx) => {
    const access = await findChecklistAccess(tx, id, userId, options);
    return access ? write(tx, access) : checklistNotFound(tx, id);
  });
}

/**
 * withChecklistAccess for what only a list's author may change through its author tools (restore
 * a version, adopt or dismiss an idea, review the original's changes), the list's row locked for
 * update as an edit locks it: to anyone else the list is not found, as those tools are.
 */
export function withOwnChecklist<T>(
  db: Database,
  id: string,
  userId: string,
  write: (tx: Transaction, access: ChecklistAccess) => Promise<WriteOutcome<T>>,
): Promise<WriteOutcome<T>> {
  return withChecklistAccess(db, id, userId, { lock: 'update' }, async (tx, access) =>
    canEdit({ id: userId }, access) ? write(tx, access) : { ok: false, reason: 'not_found' },
  );
}

/**
 * The refusal for a list `findChecklistAccess` did not give: not found, and, when the list exists
 * but is someone else's private one, what was hidden, so the route logs `access.refused`.
 */
export async function checklistNotFound(
  db: Executor,
  id: string,
): Promise<Extract<WriteOutcome, { reason: 'not_found' }>> {
  if (!isUuid(id)) return { ok: false, reason: 'not_found' };
  const result = await db.execute(sql`select 1 from checklists where id = ${id}`);
  return result.rows.length
    ? { ok: false, reason: 'not_found', hidden: { resource: 'checklist', id } }
    : { ok: false, reason: 'not_found' };
}

/**
 * `list`, for a statement's FROM: the list's row (with `columns` of `c`) when it is `userId`'s, as
 * `canEdit` has it; no row when it is not, so a statement that reads what only its author may
 * (its versions, the ideas from its remixes) answers nothing to anyone else, in one round trip.
 */
export const ownList = (checklistId: string, userId: string, columns: SQL = sql``) =>
  sql`(select ${columns} from checklists c where c.id = ${checklistId} and c.author_id = ${userId}) list`;

/** `list` as ownList, but the list's row when `viewerId` may see it, as findChecklistAccess finds it. */
const visibleList = (checklistId: string, viewerId: string | null, columns: SQL = sql``) =>
  sql`(select ${columns} from checklists c where c.id = ${checklistId} and ${visibleTo(viewerId)}) list`;

/** A row of a `readListPart` statement: the part's columns, null on the row of an empty part. */
type PartRow<Part> = { [K in keyof Part]: Part[K] | null };

/**
 * One part of a list (its comments, remixes, runs, versions, ideas) read in the statement that
 * checks who may read it, so the read costs no statement to check access first. After the WITH
 * queries `with`, if any, the statement's FROM is `list`: the checklist's row as the viewer may see it (visibleList), or, for `readers:
 * 'author'`, only when it is theirs (ownList), with `listColumns` of `c`; then `join` if any (such
 * as a count, cross joined), then `part` (a subquery that may use `list`) left joined laterally. It
 * selects `columns` (of `list`, of `join`, or a count), then `part.*`, ordered by `order` and cut to
 * `limit` rows if given. No row: the asker may not read the part, and the answer is null (not
 * found). Else `list` holds the first row's `columns` and `rows` the part's rows, none when the part
 * is empty (its one row of nulls left out, told by `key`, a column never null on a row of the part:
 * `id` unless said). A statement named, planned once per connection: each read's plan is the same
 * whatever the list (decision 063).
 */
export async function readListPart<Part, Columns extends Record<string, unknown> = Record<never, never>>(
  db: Executor,
  checklistId: string,
  viewerId: string | null,
  read: {
    readers?: 'viewers' | 'author';
    with?: SQL;
    key?: keyof Part & string;
    listColumns?: SQL;
    join?: SQL;
    columns?: SQL;
    part: SQL;
    order: SQL;
    limit?: SQL;
  },
): Promise<{ list: Columns; rows: (Part & Columns)[] } | null> {
  if (!isUuid(checklistId) || (read.readers === 'author' && viewerId === null)) return null;
  const list =
    read.readers === 'author'
      ? ownList(checklistId, viewerId!, read.listColumns)
      : visibleList(checklistId, viewerId, read.listColumns);
  const found = await executeNamed<PartRow<Part> & Columns>(
    db,
    sql`
    ${read.with ? sql`with ${read.with}` : sql``}
    select ${read.columns ? sql`${read.columns}, ` : sql``}part.*
    from ${list}
    ${read.join ?? sql``}
    left join lateral (${read.part}) part on true
    order by ${read.order}
    ${read.limit ? sql`limit ${read.limit}` : sql``}`,
  );
  const [first] = found;
  if (!first) return null;
  const key = read.key ?? 'id';
  return {
    list: first,
    rows: found.filter((row): row is Part & Columns & typeof row => (row as Record<string, unknown>)[key] !== null),
  };
}
