import { sql } from 'drizzle-orm';
import { badgeTargets } from '@/domain/badges/badges';
import { checklistActionMessages } from '@/domain/checklists/checklist-actions';
import { canLike } from '@/domain/permissions';
import { checkBadges, laterBadgeCheck } from '../badges/badge-checks';
import { executeNamed, type Database } from '../db/client';
import { isUuid } from '../db/ids';
import { notifiedAfterCommit, readActor } from '../notifications/notifications.actions';
import { likeNotificationQueries } from '../notifications/notifications-in-writes';
import type { WriteOutcome } from '../outcome';
import type { PersonRow } from '../presenters';
import { hasBlocked } from '../visibility/blocks';
import { visibleTo } from '../visibility/lists';
import { checklistNotFound } from './checklist-access';

type LikeState = { likes: number; hasLiked: boolean };

/** Who likes: the signed-in user, with their profile when the session's statement read it. */
type Liker = { id: string; person?: PersonRow | null };

/**
 * Likes or unlikes a list, and notifies its author (at most once an hour: decision 017). Liking
 * twice is not an error: a duplicate like is ignored.
 *
 * One statement, committed alone: it opens the list as the liker may see it (its row locked, as
 * the likes counter's trigger updates it), writes or deletes the like, writes or takes back the
 * author's notification, and leaves the author's Crowd Pleaser check when the likes reach a
 * target; the check runs after the commit (badge-checks.ts).
 */
export async function setLike(
  db: Database,
  checklistId: string,
  liker: Liker,
  isLiked: boolean,
): Promise<WriteOutcome<LikeState>> {
  if (!isUuid(checklistId)) return { ok: false, reason: 'not_found' };
  const userId = liker.id;
  const person = liker.person === undefined ? await readActor(db, userId) : liker.person;
  // Only someone else's like, and only one the author has not blocked, is written or taken back
  // (canLike below answers the refusal); taking back a like made before a block is still theirs to do.
  const writes = isLiked
    ? sql`allowed as (
        select a.* from access a where a.author_id <> ${userId} and not ${hasBlocked(sql`a.author_id`, userId)}),
      changed as (
        insert into checklist_likes (checklist_id, user_id) select a.id, ${userId} from allowed a
        on conflict do nothing returning checklist_id),
      ${likeNotificationQueries({ actorId: userId, person, liked: true })},
      checked as (${laterBadgeCheck(
        // The list's likes move one at a time, under its row lock: only a like that brings the likes
        // by others to a badge's target can earn the author one. They are the list's likes, or one
        // fewer where the author liked it before self-likes were refused.
        sql`select a.author_id as user_id from allowed a
          where exists (select 1 from changed)
            and (a.likes_count + 1 = any(${sql.param(badgeTargets('likes_on_one_list'))}::int[])
                 or a.likes_count = any(${sql.param(badgeTargets('likes_on_one_list'))}::int[]))`,
        ['likes_on_one_list'],
      )})`
    : sql`changed as (
        delete from checklist_likes l using access a
        where l.checklist_id = a.id and l.user_id = ${userId} and a.author_id <> ${userId}
        returning l.checklist_id),
      ${likeNotificationQueries({ actorId: userId, person, liked: false })}`;
  type Row = {
    author_id: string;
    likes: number;
    is_blocked: boolean;
    notified: string[];
    badge_check: string | null;
  };
  const statement = sql`
    with access as (
      select c.id, c.author_id, c.title, c.likes_count from checklists c
      where c.id = ${checklistId} and ${visibleTo(userId)}
      for no key update of c),
    ${writes}
    select a.author_id, ${hasBlocked(sql`a.author_id`, userId)} as is_blocked,
      a.likes_count + ${isLiked ? sql`` : sql`-`}(select count(*) from changed)::int as likes,
      array(select user_id from notified) as notified,
      ${isLiked ? sql`(select id from checked)` : sql`null::bigint`} as badge_check
    from access a`;
  // A like's insert sees every like committed before it (ON CONFLICT), whatever this statement
  // waited for. An unlike's delete sees only what had committed when its statement began, so the
  // list's row is locked first, in a statement of its own: a like that held it meanwhile is then
  // seen, and taken back.
  const [row] = isLiked
    ? await executeNamed<Row>(db, statement)
    : await db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from checklists c where c.id = ${checklistId} for no key update of c`);
        return executeNamed<Row>(tx, statement);
      });
  if (!row) return checklistNotFound(db, checklistId);
  if (!canLike({ id: userId }, { authorId: row.author_id }))
    return { ok: false, reason: 'forbidden', message: checklistActionMessages.likeOwn };
  // Someone the author blocked is answered as if the list were not there (decision 048).
  if (isLiked && row.is_blocked) return { ok: false, reason: 'not_found' };
  notifiedAfterCommit(row.notified);
  if (row.badge_check !== null) await checkBadges(db, [Number(row.badge_check)], ['likes_on_one_list']);
  return { ok: true, value: { likes: row.likes, hasLiked: isLiked } };
}
