import { sql, type SQL } from 'drizzle-orm';
import { BROWSE_PAGE_SIZE, type ChecklistCard } from '@/domain/checklists/browse';
import { executeNamed, type Executor } from '../db/client';
import { tagCount } from './tag-counts';
import { cardColumns, presentCard, type CardRow } from '../presenters';

// How a page's cards are read once its lists are chosen: by a query that picks them (`readCards`,
// `readCardRows`) or by their ids (`readCardsById`, a cached page's). What every Browse page is
// made of, whatever its order.

/**
 * The cards of the lists `picked` chooses, in its order, in one statement. `picked` is a query
 * returning `id` and `position`; only its rows get their author, tags and item count, so it should
 * limit itself (Browse, Discover). It may be a WITH query of its own. `isNamed`: see readCardRows.
 */
export async function readCards(
  db: Executor,
  picked: SQL,
  options: { isNamed?: boolean } = {},
): Promise<ChecklistCard[]> {
  return (await readCardRows(db, picked, sql``, options)).map(presentCard);
}

/**
 * `isNamed`: `picked`'s best plan is the same whatever its parameters' values (decision 033), so
 * the statement may be prepared once per connection and planned once.
 *
 * Otherwise the statement is planned each time, with its values; the cards are then read by
 * `ticklist_cards`, whose query PL/pgSQL prepares once per connection (and, as for a named
 * statement, may plan once), so that only the picking is planned with the words: joining the cards
 * in the statement had them planned again on every page. `extra` reads the cards' columns as `c`,
 * and only those (a column of `checklists` that is not a card's, or the author's `p`, is not there);
 * `readsPicked`: it reads `picked`'s too (Best match's tier), so the function's rows are joined to
 * `picked`'s by id.
 */
export async function readCardRows<Extra extends object = object>(
  db: Executor,
  picked: SQL,
  extra = sql``,
  { isNamed = false, readsPicked = false }: { isNamed?: boolean; readsPicked?: boolean } = {},
) {
  if (isNamed) {
    return executeNamed<CardRow & Extra>(
      db,
      sql`
        with picked as (${picked})
        select ${cardColumns}${extra}
        from picked join checklists c on c.id = picked.id
        left join profiles p on p.id = c.author_id
        order by picked.position`,
    );
  }
  const result = await db.execute<CardRow & Extra>(sql`
    with picked as (${picked})
    select c.*${extra}
    from ticklist_cards(array(select picked.id from picked order by picked.position)) with ordinality c
    ${readsPicked ? sql`join picked on picked.id = c.id` : sql``}
    order by c.ordinality`);
  return result.rows;
}

/** How many lists are public: the slots of the counter the database keeps, added up (decision 018). */
export const publicLists = sql`coalesce((select sum(public_count) from checklist_totals), 0)::int`;

/** The number of the latest change to what searches can find (the sequence checklists_search_generation), as text. */
export const searchGeneration = sql`(select (case when is_called then last_value else 0 end)::text from checklists_search_generation)`;

/**
 * The cards of `ids`, in that order, with the search's number of changes now, and a tag's count if
 * `tag` is given: one named statement, which returns the number even when none of the lists is
 * left. A list made private since is left out (its change is numbered, but may have been committed
 * just after the page was read).
 */
export async function readCardsById(
  db: Executor,
  ids: string[],
  tag: string | undefined,
): Promise<{ generation: string; cards: CardRow[]; tagCount: number }> {
  const tagCountOfPage = tag ? tagCount(sql`lower(${tag})`) : sql`0`;
  const rows = await executeNamed<
    Partial<CardRow> & { is_public: boolean | null; generation: string; tag_count: number }
  >(
    db,
    sql`
      select ${cardColumns}, c.is_public, now.generation, now.tag_count
      from (select ${searchGeneration} as generation, ${tagCountOfPage} as tag_count) now
      left join (
        unnest(${sql.param(ids)}::uuid[]) with ordinality as cached(id, position)
        join checklists c on c.id = cached.id
        left join profiles p on p.id = c.author_id
      ) on true
      order by cached.position`,
  );
  const { generation, tag_count } = rows[0]!;
  return {
    generation,
    cards: rows.filter((row): row is CardRow & typeof row => row.is_public === true),
    tagCount: tag_count,
  };
}

/**
 * A page as read: the cards shown, the sort key the next page starts after (if there is more), and
 * the number of changes every statement of it read, if they all read the same (Best match may take
 * two statements), which is when it may be cached.
 */
export type PageRead = { shown: CardRow[]; nextKey: unknown[] | null; generation: string | undefined };

/** A page from its statements' rows: a page and one more, each with its sort key. */
export function pageOf(rows: (CardRow & { sort_key: unknown[]; generation?: string })[]): PageRead {
  const shown = rows.slice(0, BROWSE_PAGE_SIZE);
  const generations = new Set(rows.map((row) => row.generation));
  return {
    shown,
    nextKey: rows.length > BROWSE_PAGE_SIZE ? (shown.at(-1)?.sort_key ?? null) : null,
    generation: generations.size === 1 ? [...generations][0] : undefined,
  };
}
