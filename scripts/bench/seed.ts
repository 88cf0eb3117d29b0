// Seeds the bench's throwaway database set-based (generate_series, INSERT … SELECT), never a row at
// a time, so that scale 10 (500,000 lists and 5,000,000 items) is a wait, not a night.
//
// How it stays correct: the bulk load runs on connections with session_replication_role = replica,
// which fires no triggers (counters, search documents, tag counts, self-like refusal, NOTIFY) and
// checks no foreign keys, with the secondary indexes dropped. Everything the triggers would have
// written is then computed set-based, by the database's own functions where there is one
// (ticklist_search_document, ticklist_tag_keys, ticklist_tag_names, ticklist_items_count,
// ticklist_list_words), the indexes are rebuilt,
// and checkConsistency() recounts every counter against its rows and fails the seed on a mismatch.
// The data itself is built so that the rules hold (no self-likes, likes only on public lists, each
// progress row equal to its completions).
//
// Every value is a function of a row number through hashint8extended, so a size seeds the same
// data every time. Lists are numbered n = 1..lists, oldest first, with ids derived from n.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import type { BenchSize } from './options';
import { makeTags, makeWords, zipfSlots } from './vocabulary';

/** A vocabulary of this many words, drawn with Zipf's law of this exponent. */
export const VOCABULARY_SIZE = 4000;
const TAG_COUNT = 400;
/** The tables the bulk load writes, whose non-constraint indexes are dropped and rebuilt around it. */
const BULK_TABLES = [
  'checklists',
  'checklist_likes',
  'checklist_item_completions',
  'checklist_progress',
  'checklist_runs',
  'checklist_comments',
  'cloned_checklists',
  'follows',
  'notifications',
  'saved_checklists',
  'user_list_groups',
  'user_list_memberships',
  'accounts',
];
const ESTIMATED_TIMES = ['5 minutes', '15 minutes', '20 minutes', '30 minutes', '1 hour', '2+ hours'];

export type Phase = { name: string; seconds: number; detail: string };

const raw = (text: string) => sql.raw(text);

/**
 * The bulk load. `bulk` must be a pool whose connections run with session_replication_role =
 * replica (2 connections: the heaviest phases run in two halves side by side).
 */
