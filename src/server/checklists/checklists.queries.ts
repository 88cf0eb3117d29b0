import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { ChecklistDetail } from '@/domain/checklists/checklist-view';
import { noRuns } from '@/domain/checklists/runs';
import { TICK_STATS_FLOOR, type TickStats } from '@/domain/checklists/tick-stats';
import { visibilityOf, type ChecklistVisibility } from '@/domain/checklists/visibility';
import type { Hold } from '@/domain/moderation/holds';
import { canModerate, roleOf } from '@/domain/moderation/roles';
import { isAuthor } from '@/domain/permissions';
import { buildStatement, executeNamed, type Executor } from '../db/client';
import { isUuid } from '../db/ids';
import { authorVisibilityColumn } from '../visibility/lists';
import { holdJson } from '../visibility/held';
import { MAX_LINEAGE_DEPTH } from '@/domain/checklists/remixes';
import {
  authorColumns,
  displayName,
  personJson,
  presentAuthor,
  presentEstimatedTime,
  tagsColumn,
  type AuthorRow,
  type PersonRow,
} from '../presenters';
import { visibleTo } from '../visibility/lists';
import type { DetailRead } from './detail-response';
import { completionsOf, presentRunSummary, runSummaryColumn } from './runs.queries';

type DetailRow = AuthorRow & {
  id: string;
  title: string;
  description: string;
  author_id: string;
  estimated_time: string | null;
  difficulty: ChecklistDetail['difficulty'];
  is_public: boolean;
  is_unlisted: boolean;
  rating: number | null;
  tags: string[];
  uses_count: number;
  likes_count: number;
  clones_count: number;
  /** ISO 8601, as row_to_json writes a timestamp. */
  created_at: string;
  updated_at: string;
  cloned_from_id: string | null;
  cloned_from_title: string | null;
  original_is_clone: boolean;
  has_liked: boolean;
  completed_item_ids: string[];
  /** null for a visitor, who has no runs. */
  runs: Parameters<typeof presentRunSummary>[0] | null;
  author_visibility: ChecklistVisibility;
  hold: Hold | null;
  viewer_role: string | null;
  is_staff_pick: boolean;
  tick_stats: TickStats | null;
};
/** The detail statement's row: its fields as one JSON object, and the entries' JSON text. */
type DetailStatementRow = { fields: DetailRow; items_json: string };

/**
 * For the detail query (`c` the list, `cl` its clone record, `o` its direct original): the author of
 * the list its clone chain started from, as a PersonRow in JSON, or null. The chain is walked up
 * `cloned_checklists` from the direct original, at most MAX_LINEAGE_DEPTH links and never through a
 * list twice (a cycle ends the walk), to the furthest list still standing. Its author is named only
 * when the chain is longer than one hop (one hop is the "Cloned from" itself), when the viewer may
 * see that list by the same rule as the direct original's link, and when someone other than the
 * direct original's author wrote it (the badge would name one person twice).
 */
const originallyBy = (viewerId: string | null) => sql`(
      with recursive chain(id, cloned_by, depth, visited) as (
        select cl.original_checklist_id, cl.cloned_by, 1, array[c.id, cl.original_checklist_id]
        where cl.original_checklist_id is not null
        union all
        select k.original_checklist_id, k.cloned_by, chain.depth + 1, chain.visited || k.original_checklist_id
        from chain join cloned_checklists k on k.cloned_checklist_id = chain.id
        where k.original_checklist_id is not null and chain.depth < ${MAX_LINEAGE_DEPTH}
          and k.original_checklist_id <> all(chain.visited)
      )
      select ${personJson}
      from (select * from chain order by depth desc limit 1) root
      join checklists r on r.id = root.id
      left join profiles p on p.id = r.author_id
      where root.depth > 1 and r.author_id <> o.author_id
        and (r.is_public or r.author_id = ${viewerId} or (r.is_unlisted and root.cloned_by = ${viewerId})))`;

