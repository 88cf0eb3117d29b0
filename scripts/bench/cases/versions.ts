// "read: version history": an author's first page of their list's versions, as its page asks for
// it; "read: a version's entries": one version rebuilt, as "Show this version" asks for it. Each
// signed-in user reads their own list in turn (only its author may), so the per-user rate limit is
// met only past its limit times their number a minute. Their lists are given VERSION_COUNT versions
// here, written as an edit writes them: version 1 and every SNAPSHOT_EVERY-th hold the whole list,
// the others one change (the first entry reworded).
import { sql, type SQL } from 'drizzle-orm';
import { SNAPSHOT_EVERY } from '../../../src/domain/checklists/versions';
import type { Database } from '../../../src/server/db/client';
import { listVersions, readOwnVersionEntries } from '../../../src/server/checklists/versions.queries';
import type { Signed } from '../users';
import { authorReadCase, eachAuthorsMost } from './author-reads';
import type { Case } from './case';

/** A list edited a thousand times: its history must still open within the read bar. */
const VERSION_COUNT = 1000;
/** Just before a whole list (a multiple of SNAPSHOT_EVERY), late in the history: the most change sets a read applies. */
const READ_VERSION = VERSION_COUNT - 1;

/** Gives each user's oldest list without versions VERSION_COUNT of them; their lists with the most versions. */
async function listsWithVersions(db: Database, users: Signed[]) {
  const ids = () => sql.param(users.map((user) => user.userId));
  // The first entry's wording at version v: as made at 1, then "(v)" after it.
  const wording = (v: SQL) => sql`case when ${v} = 1 then f.content else f.content || ' (' || ${v} || ')' end`;
  await db.execute(sql`
    with lists as (
      select distinct on (c.author_id) c.id, c.author_id, c.created_at from checklists c
      where c.author_id = any(${ids()}::text[])
        and not exists (select 1 from checklist_versions v where v.checklist_id = c.id)
        and exists (select 1 from checklist_items i where i.checklist_id = c.id)
      order by c.author_id, c.created_at),
    entries as (
      select i.checklist_id, count(*)::int as n,
        jsonb_agg(jsonb_build_object('key', coalesce(i.key, i.id), 'kind', i.kind, 'content', i.content, 'note', i.note)
                  order by i.order_index) as list
      from checklist_items i join lists l on l.id = i.checklist_id group by i.checklist_id),
    f as (
      select l.id, l.author_id, l.created_at, e.n, e.list, e.list->0->>'key' as key, e.list->0->>'kind' as kind,
        e.list->0->>'content' as content
      from lists l join entries e on e.checklist_id = l.id),
    written as (
      insert into checklist_versions (checklist_id, number, author_id, created_at, changes, snapshot, entry_count)
      select f.id, v, f.author_id, f.created_at + make_interval(hours => v),
        case when v = 1 then '[]'::jsonb else jsonb_build_array(jsonb_build_object(
          'op', 'reword', 'key', f.key, 'kind', f.kind, 'from', ${wording(sql`v - 1`)}, 'to', ${wording(sql`v`)})) end,
        case when v = 1 or v % ${SNAPSHOT_EVERY} = 0
          then jsonb_set(f.list, '{0,content}', to_jsonb(${wording(sql`v`)})) end,
        f.n
      from f cross join generate_series(1, ${VERSION_COUNT}) v
      returning checklist_id)
    update checklist_items i set content = ${wording(sql`${VERSION_COUNT}`)}
    from f where i.checklist_id = f.id and coalesce(i.key, i.id)::text = f.key
      and exists (select 1 from written w where w.checklist_id = f.id)`);
  return eachAuthorsMost(db, users, sql`join checklist_versions v on v.checklist_id = c.id`);
}

export async function versionCases(db: Database, signed: Signed[]): Promise<Case[]> {
  const lists = await listsWithVersions(db, signed);
  if (lists.length === 0) return [];
  return [
    authorReadCase(db, 'read: version history', lists, 'versions', ({ user, listId }) =>
      listVersions(db, listId, user.userId, {}),
    ),
    authorReadCase(db, 'read: a version’s entries', lists, `versions/${READ_VERSION}`, ({ user, listId }) =>
      readOwnVersionEntries(db, listId, user.userId, READ_VERSION),
    ),
  ];
}
