import { sql, type SQL } from 'drizzle-orm';
import { DELETED_USER } from '@/domain/accounts/account-data';
import type { ReportSnapshot, ReportTargetType } from '@/domain/moderation/reports';
import { visibleTo } from '../visibility/lists';
import { executeNamed, type Executor } from '../db/client';
import { isUuid } from '../db/ids';
import { authorVisibilityColumn } from '../visibility/lists';
import { notSuspended } from '../visibility/held';

/** A reported thing as the reporter may see it: its key in the cases, its owner, and how it is now. */
export type ReportTarget = {
  /** A list's or comment's id, or the profile's user id (a profile is reported by its username). */
  id: string;
  ownerId: string;
  isHidden: boolean;
  snapshot: ReportSnapshot;
};

/** The snapshot of a list: its fields, tags in the author's order, and entries in order. */
const checklistSnapshot = sql`json_build_object(
  'type', 'checklist', 'title', c.title, 'description', c.description,
  'visibility', ${authorVisibilityColumn('c')},
  'tags', coalesce((select json_agg(t.tag order by t.position) from checklist_tags t where t.checklist_id = c.id), '[]'),
  'entries', coalesce((select json_agg(json_build_object('kind', i.kind, 'content', i.content, 'note', i.note)
    order by i.order_index) from checklist_items i where i.checklist_id = c.id), '[]'))`;

/** A comment's snapshot (over `checklist_comments cc` and its list `c`): its text and its list. */
const commentSnapshot = sql`json_build_object('type', 'comment', 'content', cc.content,
  'checklist', json_build_object('id', c.id, 'title', c.title))`;

/** A profile's snapshot (over `profiles p`). */
const profileSnapshot = sql`json_build_object('type', 'profile', 'username', p.username,
  'profileName', p.profile_name, 'avatarUrl', p.avatar_url)`;

/**
 * The snapshot of the thing whose case key is `key` (a list's or comment's id, a profile's user
 * id), as a report takes it: for a case opened another way (a review request).
 */
export function snapshotOf(type: ReportTargetType, key: SQL): SQL {
  switch (type) {
    case 'checklist':
      return sql`(select ${checklistSnapshot} from checklists c where c.id = (${key})::uuid)`;
    case 'comment':
      return sql`(select ${commentSnapshot} from checklist_comments cc join checklists c on c.id = cc.checklist_id
        where cc.id = (${key})::uuid)`;
    case 'profile':
      return sql`(select ${profileSnapshot} from profiles p where p.id = ${key})`;
  }
}

/**
 * One statement per type: the thing the reporter names, if they can see it. A list by the one
 * visibility rule (`visibleTo`); a comment on such a list, not hidden and its author not suspended;
 * a profile of a confirmed account, not hidden and not suspended (a private profile's page exists
 * for everyone, so it can be reported). What is hidden from the reporter is not there (404).
 */
const targetQueries: Record<ReportTargetType, (key: string, reporterId: string) => SQL | null> = {
  checklist: (id, reporterId) =>
    isUuid(id)
      ? sql`select c.id::text as id, c.author_id as owner_id, c.hidden_at is not null as is_hidden,
          ${checklistSnapshot} as snapshot
        from checklists c where c.id = ${id} and ${visibleTo(reporterId)}`
      : null,
  comment: (id, reporterId) =>
    isUuid(id)
      ? sql`select cc.id::text as id, cc.user_id as owner_id, cc.hidden_at is not null as is_hidden,
          ${commentSnapshot} as snapshot
        from checklist_comments cc
        join checklists c on c.id = cc.checklist_id and ${visibleTo(reporterId)}
        join profiles p on p.id = cc.user_id
        where cc.id = ${id} and (cc.hidden_at is null or cc.user_id = ${reporterId}) and ${notSuspended('p')}`
      : null,
  profile: (username, reporterId) =>
    sql`select p.id, p.id as owner_id, p.hidden_at is not null as is_hidden, ${profileSnapshot} as snapshot
      from profiles p join users u on u.id = p.id
      where lower(p.username) = lower(${username}) and u.email_verified and p.id <> ${DELETED_USER.id}
        and (p.hidden_at is null or p.id = ${reporterId}) and ${notSuspended('p')}`,
};

/** The thing a report names, as the reporter may see it, or null when it is not there for them. */
export async function findReportTarget(
  db: Executor,
  type: ReportTargetType,
  key: string,
  reporterId: string,
): Promise<ReportTarget | null> {
  const query = targetQueries[type](key, reporterId);
  if (!query) return null;
  // Named: each type's statement reads by key, so its generic plan is its best one.
  const [row] = await executeNamed<{ id: string; owner_id: string; is_hidden: boolean; snapshot: ReportSnapshot }>(
    db,
    query,
  );
  return row ? { id: row.id, ownerId: row.owner_id, isHidden: row.is_hidden, snapshot: row.snapshot } : null;
}