/**
 * The author of the list the clone chain of list `id` started from (`originallyBy`), read apart from
 * the detail's statement and only for a clone of a clone: walking the chain in the detail's own
 * statement cost every list's detail read (measured: docs/performance/sections-runs-export-lineage.md),
 * and few lists are in a chain.
 */
async function findOriginalAuthor(db: Executor, id: string, viewerId: string | null): Promise<PersonRow | null> {
  const [row] = await executeNamed<{ author: PersonRow | null }>(
    db,
    sql`
    select ${originallyBy(viewerId)} as author
    from checklists c
    join cloned_checklists cl on cl.cloned_checklist_id = c.id
    join checklists o on o.id = cl.original_checklist_id
    where c.id = ${id}`,
  );
  return row?.author ?? null;
}

/** The values a detail statement takes at each run (its text is built once, below). */
const listId = sql.placeholder('id');
const viewer = sql.placeholder('viewerId');

/**
 * The detail's columns about the viewer (their like, their completions, their runs in brief) and
 * the join they need, for a query over `checklists c`. A visitor has none of them, so their
 * statement reads none: it is a statement of its own, with constants in their place, and the most
 * frequent detail read (visitors', rendered pages' too) reads three tables fewer.
 */
function viewerColumns(viewerId: Placeholder | null): { columns: SQL; join: SQL } {
  if (viewerId === null) {
    return {
      columns: sql`false as has_liked, '[]'::json as completed_item_ids, null::json as runs,
        null::text as viewer_role, false as is_staff_pick`,
      join: sql``,
    };
  }
  return {
    columns: sql`exists (select 1 from checklist_likes l where l.checklist_id = c.id and l.user_id = ${viewerId}) as has_liked,
      done.ids as completed_item_ids,
      ${runSummaryColumn(sql`c.id`, sql`${viewerId}`, sql`done.last_at`)} as runs,
      -- Whether the list is a staff pick is told to moderators (the role is read for that).
      (select v.role from profiles v where v.id = ${viewerId}) as viewer_role,
      exists (select 1 from staff_picks s where s.checklist_id = c.id) as is_staff_pick`,
    join: completionsOf(sql`c.id`, sql`${viewerId}`),
  };
}

/**
 * The detail's statement, for a visitor or a signed-in viewer. Its row's fields arrive as one JSON
 * object (`fields`): node-postgres reads a row column by column, and thirty-odd columns cost a
 * read more than one JSON.parse. Its entries arrive as the JSON text of the response's `items`
 * (`row_to_json` writes each with the response's own keys, compact), which the response passes on
 * as it is: parsing every entry and writing it again cost the read more than its SQL once entries
 * carried a kind and a note (measured: docs/performance/sections-runs-export-lineage.md).
 */
function detailStatement(viewerId: Placeholder | null): SQL {
  const viewerSide = viewerColumns(viewerId);
  return sql`
    select row_to_json(d) as fields,
      coalesce((select '[' || string_agg(row_to_json(e)::text, ',' order by e."orderIndex") || ']'
                from (select i.id, i.content, i.order_index as "orderIndex", i.kind, i.note
                      from checklist_items i where i.checklist_id = d.id) e), '[]') as items_json
    from (
    select c.id, c.title, c.description, c.author_id, ${authorColumns}, c.estimated_time, c.difficulty, c.is_public,
      c.is_unlisted, c.rating, c.uses_count, c.likes_count, c.clones_count, c.created_at, c.updated_at, ${tagsColumn} as tags,
      -- The original is linked only while the viewer may see it; otherwise its title is plain text.
      -- An unlisted original is linked only for its author and the cloner, who had its address: a
      -- clone's readers must not learn it from the clone (decision 024).
      case when o.is_public or o.author_id = ${viewerId} or (o.is_unlisted and cl.cloned_by = ${viewerId})
        then o.id end as cloned_from_id, cl.original_title as cloned_from_title,
      -- Only a clone of a clone has a chain longer than one hop to walk (findOriginalAuthor).
      exists (select 1 from cloned_checklists k where k.cloned_checklist_id = cl.original_checklist_id) as original_is_clone,
      ${authorVisibilityColumn('c')} as author_visibility, ${holdJson('c')} as hold,
      ${tickStatsColumn} as tick_stats,
      ${viewerSide.columns}
    from checklists c ${viewerSide.join}
    left join profiles p on p.id = c.author_id
    left join cloned_checklists cl on cl.cloned_checklist_id = c.id
    left join checklists o on o.id = cl.original_checklist_id
    where c.id = ${listId} and ${visibleTo(viewerId)}) d`;
}