export async function seedBulk(
  bulk: Database,
  size: BenchSize,
  passwordHash: string,
  onPhase: (phase: Phase) => void,
): Promise<void> {
  const { users: U, lists: L, items: I, likes: K } = size;
  const perList = Math.max(1, Math.min(60, Math.round(I / L)));
  const itemSpread = Math.min(2 * perList - 1, 63);
  const phrases = Math.min(200_000, Math.max(20_000, Math.round(L / 2)));
  const yearSeconds = 365 * 24 * 3600;
  const phase = async (name: string, work: () => Promise<string | void>) => {
    const started = performance.now();
    const detail = (await work()) ?? '';
    onPhase({ name, seconds: (performance.now() - started) / 1000, detail });
  };
  const count = async (query: SQL) =>
    ((await bulk.execute<{ n: number }>(sql`select (${query})::int as n`)).rows[0]?.n ?? 0).toLocaleString('en');
  // Two halves of 1..L side by side, one per connection.
  const halves = (work: (from: number, to: number) => SQL) =>
    Promise.all([bulk.execute(work(1, Math.floor(L / 2))), bulk.execute(work(Math.floor(L / 2) + 1, L))]);

  await phase('vocabulary', async () => {
    const words = makeWords(VOCABULARY_SIZE);
    const slots = zipfSlots(VOCABULARY_SIZE, 200_000);
    await bulk.execute(sql`drop schema if exists bench cascade`);
    await bulk.execute(sql`create schema bench`);
    // Deterministic pseudo-random numbers: h is a non-negative 63-bit hash of (x, salt), u in [0, 1).
    await bulk.execute(
      raw(`
      create function bench.h(x bigint, salt int) returns bigint language sql immutable parallel safe
      as $$ select hashint8extended(x, salt) & 9223372036854775807 $$;
      create function bench.u(x bigint, salt int) returns float8 language sql immutable parallel safe
      as $$ select (bench.h(x, salt) >> 11)::float8 / 4503599627370496.0 $$;
      create function bench.list_id(n bigint) returns uuid language sql immutable parallel safe
      as $$ select ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid $$;
      create function bench.item_id(n bigint, s int) returns uuid language sql immutable parallel safe
      as $$ select ('00000000-0000-4000-9000-' || lpad(to_hex(n * 64 + s), 12, '0'))::uuid $$;
      -- Every 40th list (n ≡ 17) is a clone of an older list n ≡ 1, whose text it copies.
      create function bench.is_clone(n bigint) returns boolean language sql immutable parallel safe
      as $$ select n % 40 = 17 and n > 40 $$;
      create function bench.source(n bigint) returns bigint language sql immutable parallel safe
      as $$ select case when n % 40 = 17 and n > 40 then 1 + (bench.h(n, 3) % (n - 1)) / 40 * 40 else n end $$;
      -- Every 10th list is private (as before); clones are public, as the app makes them.
      create function bench.is_public(n bigint) returns boolean language sql immutable parallel safe
      as $$ select n % 10 <> 0 $$;
      create function bench.author(n bigint) returns text language sql immutable parallel safe
      as $$ select 'u' || case when n % 40 = 17 and n > 40 then 1 + bench.h(n, 4) % ${U} else 1 + n % ${U} end $$;
      create function bench.item_count(n bigint) returns int language sql immutable parallel safe
      as $$ select (1 + bench.h(bench.source(n), 5) % ${itemSpread})::int $$;
      -- A quarter of the lists of 8 items or more are in sections: a heading before every 4th item,
      -- so item s sits at s + ceil(s / 4) and heading k at 5k - 4.
      create function bench.sectioned(n bigint) returns boolean language sql immutable parallel safe
      as $$ select bench.h(bench.source(n), 31) % 4 = 0 and bench.item_count(n) >= 8 $$;
      create function bench.item_order(n bigint, s int) returns int language sql immutable parallel safe
      as $$ select case when bench.sectioned(n) then s + (s + 3) / 4 else s end $$;
      create function bench.heading_id(n bigint, k int) returns uuid language sql immutable parallel safe
      as $$ select ('00000000-0000-4000-a000-' || lpad(to_hex(n * 32 + k), 12, '0'))::uuid $$;
      create function bench.created(n bigint) returns timestamptz language sql stable parallel safe
      as $$ select now() - make_interval(secs => (${L} - n) * ${yearSeconds / L} + bench.h(n, 8) % 60) $$;
      -- Popular lists: a draw whose u is squared lands on few lists often (list 0 of the order
      -- gets about 1/sqrt(L) of all draws), spread over the years by a multiplier.
      -- A search document's lexemes, each with its weights and number of positions, not the
      -- positions themselves: ticklist_search_document aggregates items and tags without an ORDER
      -- BY, so where a word sits depends on the plan that read them (checkConsistency).
      create function bench.shape(v tsvector) returns text language sql immutable parallel safe
      as $$ select string_agg(lexeme || ':' || array_to_string(array(select w from unnest(weights) w order by 1), ''), ' '
                              order by lexeme) from unnest(v) $$;
      create function bench.popular(j bigint, salt int) returns bigint language sql immutable parallel safe
      as $$ select 1 + (floor(${L} * bench.u(j, salt) ^ 2)::bigint * 7919 + salt) % ${L} $$;
    `),
    );
    await bulk.execute(sql`
      create unlogged table bench.words as
      select ord::int as rank, word from unnest(${sql.param(words)}::text[]) with ordinality t(word, ord)`);
    await bulk.execute(sql`alter table bench.words add primary key (rank)`);
    await bulk.execute(sql`
      create unlogged table bench.draws as
      select (ord - 1)::int as slot, rank from unnest(${sql.param(slots)}::int[]) with ordinality t(rank, ord)`);
    await bulk.execute(sql`alter table bench.draws add primary key (slot)`);
    await bulk.execute(sql`
      create unlogged table bench.tags as
      select ord::int as rank, tag from unnest(${sql.param(makeTags(words, TAG_COUNT))}::text[]) with ordinality t(tag, ord)`);
    await bulk.execute(sql`alter table bench.tags add primary key (rank)`);
    // Phrases of 2 to 6 words, each word a Zipf draw; titles, descriptions, items and comments
    // are made of them.
    await bulk.execute(sql`
      create unlogged table bench.phrases as
      select p::int as id, string_agg(w.word, ' ' order by k) as text
      from generate_series(0, ${phrases - 1}) p
      cross join lateral generate_series(1, 2 + (bench.h(p, 1) % 5)::int) k
      join bench.draws d on d.slot = bench.h(p * 8 + k, 2) % ${slots.length}
      join bench.words w on w.rank = d.rank
      group by p`);
    await bulk.execute(sql`alter table bench.phrases add primary key (id)`);
    await bulk.execute(
      raw(`
      create function bench.phrase(x bigint, salt int) returns text language sql stable parallel safe
      as $$ select text from bench.phrases where id = bench.h(x, salt) % ${phrases} $$;
      create function bench.capital(t text) returns text language sql immutable parallel safe
      as $$ select upper(left(t, 1)) || substr(t, 2) $$;
      create function bench.title(n bigint) returns text language sql stable parallel safe
      as $$ select bench.capital(bench.phrase(bench.source(n), 7)) $$;
      create function bench.description(n bigint) returns text language sql stable parallel safe
      as $$ select bench.capital(bench.phrase(bench.source(n), 9)) || ', ' || bench.phrase(bench.source(n), 10) || '.' $$;
      -- 0 to 4 tags a list, each a Zipf-like draw (log-uniform rank) among the tags.
      create function bench.tag_rank(n bigint, k int) returns int language sql immutable parallel safe
      as $$ select least(${TAG_COUNT}, floor(exp(bench.u(bench.source(n) * 8 + k, 11) * ln(${TAG_COUNT + 1}))))::int $$;
    `),
    );
    await bulk.execute(sql`
      create unlogged table bench.lists as select n::int, bench.list_id(n) as id from generate_series(1, ${L}) n`);
    await bulk.execute(sql`alter table bench.lists add primary key (n)`);
    return `${VOCABULARY_SIZE} words, ${TAG_COUNT} tags, ${phrases.toLocaleString('en')} phrases`;
  });

  // Dropped here, rebuilt at the end from their own definitions.
  const indexes = (
    await bulk.execute<{ name: string; definition: string }>(sql`
      select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i join pg_class t on t.oid = i.indrelid
      where t.relnamespace = 'public'::regnamespace and t.relname = any(${sql.param(BULK_TABLES)}::text[])
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`)
  ).rows;
  for (const index of indexes) await bulk.execute(raw(`drop index ${index.name}`));

  await phase('users', async () => {
    await bulk.execute(sql`
      insert into users (id, name, email, email_verified)
      select 'u' || g, 'bench_' || g, 'bench_' || g || '@example.test', true from generate_series(1, ${U}) g`);
    await bulk.execute(sql`
      insert into accounts (id, account_id, provider_id, user_id, password)
      select 'a' || g, 'u' || g, 'credential', 'u' || g, ${passwordHash} from generate_series(1, ${U}) g`);
    await bulk.execute(sql`
      insert into profiles (id, username, profile_name, avatar_url)
      select 'u' || g, 'bench_' || g, 'Bench user ' || g, '🙂' from generate_series(1, ${U}) g`);
    return `${U.toLocaleString('en')} users`;
  });

  await phase('items', async () => {
    await halves(
      (from, to) => sql`
      insert into checklist_items (id, checklist_id, content, order_index, kind, note)
      select bench.item_id(n, s), bench.list_id(n), bench.capital(bench.phrase(bench.source(n) * 64 + s, 6)),
             bench.item_order(n, s), 'item',
             -- One item in ten has a note of two phrases.
             case when bench.h(bench.source(n) * 64 + s, 32) % 10 = 0
               then bench.capital(bench.phrase(bench.source(n) * 64 + s, 33)) || ', ' || bench.phrase(bench.source(n) * 64 + s, 34) || '.'
               else '' end
      from generate_series(${from}::bigint, ${to}) n cross join lateral generate_series(1, bench.item_count(n)) s
      union all
      select bench.heading_id(n, k), bench.list_id(n), bench.capital(bench.phrase(bench.source(n) * 32 + k, 35)), 5 * k - 4, 'heading', ''
      from generate_series(${from}::bigint, ${to}) n cross join lateral generate_series(1, (bench.item_count(n) + 3) / 4) k
      where bench.sectioned(n)`,
    );
    return `${await count(sql`select count(*) from checklist_items where kind = 'item'`)} items, ${await count(sql`select count(*) from checklist_items where kind = 'heading'`)} headings, ${await count(sql`select count(*) from checklist_items where note <> ''`)} notes`;
  });

  await phase('tags', async () => {
    await halves(
      (from, to) => sql`
      insert into checklist_tags (checklist_id, tag, position)
      select bench.list_id(n), t.tag, k
      from generate_series(${from}::bigint, ${to}) n
      cross join lateral generate_series(1, (bench.h(bench.source(n), 12) % 5)::int) k
      join bench.tags t on t.rank = bench.tag_rank(n, k)
      -- In the order of the primary key, so a list's tags read the same by index or by scan (the
      -- search document aggregates them without an ORDER BY).
      order by n, t.tag
      on conflict do nothing`,
    );
    return `${await count(sql`select count(*) from checklist_tags`)} tags`;
  });

  await phase('likes', async () => {
    // Drawn with a skew (popular lists get many), never by the author, only on public lists.
    await bulk.execute(sql`
      insert into checklist_likes (checklist_id, user_id, created_at)
      select bench.list_id(n), liker, bench.created(n) + (now() - bench.created(n)) * bench.u(j, 14)
      from (select j, bench.popular(j, 13) as n, 'u' || (1 + bench.h(j, 15) % ${U}) as liker
            from generate_series(1, ${Math.round(K * 1.25)}) j) d
      where bench.is_public(n) and liker <> bench.author(n)
      limit ${K}
      on conflict do nothing`);
    return `${await count(sql`select count(*) from checklist_likes`)} likes`;
  });

  await phase('progress and ticks', async () => {
    // 0.6 users a list on average start one (skewed like likes); each completes the first t items,
    // every 6th all of them.
    await bulk.execute(sql`
      create unlogged table bench.progress as
      select distinct on (n, user_id) n, user_id,
             case when bench.h(j, 20) % 7 = 0 and bench.h(j, 21) % 3 = 0 then 0
                  when j % 6 = 0 then bench.item_count(n) else (1 + bench.h(j, 17) % bench.item_count(n))::int end as completed,
             bench.created(n) + (now() - bench.created(n)) * bench.u(j, 18) * 0.9 as started_at,
             -- One user in seven has used the list before: 1 to 3 closed runs, most of them
             -- completed; a third of those have not ticked anything in the run they opened since.
             case when bench.h(j, 20) % 7 = 0 then (1 + bench.h(j, 22) % 3)::int else 0 end as runs
      from (select j, bench.popular(j, 16) as n, 'u' || (1 + bench.h(j, 19) % ${U}) as user_id
            from generate_series(1, ${Math.round(L * 0.6)}) j) d
      where bench.is_public(n)
      order by n, user_id`);
    await bulk.execute(sql`
      insert into checklist_item_completions (user_id, checklist_item_id, checklist_id, created_at)
      select p.user_id, bench.item_id(p.n, s), bench.list_id(p.n), p.started_at + s * interval '3 minutes'
      from bench.progress p cross join lateral generate_series(1, p.completed) s`);
    await bulk.execute(sql`
      insert into checklist_progress (checklist_id, user_id, completed_count, started_at, updated_at, closed_runs, complete)
      select bench.list_id(n), user_id, completed, started_at, started_at + completed * interval '3 minutes', runs,
             completed = bench.item_count(n)
      from bench.progress`);
    // Each closed run ended before the open one started, a week or more apart.
    await bulk.execute(sql`
      insert into checklist_runs (checklist_id, user_id, started_at, ended_at, ticked_count, items_count, completed)
      select bench.list_id(p.n), p.user_id, p.started_at - r * interval '9 days', p.started_at - r * interval '9 days' + interval '2 hours',
             t.ticked, bench.item_count(p.n), t.ticked = bench.item_count(p.n)
      from bench.progress p cross join lateral generate_series(1, p.runs) r
      cross join lateral (select case when bench.h(p.n * 8 + r, 23) % 4 = 0
                                 then (1 + bench.h(p.n * 8 + r, 24) % bench.item_count(p.n))::int
                                 else bench.item_count(p.n) end as ticked) t`);
    return `${await count(sql`select count(*) from checklist_progress`)} used, ${await count(sql`select count(*) from checklist_item_completions`)} ticks, ${await count(sql`select count(*) from checklist_runs`)} closed runs`;
  });

  await phase('clones', async () => {
    await bulk.execute(sql`
      insert into cloned_checklists (original_checklist_id, original_title, cloned_checklist_id, cloned_by, created_at)
      select bench.list_id(bench.source(n)), bench.title(n), bench.list_id(n), bench.author(n), bench.created(n)
      from generate_series(1, ${L}::bigint) n where bench.is_clone(n)`);
    return `${await count(sql`select count(*) from cloned_checklists`)} clones`;
  });

  await phase('lists', async () => {
    // The counters from their rows, then each list with its counters, tag keys and search
    // document as the triggers would have written them (items and tags are already in).
    await bulk.execute(sql`
      create unlogged table bench.counts as
      select id, sum(likes)::int as likes, sum(uses)::int as uses, sum(clones)::int as clones from (
        select checklist_id as id, count(*) as likes, 0 as uses, 0 as clones from checklist_likes group by 1
        union all select checklist_id, 0, count(*), 0 from checklist_progress group by 1
        union all select original_checklist_id, 0, 0, count(*) from cloned_checklists group by 1) c
      group by id`);
    await bulk.execute(sql`alter table bench.counts add primary key (id)`);
    await halves(
      (from, to) => sql`
      insert into checklists (id, title, description, author_id, estimated_time, difficulty, is_public,
                              likes_count, uses_count, clones_count, created_at, updated_at, search_vector, tag_keys,
                              tag_names, items_count)
      select l.id, l.title, l.description, bench.author(l.n),
             (${sql.param(ESTIMATED_TIMES)}::text[])[1 + bench.h(l.n, 20) % ${ESTIMATED_TIMES.length}],
             (array['easy', 'medium', 'hard'])[1 + bench.h(l.n, 21) % 3], bench.is_public(l.n),
             coalesce(c.likes, 0), coalesce(c.uses, 0), coalesce(c.clones, 0), bench.created(l.n),
             least(now(), bench.created(l.n) + make_interval(mins => (bench.h(l.n, 22) % 1440)::int)),
             ticklist_search_document(l.id, l.title, l.description), ticklist_tag_keys(l.id),
             ticklist_tag_names(l.id), ticklist_items_count(l.id)
      from (select n, bench.list_id(n) as id, bench.title(n) as title, bench.description(n) as description
            from generate_series(${from}::bigint, ${to}) n) l
      left join bench.counts c on c.id = l.id`,
    );
    return `${await count(sql`select count(*) from checklists`)} lists`;
  });

  await phase('engagement', async () => {
    await bulk.execute(sql`
      insert into checklist_comments (checklist_id, user_id, content, created_at)
      select bench.list_id(n), 'u' || (1 + bench.h(j, 24) % ${U}), bench.capital(bench.phrase(j, 25)) || '.',
             bench.created(n) + (now() - bench.created(n)) * bench.u(j, 26)
      from (select j, bench.popular(j, 23) as n from generate_series(1, ${Math.round(L / 2)}) j) d
      where bench.is_public(n)`);
    await bulk.execute(sql`
      insert into follows (follower_id, followed_id)
      select 'u' || g, 'u' || (1 + (g * 7 + k * 1931) % ${U})
      from generate_series(1, ${U}) g cross join generate_series(1, 5) k
      where 1 + (g * 7 + k * 1931) % ${U} <> g on conflict do nothing`);
    await bulk.execute(sql`
      insert into user_list_groups (user_id, name)
      select 'u' || g, 'Favourites' from generate_series(1, ${U}) g where g % 5 = 0`);
    await bulk.execute(sql`
      insert into user_list_memberships (user_id, checklist_id, list_group_id)
      select ug.user_id, bench.list_id(n), ug.id
      from user_list_groups ug cross join generate_series(1, 3) k
      cross join lateral (select 1 + (substr(ug.user_id, 2)::bigint * 29 + k * 4099) % ${L} as n) l
      where bench.is_public(n)
      on conflict do nothing`);
    await bulk.execute(sql`
      insert into saved_checklists (user_id, checklist_id)
      select 'u' || g, bench.list_id(n)
      from generate_series(1, ${U}) g cross join generate_series(1, 2) k
      cross join lateral (select 1 + (g::bigint * 31 + k * 7177) % ${L} as n) l
      where g % 3 = 0 and bench.is_public(n) on conflict do nothing`);
    await bulk.execute(sql`
      insert into staff_picks (checklist_id, picked_at)
      select bench.list_id(n), now() - make_interval(hours => (n % 500)::int)
      from generate_series(1, ${L}::bigint) n where bench.is_public(n) and n % 997 = 3`);
    // What likes would have notified the authors of (one notification per like on every other list).
    await bulk.execute(sql`
      insert into notifications (user_id, actor_id, type, message, checklist_id, read_at, created_at)
      select c.author_id, lk.user_id, 'like', 'bench_' || substr(lk.user_id, 2) || ' liked "' || c.title || '"', c.id,
             case when l.n % 3 = 0 then null else now() end, lk.created_at
      from bench.lists l join checklists c on c.id = l.id join checklist_likes lk on lk.checklist_id = c.id
      where l.n % 2 = 0`);
    return `${await count(sql`select count(*) from checklist_comments`)} comments, ${await count(sql`select count(*) from follows`)} follows, ${await count(sql`select count(*) from user_list_memberships`)} filed, ${await count(sql`select count(*) from saved_checklists`)} saved, ${await count(sql`select count(*) from notifications`)} notifications`;
  });

  await phase('counts and words', async () => {
    // As the counting triggers would have, had the lists been written one by one.
    await bulk.execute(
      sql`update checklist_totals set public_count = case when slot = 0 then (select count(*) from checklists where is_public) else 0 end`,
    );
    await bulk.execute(sql`
      insert into tag_counts (tag_key, tag, count)
      select key, (select t.tag from checklist_tags t where lower(t.tag) = key limit 1), count(*)
      from checklists c, unnest(c.tag_keys) key where c.is_public group by key`);
    // The words of public lists' titles and tags, each with how many public lists have it, as the
    // triggers count them: a private or unlisted list's words are not offered as corrections.
    await bulk.execute(sql`
      insert into search_words (word, slot, public_count)
      select word, 0, count(*) from checklists c, ticklist_list_words(c.title, c.tag_keys) word
      where c.is_public group by word`);
    // Every lexeme of every public list's document, as the search triggers add them.
    await bulk.execute(sql`
      insert into search_lexemes (lexeme)
      select distinct unnest(tsvector_to_array(search_vector)) from checklists where is_public
      on conflict do nothing`);
    return `${await count(sql`select count(distinct word) from search_words`)} search words, ${await count(sql`select count(*) from search_lexemes`)} lexemes`;
  });

  await phase('indexes', async () => {
    // Biggest first, two at a time.
    const queue = [...indexes].sort(
      (a, b) => Number(b.definition.includes('gin')) - Number(a.definition.includes('gin')),
    );
    await Promise.all(
      [0, 1].map(async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await bulk.execute(raw(next.definition));
      }),
    );
    return `${indexes.length} indexes rebuilt`;
  });
}
