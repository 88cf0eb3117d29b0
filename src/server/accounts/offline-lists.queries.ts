import { sql } from 'drizzle-orm';
import { MAX_OFFLINE_LISTS, OFFLINE_LIST_DAYS, type OfflineLists } from '@/domain/offline-lists';
import { executeNamed, sqlCount, type Executor } from '../db/client';
import { visibleTo } from '../visibility/lists';

/** The lists `userId`'s devices keep for use offline (see offline-lists.ts), as they may see them. */
export async function listOfflineLists(db: Executor, userId: string): Promise<OfflineLists> {
  const since = sql`now() - make_interval(days => ${sqlCount(OFFLINE_LIST_DAYS)})`;
  const rows = await executeNamed<{ id: string; updated_at: string }>(
    db,
    sql`
    with used as (
      (select c.id, c.updated_at as at from checklists c where c.author_id = ${userId}
       order by c.updated_at desc limit ${sqlCount(MAX_OFFLINE_LISTS)})
      union all
      (select s.checklist_id, s.created_at from saved_checklists s where s.user_id = ${userId}
       order by s.created_at desc limit ${sqlCount(MAX_OFFLINE_LISTS)})
      union all
      (select p.checklist_id, case when p.completed_count > 0 then now() else p.updated_at end
       from checklist_progress p where p.user_id = ${userId}
       order by p.completed_count > 0 desc, p.updated_at desc limit ${sqlCount(MAX_OFFLINE_LISTS)})),
    latest as (select id, max(at) as at from used where at > ${since} group by id)
    select c.id, to_json(c.updated_at) #>> '{}' as updated_at
    from latest l join checklists c on c.id = l.id and ${visibleTo(userId, 'c')}
    order by l.at desc, c.id
    limit ${sqlCount(MAX_OFFLINE_LISTS)}`,
  );
  return { lists: rows.map((row) => ({ id: row.id, updatedAt: new Date(row.updated_at).toISOString() })) };
}
