import { sql, type SQL } from 'drizzle-orm';
import {
  BROWSE_PAGE_SIZE,
  searchTerms,
  type BrowsePage,
  type BrowseQuery,
  type ChecklistCard,
} from '@/domain/checklists/browse';
import type { Executor } from '../db/client';
import { cardColumns, presentCard, type CardRow } from '../presenters';

const orderBy: Record<BrowseQuery['order'], SQL> = {
  newest: sql`c.created_at desc, c.id desc`,
  'most-used': sql`c.uses_count desc, c.created_at desc, c.id desc`,
  'most-liked': sql`c.likes_count desc, c.created_at desc, c.id desc`,
};

/**
 * The cards of the lists `picked` chooses, in its order, in one statement. `picked` is a query
 * answering `id` and `position`; only its rows get their author, tags and item count, so it should
 * limit itself (browse, Discover). It may be a WITH query of its own.
 */
export async function readCards(db: Executor, picked: SQL): Promise<ChecklistCard[]> {
  const result = await db.execute<CardRow>(sql`
    with picked as (${picked})
    select ${cardColumns}
    from picked join checklists c on c.id = picked.id
    left join profiles p on p.id = c.author_id
    order by picked.position`);
  return result.rows.map(presentCard);
}

/**
 * Spec §2.3 on the server: public lists only, full-text prefix search over title, tags,
 * description and items, tag filter, order and paging. Two statements whatever the page size:
 * the total, and the page of cards with their counts.
 */
export async function browseChecklists(db: Executor, query: BrowseQuery): Promise<BrowsePage> {
  const terms = searchTerms(query.q);
  const conditions: SQL[] = [sql`c.is_public`];
  if (terms.length > 0) {
    conditions.push(sql`c.search_vector @@ to_tsquery('simple', ${terms.map((term) => `${term}:*`).join(' & ')})`);
  }
  if (query.tag) {
    conditions.push(
      sql`exists (select 1 from checklist_tags ft where ft.checklist_id = c.id and lower(ft.tag) = lower(${query.tag}))`,
    );
  }
  const where = sql.join(conditions, sql` and `);

  const [countResult, checklists] = await Promise.all([
    db.execute<{ total: number }>(sql`select count(*)::int as total from checklists c where ${where}`),
    // The page's ids first, straight off an index; only those 12 rows then get their author, tags
    // and item count (computed before a sort, those would run for every matching row).
    readCards(
      db,
      sql`
        select c.id, row_number() over (order by ${orderBy[query.order]}) as position
        from checklists c
        where ${where}
        order by ${orderBy[query.order]}
        limit ${BROWSE_PAGE_SIZE} offset ${query.page * BROWSE_PAGE_SIZE}`,
    ),
  ]);
  const total = countResult.rows[0]?.total ?? 0;
  return {
    checklists,
    total,
    page: query.page,
    pageSize: BROWSE_PAGE_SIZE,
    hasMore: (query.page + 1) * BROWSE_PAGE_SIZE < total,
  };
}

/** The most used public tags, for the filter chips. */
export async function popularTags(db: Executor, limit = 20): Promise<{ tag: string; count: number }[]> {
  const result = await db.execute<{ tag: string; count: number }>(sql`
    select min(t.tag) as tag, count(*)::int as count
    from checklist_tags t join checklists c on c.id = t.checklist_id
    where c.is_public
    group by lower(t.tag)
    order by count desc, lower(t.tag)
    limit ${limit}`);
  return result.rows;
}
