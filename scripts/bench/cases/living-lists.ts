// "read: detail with tick shares": a popular public list's detail, with the figures of what people
// really tick (each list's checklist_tick_stats row is written here, as the scheduled refresh
// writes it: a share per entry key, the people counted, a usual duration). "read: ideas from
// remixes": an author reads the ideas from their list's REMIXES public remixes, some of which add
// the same items. "read: item suggestions": the editor's suggestions for a title drawn from the
// seed's vocabulary. The signed-in cases go round the users (request i is user i mod N), so each
// user's rate limit is met only past N times its limit a minute; visitors come from addresses of
// their own.
import { sql } from 'drizzle-orm';
import { IDEA_MIN_PEOPLE } from '../../../src/domain/checklists/remix-ideas';
import { TICK_STATS_FLOOR } from '../../../src/domain/checklists/tick-stats';
import { findChecklistDetail } from '../../../src/server/checklists/checklists.queries';
import { refreshItemSuggestions } from '../../../src/server/checklists/item-suggestions.actions';
import { suggestItems } from '../../../src/server/checklists/item-suggestions.queries';
import { findRemixIdeas } from '../../../src/server/checklists/remix-ideas.queries';
import type { Database } from '../../../src/server/db/client';
import { clientAddress } from '../../shared/signed-in-client';
import { asUser, type Signed } from '../users';
import { authorReadCase, eachAuthorsMost } from './author-reads';
import { selectRows, type Case } from './case';
import type { DrawnText } from './text';

const STATS_LISTS = 500;
const VISITOR_ADDRESSES = 1000;
const FIRST_VISITOR = 300_000;
/** Public remixes given to each reader's list. */
const REMIXES = 30;
/** The first SHARED_REMIXES remixes add one of SHARED_IDEAS items each, so every such idea has several people. */
const SHARED_REMIXES = IDEA_MIN_PEOPLE * 4;
const SHARED_IDEAS = 3;
/** The next remixes add an item of their own, which is never an idea. */
const OWN_ADDITIONS = 8;

/** Writes the figures of the STATS_LISTS most used public lists; their ids. */
async function listsWithTickStats(db: Database) {
  await db.execute(sql`
    with busy as (
      select c.id, greatest(c.uses_count, ${TICK_STATS_FLOOR + 2}) as people from checklists c
      where c.is_public and c.items_count > 0 order by c.uses_count desc, c.id limit ${STATS_LISTS})
    insert into checklist_tick_stats (checklist_id, people, shares, completed_runs, usual_seconds)
    select b.id, b.people,
      (select jsonb_object_agg(coalesce(i.key, i.id)::text, 20 + (abs(hashtext(i.id::text)) % 81))
       from checklist_items i where i.checklist_id = b.id and i.kind = 'item'),
      b.people / 2, 600 + abs(hashtext(b.id::text)) % 3000
    from busy b
    on conflict (checklist_id) do nothing`);
  return (
    await selectRows<{ id: string }>(
      db,
      sql`select s.checklist_id as id from checklist_tick_stats s join checklists c on c.id = s.checklist_id
          where c.is_public and s.people >= ${TICK_STATS_FLOOR} order by s.people desc limit ${STATS_LISTS}`,
    )
  ).map((row) => row.id);
}

/**
 * Gives each reader's oldest public list that has no remixes REMIXES public remixes by other
 * readers, written as a clone writes them (the clone record, the copied entries with their source
 * key), then each remix's additions (no source key). Returns each reader's most remixed list. A
 * reader who already has a list with REMIXES remixes (a reused seed) gets none, so that a seed reused
 * run after run keeps its size.
 */
