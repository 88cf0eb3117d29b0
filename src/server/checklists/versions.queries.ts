import { sql, type SQL } from 'drizzle-orm';
import { VERSIONS_PAGE_SIZE, type VersionPage } from '@/domain/checklists/version-history';
import { applyChanges, type KeyedEntry, type VersionChange } from '@/domain/checklists/versions';
import { canEdit } from '@/domain/permissions';
import { executeNamed, type Executor } from '../db/client';
import { findChecklistAccess } from './checklist-access';
import { readEntries } from './entry-writes';

// A list's versions are its author's: anyone else, even a reader of a public list, finds none
// (not found, as a private thing is).

/** Whether `userId` may read and restore the list's versions: it is theirs. */
export async function ownsVersions(db: Executor, checklistId: string, userId: string): Promise<boolean> {
  const access = await findChecklistAccess(db, checklistId, userId);
  return access !== null && canEdit({ id: userId }, access);
}

type VersionRow = {
  number: number;
  created_at: Date;
  changes: VersionChange[];
  entry_count: number;
  restored_from: number | null;
  note: string;
  current: number;
};

/**
 * A page of the list's versions, newest first, read off the (list, number) key; null when the list
 * is not the user's. A list never changed since versions began has one, version 1: as it is now.
 */
export async function listVersions(
  db: Executor,
  checklistId: string,
  userId: string,
  page: { before?: number | undefined },
): Promise<VersionPage | null> {
  if (!(await ownsVersions(db, checklistId, userId))) return null;
  const rows = await executeNamed<VersionRow>(
    db,
    sql`
    select v.number, v.created_at, v.changes, v.entry_count, v.restored_from, v.note,
      (select max(number) from checklist_versions where checklist_id = ${checklistId}) as current
    from checklist_versions v
    where v.checklist_id = ${checklistId} and v.number < ${page.before ?? 2_147_483_647}
    order by v.number desc
    limit ${VERSIONS_PAGE_SIZE + 1}`,
  );
  if (rows.length === 0 && page.before === undefined) return firstVersionOnly(db, checklistId);
  const shown = rows.slice(0, VERSIONS_PAGE_SIZE);
  return {
    versions: shown.map((row) => ({
      number: row.number,
      createdAt: new Date(row.created_at).toISOString(),
      changes: row.changes,
      entryCount: row.entry_count,
      restoredFrom: row.restored_from,
      note: row.note,
    })),
    current: rows[0]?.current ?? 1,
    nextCursor: rows.length > VERSIONS_PAGE_SIZE ? shown.at(-1)!.number : null,
  };
}

async function firstVersionOnly(db: Executor, checklistId: string): Promise<VersionPage> {
  const result = await db.execute<{ created_at: Date; entry_count: number }>(sql`
    select c.created_at, (select count(*)::int from checklist_items i where i.checklist_id = c.id) as entry_count
    from checklists c where c.id = ${checklistId}`);
  const list = result.rows[0]!;
  return {
    versions: [
      {
        number: 1,
        createdAt: new Date(list.created_at).toISOString(),
        changes: [],
        entryCount: list.entry_count,
        restoredFrom: null,
        note: '',
      },
    ],
    current: 1,
    nextCursor: null,
  };
}

/** A stored version as a rebuild reads it: its changes, and the whole list when it is the rebuild's base. */
export type VersionRowJson = { number: number; changes: VersionChange[]; snapshot: KeyedEntry[] | null };

/**
 * The versions that rebuild version `number` of list `checklistId`, as one JSON array: the nearest
 * one at or before it that holds the whole list, and every version after that up to it, in order.
 */
export const versionRowsJson = (checklistId: SQL, number: SQL) => sql`(
  select coalesce(json_agg(json_build_object('number', v.number, 'changes', v.changes,
    'snapshot', case when v.number = base.number then v.snapshot end) order by v.number), '[]')
  from (select max(number) as number from checklist_versions
        where checklist_id = ${checklistId} and number <= ${number} and snapshot is not null) base
  join checklist_versions v on v.checklist_id = ${checklistId} and v.number between base.number and ${number})`;

/** Version `number` rebuilt from the rows versionRowsJson read; null when they do not reach it. */
export function rebuildVersion(rows: VersionRowJson[], number: number): KeyedEntry[] | null {
  const [base, ...after] = rows;
  if (!base?.snapshot || (after.at(-1) ?? base).number !== number) return null;
  return after.reduce((list, version) => applyChanges(list, version.changes), base.snapshot);
}

/**
 * The list's entries as they were at version `number` (with their keys): rebuilt from the nearest
 * whole list stored at or before it and the changes after that; null for a version the list does
 * not have. The caller has checked that the versions are the user's.
 */
export async function readVersionEntries(
  db: Executor,
  checklistId: string,
  number: number,
): Promise<{ entries: KeyedEntry[]; current: number } | null> {
  const result = await db.execute<{ rows: VersionRowJson[]; current: number | null }>(sql`
    select ${versionRowsJson(sql`${checklistId}`, sql`${number}`)} as rows,
      (select max(number) from checklist_versions where checklist_id = ${checklistId}) as current`);
  const { rows = [], current = null } = result.rows[0] ?? {};
  if (current === null) {
    // Never changed: version 1 is the list as it is now, and there is no other.
    return number === 1 ? { entries: (await readEntries(db, checklistId)).map(keyed), current: 1 } : null;
  }
  const entries = rebuildVersion(rows, number);
  return entries ? { entries, current } : null;
}

const keyed = ({ key, kind, content, note }: KeyedEntry): KeyedEntry => ({ key, kind, content, note });
