// The bench user: the signed-in user of the dashboard cases, seeded as busy as a real one after
// the bulk load (with triggers on, so its counters and notifications are the app's own).
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import type { BenchSize } from './options';
import { BENCH_USER } from './users';

/**
 * The signed-in user of the dashboard cases, busy as a real one: 50 lists started (8 of them
 * finished), 30 lists in the library (3 groups and saved, overlapping), 5 clones and 3 clones of
 * theirs by others, 30 followers, 12 comments, 30 likes on one of their lists, and 200
 * notifications of every kind. Badges follow from these in seed().
 */
export async function seedBenchUser(db: Database, size: BenchSize) {
  const me = BENCH_USER;
  // Another user, never u1 or u2, whatever --users is: the user number is 3 + n modulo the rest.
  const other = (n: SQL) => sql`(3 + (${n}) % ${size.users - 2})`;
  // `count` public lists by others, numbered j from 1, from `at` (0 to 1) of the way through all
  // lists; the sets below start far enough apart not to overlap.
  const others = (at: number, count: number) => sql`
    select c.id, c.title, (row_number() over (order by l.n))::int as j
    from bench.lists l join checklists c on c.id = l.id
    where c.is_public and c.author_id <> ${me} and l.n >= ${Math.floor(at * size.lists)}
    order by l.n limit ${count}`;

  // Started: every 6th list completed through, the others 1 to 9 items in; most recently completed first.
  await db.execute(sql`
    insert into checklist_item_completions (user_id, checklist_item_id, checklist_id, created_at)
    select ${me}, i.id, picked.id, now() - make_interval(hours => picked.j)
    from (${others(0.1, 50)}) picked
    join checklist_items i on i.checklist_id = picked.id and i.kind = 'item'
    where picked.j % 6 = 0 or i.order_index <= 1 + picked.j % 9
    on conflict do nothing`);
  await db.execute(sql`
    update checklist_progress
    set updated_at = now() - make_interval(hours => (hashtext(checklist_id::text) & 1023) % 720),
        started_at = now() - make_interval(days => 30 + (hashtext(checklist_id::text) & 1023) % 60)
    where user_id = ${me}`);

  // Library: 20 lists in 3 groups (5 of them in two), 15 saved (5 of them also in a group): 30 lists.
  await db.execute(sql`
    insert into user_list_groups (user_id, name, created_at)
    select ${me}, name, now() - make_interval(days => 40 - ord::int)
    from unnest(array['Weekend', 'Work', 'Someday']) with ordinality as t(name, ord)`);
  await db.execute(sql`
    with groups as (
      select id, (row_number() over (order by created_at))::int - 1 as g from user_list_groups where user_id = ${me}),
    picked as (${others(0.3, 20)})
    insert into user_list_memberships (user_id, checklist_id, list_group_id, created_at)
    select ${me}, picked.id, groups.id, now() - make_interval(days => picked.j)
    from picked join groups on groups.g = picked.j % 3 or (picked.j <= 5 and groups.g = (picked.j + 1) % 3)`);
  await db.execute(sql`
    insert into saved_checklists (user_id, checklist_id, created_at)
    select ${me}, picked.id, now() - make_interval(hours => picked.j * 5) from (
      (${others(0.3, 5)})
      union all
      (${others(0.5, 10)})) picked
    on conflict do nothing`);

  // Clones: 5 by the user (private copies with their items), 3 of the user's first list by others.
  await db.execute(sql`
    create unlogged table bench.clones as
    select gen_random_uuid() as id, source.id as source_id, source.title, ${me}::text as cloned_by, source.j
    from (${others(0.7, 5)}) source
    union all
    select gen_random_uuid(), source.id, source.title, 'u' || ${other(sql`100 + k`)}, k
    from (select id, title from checklists where author_id = ${me} order by created_at limit 1) source
    cross join generate_series(1, 3) k`);
  await db.execute(sql`
    insert into checklists (id, title, description, author_id, difficulty, is_public, created_at, updated_at)
    select k.id, k.title, 'A clone for the benchmark', k.cloned_by, 'medium', false,
           now() - make_interval(days => k.j), now() - make_interval(days => k.j)
    from bench.clones k`);
  await db.execute(sql`
    insert into checklist_items (checklist_id, content, order_index, kind, note)
    select k.id, i.content, i.order_index, i.kind, i.note from bench.clones k join checklist_items i on i.checklist_id = k.source_id`);
  await db.execute(sql`
    insert into cloned_checklists (original_checklist_id, original_title, cloned_checklist_id, cloned_by, created_at)
    select source_id, title, id, cloned_by, now() - make_interval(days => j) from bench.clones`);

  await db.execute(sql`
    insert into follows (follower_id, followed_id)
    select 'u' || ${other(sql`1000 + k * 37`)}, ${me} from generate_series(1, 30) k on conflict do nothing`);
  await db.execute(sql`
    insert into follows (follower_id, followed_id)
    select ${me}, 'u' || ${other(sql`2000 + k * 41`)} from generate_series(1, 20) k on conflict do nothing`);
  await db.execute(sql`
    insert into checklist_comments (checklist_id, user_id, content, created_at)
    select picked.id, ${me}, 'A comment from the bench user', now() - make_interval(hours => picked.j * 3)
    from (${others(0.9, 12)}) picked`);
  await db.execute(sql`
    insert into checklist_likes (checklist_id, user_id)
    select c.id, 'u' || ${other(sql`3000 + k * 43`)}
    from (select id from checklists where author_id = ${me} and is_public order by created_at desc limit 1) c
    cross join generate_series(1, 30) k on conflict do nothing`);

  // 200 notifications over two months, the newest 40 unread.
  await db.execute(sql`
    insert into notifications (user_id, actor_id, type, message, checklist_id, read_at, created_at)
    select ${me}, 'u' || ${other(sql`5000 + n`)}, kind,
           'bench_' || ${other(sql`5000 + n`)} || case kind when 'like' then ' liked "' when 'comment' then ' commented on "'
             when 'clone' then ' cloned "' else ' followed you' end
             || case when kind = 'follow' then '' else mine.title || '"' end,
           case when kind = 'follow' then null else mine.id end,
           case when n > 40 then now() end, now() - make_interval(hours => n * 7)
    from generate_series(1, 200) n
    cross join lateral (select (array['like', 'comment', 'clone', 'follow'])[1 + n % 4] as kind) t
    cross join (select id, title from checklists where author_id = ${me} order by created_at desc limit 1) mine`);
}