async function listsWithRemixes(db: Database, readers: Signed[]) {
  const ids = () => sql.param(readers.map((user) => user.userId));
  await db.execute(sql`
    with originals as (
      select distinct on (c.author_id) c.id, c.author_id, c.title, c.description, c.estimated_time, c.difficulty,
        row_number() over (order by c.author_id) as n
      from checklists c
      where c.author_id = any(${ids()}::text[]) and c.is_public and c.items_count > 0
        and not exists (select 1 from cloned_checklists k where k.original_checklist_id = c.id)
        and not exists (
          select 1 from checklists mine join cloned_checklists k on k.original_checklist_id = mine.id
          where mine.author_id = c.author_id group by mine.id having count(*) >= ${REMIXES})
      order by c.author_id, c.created_at),
    remixes as (
      select o.*, j, gen_random_uuid() as clone_id,
        (${ids()}::text[])[1 + (o.n + j) % cardinality(${ids()}::text[])] as remixer
      from originals o cross join generate_series(1, ${REMIXES}) j),
    records as (
      insert into cloned_checklists (original_checklist_id, original_title, cloned_checklist_id, cloned_by)
      select r.id, r.title, r.clone_id, r.remixer from remixes r where r.remixer <> r.author_id
      returning cloned_checklist_id),
    lists as (
      insert into checklists (id, title, description, author_id, estimated_time, difficulty, is_public)
      select r.clone_id, r.title, r.description, r.remixer, r.estimated_time, r.difficulty, true
      from remixes r join records k on k.cloned_checklist_id = r.clone_id
      returning id),
    copied as (
      insert into checklist_items (checklist_id, content, order_index, kind, note, source_key)
      select l.id, i.content, i.order_index, i.kind, i.note, coalesce(i.key, i.id)
      from lists l join remixes r on r.clone_id = l.id join checklist_items i on i.checklist_id = r.id
      returning checklist_id)
    insert into checklist_items (checklist_id, content, order_index, kind)
    select l.id,
      case when r.j <= ${SHARED_REMIXES} then 'Bench idea ' || (r.j % ${SHARED_IDEAS}) else 'Own touch ' || r.j end,
      1000, 'item'
    from lists l join remixes r on r.clone_id = l.id
    where r.j <= ${SHARED_REMIXES + OWN_ADDITIONS}`);
  return eachAuthorsMost(db, readers, sql`join cloned_checklists k on k.original_checklist_id = c.id`);
}

export async function livingListCases(db: Database, signed: Signed[], text: DrawnText): Promise<Case[]> {
  const cases: Case[] = [];
  const busy = await listsWithTickStats(db);
  if (busy.length > 0) {
    cases.push({
      name: 'read: detail with tick shares',
      requests: Array.from({ length: VISITOR_ADDRESSES }, (_, index) => ({
        method: 'GET' as const,
        path: `/api/checklists/${busy[index % busy.length]!}`,
        headers: { 'x-forwarded-for': clientAddress(FIRST_VISITOR + index) },
      })),
      bare: (index) => findChecklistDetail(db, busy[index % busy.length]!, null),
    });
  }

  const remixed = await listsWithRemixes(db, signed);
  if (remixed.length > 0) {
    cases.push(
      authorReadCase(db, 'read: ideas from remixes', remixed, 'ideas', ({ user, listId }) =>
        findRemixIdeas(db, listId, user.userId),
      ),
    );
  }

  // A title of two of the seed's words, as someone starts a list, with the first item written.
  const words = [...text.common, ...text.middle];
  const draft = (index: number) => ({
    title: `${words[index % words.length]!} ${words[(index * 7 + 3) % words.length]!}`,
    tags: index % 3 === 0 && text.tags.length > 0 ? [text.tags[index % text.tags.length]!] : [],
    items: [`${words[(index * 3 + 1) % words.length]!}`],
  });
  if (signed.length > 0 && words.length > 0) {
    // Worked out ahead, as the background work does every hour.
    await refreshItemSuggestions(db);
    cases.push({
      name: 'read: item suggestions',
      requests: signed.map((user, index) => ({
        method: 'POST' as const,
        path: '/api/checklists/suggestions',
        headers: asUser(user, true),
        body: JSON.stringify(draft(index)),
      })),
      bare: (index) => suggestItems(db, draft(index % signed.length)),
    });
  }
  return cases;
}
