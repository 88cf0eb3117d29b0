import { sql, type SQL } from 'drizzle-orm';
import { VERSIONS_PAGE_SIZE, type VersionPage } from '@/domain/checklists/version-history';
import { applyChanges, type KeyedEntry, type VersionChange } from '@/domain/checklists/versions';
import type { Executor } from '../db/client';
import { isUuid } from '../db/ids';
import { ownList, readListPart } from './checklist-access';
import { readEntries } from './entry-writes';

// A list's versions are its author's: anyone else, even a reader of a public list, finds none
// (not found, as a private thing is).

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
  // A list with no version row at all (never changed since versions began) is read as its
  // version 1, its entries counted only then.
  type ListColumns = { list_created_at: Date; list_entry_count: number | null; current: number | null };
  const read = await readListPart<VersionRow, ListColumns>(db, checklistId, userId, {
    readers: 'author',
    key: 'number',
    listColumns: sql`c.created_at`,
    columns: sql`list.created_at as list_created_at,
      (select max(number) from checklist_versions where checklist_id = ${checklistId}) as current,
      case when part.number is null
        then (select count(*)::int from checklist_items i where i.checklist_id = ${checklistId}) end as list_entry_count`,
    part: sql`
      select v.number, v.created_at, v.changes, v.entry_count, v.restored_from, v.note
      from checklist_versions v
      where v.checklist_id = ${checklistId} and v.number < ${page.before ?? 2_147_483_647}
      order by v.number desc
      limit ${VERSIONS_PAGE_SIZE + 1}`,
    order: sql`part.number desc`,
  });
  if (!read) return null;
  const current = read.list.current;
  if (current === null) return firstVersionOnly(read.list, page.before);
  const shown = read.rows.slice(0, VERSIONS_PAGE_SIZE);
  return {
    versions: shown.map((row) => ({
      number: row.number,
      createdAt: new Date(row.created_at).toISOString(),
      changes: row.changes,
      entryCount: row.entry_count,
      restoredFrom: row.restored_from,
      note: row.note,
    })),
    current,
    nextCursor: read.rows.length > VERSIONS_PAGE_SIZE ? shown.at(-1)!.number : null,
  };
}

/** The versions of a list never changed since versions began: version 1, the list as it is. */
function firstVersionOnly(
  list: { list_created_at: Date; list_entry_count: number | null },
  before: number | undefined,
): VersionPage {
  const first = {
    number: 1,
    createdAt: new Date(list.list_created_at).toISOString(),
    changes: [],
    entryCount: list.list_entry_count ?? 0,
    restoredFrom: null,
    note: '',
  };
  return { versions: before === undefined || before > 1 ? [first] : [], current: 1, nextCursor: null };
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
): Promise<VersionEntries | null> {
  return (await readVersion(db, checklistId, number, sql``)) ?? null;
}

/**
 * readVersionEntries for the list's author, in the statement that checks the list is theirs:
 * 'not_theirs' when it is not (to anyone else the list's versions are not found).
 */
export async function readOwnVersionEntries(
  db: Executor,
  checklistId: string,
  userId: string,
  number: number,
): Promise<VersionEntries | null | 'not_theirs'> {
  if (!isUuid(checklistId)) return 'not_theirs';
  const version = await readVersion(db, checklistId, number, sql`from ${ownList(checklistId, userId)}`);
  return version === undefined ? 'not_theirs' : version;
}

type VersionEntries = { entries: KeyedEntry[]; current: number };

/** The version's entries as readVersionEntries reads them, `from` the statement's FROM; undefined when it has no row. */
async function readVersion(
  db: Executor,
  checklistId: string,
  number: number,
  from: SQL,
): Promise<VersionEntries | null | undefined> {
  const result = await db.execute<{ rows: VersionRowJson[]; current: number | null }>(sql`
    select ${versionRowsJson(sql`${checklistId}`, sql`${number}`)} as rows,
      (select max(number) from checklist_versions where checklist_id = ${checklistId}) as current
    ${from}`);
  const [found] = result.rows;
  if (!found) return undefined;
  if (found.current === null) {
    // Never changed: version 1 is the list as it is now, and there is no other.
    return number === 1 ? { entries: (await readEntries(db, checklistId)).map(keyed), current: 1 } : null;
  }
  const entries = rebuildVersion(found.rows, number);
  return entries ? { entries, current: found.current } : null;
}

const keyed = ({ key, kind, content, note }: KeyedEntry): KeyedEntry => ({ key, kind, content, note });