/**
 * What people really tick on the list (refreshTickStats keeps it), for the detail query over
 * `checklists c`: null unless the list is public and past the floor; each current item's share by
 * its id (the figures are kept by entry key). One probe of the figures' key for a list without any.
 */
const tickStatsColumn = sql`(
      select json_build_object('people', s.people, 'usualSeconds', s.usual_seconds,
        'shares', (select coalesce(json_object_agg(i.id, (s.shares ->> coalesce(i.key, i.id)::text)::int), '{}')
                   from checklist_items i where i.checklist_id = c.id and s.shares ? coalesce(i.key, i.id)::text))
      from checklist_tick_stats s
      where s.checklist_id = c.id and c.is_public and s.people >= ${sql.raw(String(TICK_STATS_FLOOR))})`;

// Built once, not on every read: making the text from its fragments is work every read would repeat.
const visitorDetail = buildStatement(detailStatement(null));
const signedInDetail = buildStatement(detailStatement(viewer));

/**
 * One checklist with everything the detail page shows, in one statement (two for a clone of a
 * clone): every field but the entries, and the entries as the JSON text of `items`
 * (detailResponseBody joins them). A private list is found only by its owner: to anyone else it
 * does not exist.
 */
export async function findChecklistDetail(
  db: Executor,
  id: string,
  viewerId: string | null,
): Promise<DetailRead | null> {
  if (!isUuid(id)) return null;
  const [read] = await executeNamed<DetailStatementRow>(db, viewerId === null ? visitorDetail : signedInDetail, {
    id,
    viewerId,
  });
  if (!read) return null;
  const row = read.fields;
  const originalAuthor = row.original_is_clone ? await findOriginalAuthor(db, id, viewerId) : null;
  const isOwner = isAuthor(viewerId === null ? null : { id: viewerId }, { authorId: row.author_id });
  const detail: DetailRead['detail'] = {
    id: row.id,
    title: row.title,
    description: row.description,
    authorId: row.author_id,
    ...presentAuthor(row, viewerId),
    estimatedTime: presentEstimatedTime(row.estimated_time),
    difficulty: row.difficulty,
    isPublic: row.is_public,
    // The author reads their own choice, which a held list keeps aside (decision 048).
    visibility: isOwner
      ? row.author_visibility
      : visibilityOf({ isPublic: row.is_public, isUnlisted: row.is_unlisted }),
    rating: row.rating,
    tags: row.tags,
    uses: row.uses_count,
    likes: row.likes_count,
    clones: row.clones_count,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    clonedFrom:
      row.cloned_from_title === null
        ? null
        : {
            id: row.cloned_from_id,
            title: row.cloned_from_title,
            originallyBy: originalAuthor && {
              name: displayName(originalAuthor, 'listAuthor', viewerId),
              username: originalAuthor.username,
            },
          },
    viewer: {
      isOwner,
      hasLiked: row.has_liked,
      completedItemIds: row.completed_item_ids,
      runs: row.runs === null ? noRuns : presentRunSummary(row.runs),
    },
    hold: isOwner ? row.hold : null,
    tickStats: row.tick_stats,
    ...(canModerate(roleOf(row.viewer_role)) ? { isStaffPick: row.is_staff_pick } : {}),
  };
  return { detail, itemsJson: read.items_json };
}

/** Whether a checklist exists at all, whoever may see it (to tell "private" from "missing" in the log). */
export async function checklistExists(db: Executor, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const result = await db.execute(sql`select 1 from checklists where id = ${id}`);
  return result.rows.length > 0;
}
