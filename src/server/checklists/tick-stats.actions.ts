import { sql } from 'drizzle-orm';
import { DURATION_FLOOR, TICK_STATS_FLOOR } from '@/domain/checklists/tick-stats';
import type { Executor } from '../db/client';

/**
 * What people really tick, refreshed on a schedule rather than as they tick (a tick stays one
 * small write): the background work calls `refreshTickStats` every few minutes, and it refreshes at
 * most `limit` public lists whose figures are older than `maxAgeMinutes` (or missing), most used
 * first. Only a list with at least TICK_STATS_FLOOR uses can reach the floor, so only those are read.
 */
export async function refreshTickStats(
  db: Executor,
  { limit = 200, maxAgeMinutes = 60 }: { limit?: number; maxAgeMinutes?: number } = {},
): Promise<number> {
  const due = await db.execute<{ id: string }>(sql`
    select c.id from checklists c
    left join checklist_tick_stats s on s.checklist_id = c.id
    where c.is_public and c.uses_count >= ${TICK_STATS_FLOOR}
      and (s.refreshed_at is null or s.refreshed_at < now() - make_interval(mins => ${maxAgeMinutes}))
    order by c.uses_count desc, c.id
    limit ${limit}`);
  for (const { id } of due.rows) await refreshListTickStats(db, id);
  return due.rows.length;
}

/**
 * Recounts one list's figures. The people are those with a run that finished the list or ticked
 * more than half of it (the open run, or a closed one), each once, by their latest such run whose
 * ticked entries are known; each current entry's share is the part of them whose run ticked it
 * (by entry key, so a reworded entry keeps its figure). The usual time is the median, over
 * completed runs, from a run's first tick to its last. Below the floors, nothing is kept but the
 * count: a share of a few people must never be stored where it could be shown.
 */
export async function refreshListTickStats(db: Executor, checklistId: string): Promise<void> {
  await db.execute(sql`
    with list as (select id, items_count from checklists where id = ${checklistId}),
    open_runs as (
      select p.user_id, p.completed_count as ticked, l.items_count as items, p.started_at, now() as ended_at, true as open,
        ticks.keys, ticks.last_at
      from list l join checklist_progress p on p.checklist_id = l.id and p.completed_count > 0
      cross join lateral (
        select array_agg(coalesce(i.key, i.id)) as keys, max(t.created_at) as last_at
        from checklist_item_completions t join checklist_items i on i.id = t.checklist_item_id
        where t.checklist_id = l.id and t.user_id = p.user_id) ticks),
    runs as (
      select * from open_runs
      union all
      select r.user_id, r.ticked_count, r.items_count, r.started_at, r.ended_at, false, r.ticked_keys, r.last_tick_at
      from checklist_runs r where r.checklist_id = ${checklistId}),
    counted as (
      select distinct on (user_id) user_id, keys from runs
      where ticked > 0 and (ticked >= items or ticked * 2 > items) and keys is not null
      order by user_id, open desc, ended_at desc),
    people as (select count(*)::int as n from counted),
    shares as (
      select coalesce(jsonb_object_agg(entry.key, round(100.0 * (
          select count(*) from counted where entry.key = any(counted.keys)) / people.n)::int), '{}'::jsonb) as shares
      from people, (select coalesce(i.key, i.id) as key from checklist_items i
                    where i.checklist_id = ${checklistId} and i.kind = 'item') entry
      where people.n >= ${TICK_STATS_FLOOR}),
    durations as (
      select extract(epoch from last_at - started_at) as seconds from runs
      where ticked > 0 and ticked >= items and last_at is not null and last_at >= started_at)
    insert into checklist_tick_stats (checklist_id, people, shares, completed_runs, usual_seconds, refreshed_at)
    select ${checklistId}, people.n, coalesce(shares.shares, '{}'::jsonb), (select count(*)::int from durations),
      case when (select count(*) from durations) >= ${DURATION_FLOOR}
        then (select round(percentile_cont(0.5) within group (order by seconds))::int from durations) end,
      now()
    from people left join shares on true
    on conflict (checklist_id) do update set people = excluded.people, shares = excluded.shares,
      completed_runs = excluded.completed_runs, usual_seconds = excluded.usual_seconds, refreshed_at = now()`);
}
