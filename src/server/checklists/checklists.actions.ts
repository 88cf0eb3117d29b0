import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ChecklistInput } from '@/domain/checklists/checklist-input';
import type { BulkResult } from '@/domain/checklists/checklist-actions';
import { checklistActionMessages } from '@/domain/checklists/checklist-actions';
import { DEFAULT_VISIBILITY, visibilityColumns, type ChecklistVisibility } from '@/domain/checklists/visibility';
import { canClone, canDelete, canEdit } from '@/domain/permissions';
import { badgeTargets, type BadgeMetric } from '@/domain/badges/badges';
import { laterBadgeCheck, withBadgeChecks } from '../badges/badge-checks';
import { executeNamed, sqlCount, type Database, type Executor } from '../db/client';
import { checklists, checklistTags } from '../db/schema';
import type { WriteOutcome } from '../outcome';
import { deleteNotificationsAbout, notifiedAfterCommit, readActor } from '../notifications/notifications.actions';
import { listNotificationInsert, unnamedPerson } from '../notifications/notifications-in-writes';
import type { PersonRow } from '../presenters';
import { checklistNotFound, findChecklistAccess, withChecklistAccess, type ChecklistAccess } from './checklist-access';
import { isUuid } from '../db/ids';
import { authorVisibilityColumns, lockingPublishing, visibleTo } from '../visibility/lists';
import { writeEntries } from './entry-writes';

/** A list's tags in the author's order (position from 1). */
async function insertTags(tx: Executor, checklistId: string, tags: string[]) {
  if (tags.length > 0) {
    await tx.insert(checklistTags).values(tags.map((tag, index) => ({ checklistId, tag, position: index + 1 })));
  }
}

/**
 * A new list (created or cloned) is written after its items and tags, under an id chosen here:
 * their references to it are checked at commit (deferred foreign keys), and its row is written once, with
 * its whole search document and tag keys, not once and then again for each. Writing it also
 * counts it, in its session's public-list slot and in each of its tags' rows (tag_counts), which
 * stay locked until the transaction ends: so as little as possible comes after it, and writers of
 * a popular tag wait for each other's commit, not for the rest of each other's work.
 */
export const newListId = () => crypto.randomUUID();

/** How far a new list counts its author's published lists: to the last "published lists" badge's target. */
const PUBLISHED_COUNT_LIMIT = Math.max(...badgeTargets('published_lists'));

/**
 * Creates a checklist with its items and tags (order_index from 1), in one statement committed
 * alone (ticklist_insert_list writes them, and the list after them): public unless the input asks
 * for unlisted or private (decision 024).
 *
 * A public list is a publication (decision 011; an unlisted one is shared, not published). It
 * leaves its author a badge check only when their published lists, counted with it, have reached
 * the target of a "published lists" badge they do not hold: so most new lists leave none. The
 * count is taken under a lock that every write making an author's list public takes first
 * (ticklist_lock_publishing), so it sees each such write that came before it; one that comes after
 * leaves a check of its own, which runs after its commit and sees this list.
 */
export async function createChecklist(db: Database, authorId: string, input: ChecklistInput): Promise<string> {
  const visibility = input.visibility ?? DEFAULT_VISIBILITY;
  const { isPublic, isUnlisted } = visibilityColumns(visibility);
  const id = newListId();
  const items = input.items;
  return withBadgeChecks(db, async (later) => {
    const [row] = await executeNamed<{ check_id: string | null }>(
      db,
      sql`
      with written as (
        select ticklist_insert_list(${id}, ${authorId}, ${input.title}, ${input.description}, ${input.estimatedTime},
          ${input.difficulty}, ${isPublic}, ${isUnlisted},
          ${sql.param(items.map((item) => item.content))}::text[], ${sql.param(items.map((item) => item.kind))}::text[],
          ${sql.param(items.map((item) => item.note))}::text[], ${sql.param(input.tags)}::text[],
          ${sqlCount(PUBLISHED_COUNT_LIMIT)}) as published),
      checked as (${laterBadgeCheck(
        sql`select ${authorId} as user_id, published as reached from written`,
        ['published_lists'],
        {
          reached: true,
        },
      )})
      select (select published from written) as published, (select id from checked) as check_id`,
    );
    later.left(row?.check_id, ['published_lists']);
    return id;
  });
}

/**
 * Edits a checklist in one transaction: main fields, tags replaced, and entries reconciled so an
 * unchanged item keeps its id and with it everyone's completions, with a version recorded when
 * they changed (see writeEntries).
 */
export async function updateChecklist(
  db: Database,
  id: string,
  userId: string,
  input: ChecklistInput,
): Promise<WriteOutcome> {
  // An edit that may make the list public takes its author's publishing lock before the list's row.
  const lock = { lock: 'update', ...(input.visibility === 'public' ? { lockPublishingOf: userId } : {}) } as const;
  return withBadgeChecks(db, (later) =>
    withChecklistAccess(db, id, userId, lock, async (tx, access) => {
      if (!canEdit({ id: userId }, access))
        return { ok: false, reason: 'forbidden', message: checklistActionMessages.modifyOwn };

      // The statement names the owner too, so a mistake in the rule cannot edit someone else's list:
      // then nothing is updated, and nothing after it (items, tags) is written either.
      // A list this edit publishes is published last, once its entries and tags are the ones saved:
      // the search lexicon takes a list's words as it becomes public (decision 034), and must not
      // take those the edit takes away.
      const publishes = input.visibility === 'public' && !access.isPublic;
      const visibility = input.visibility ? authorVisibilityColumns(input.visibility) : {};
      const updated = await tx
        .update(checklists)
        .set({
          title: input.title,
          description: input.description,
          estimatedTime: input.estimatedTime,
          difficulty: input.difficulty,
          // Absent, the visibility stays as it was (decision 024); a held list keeps it for later (048).
          ...(publishes ? {} : visibility),
          updatedAt: sql`now()`,
        })
        .where(and(eq(checklists.id, id), eq(checklists.authorId, userId)))
        .returning({ id: checklists.id });
      if (updated.length === 0) return { ok: false, reason: 'forbidden', message: checklistActionMessages.modifyOwn };
      // Badges this edit can earn, checked in one check after it has committed.
      const grant = { userIds: [] as string[], metrics: [] as BadgeMetric[] };
      if (input.visibility === 'public' && !access.isPublic) {
        grant.userIds.push(userId);
        grant.metrics.push('published_lists');
      }

      const { completedUserIds } = await writeEntries(tx, id, userId, input.items);
      if (completedUserIds.length > 0) {
        grant.userIds.push(...completedUserIds);
        grant.metrics.push('completed_lists');
      }
      await later.leave(tx, grant.userIds, grant.metrics);
      await tx.delete(checklistTags).where(eq(checklistTags.checklistId, id));
      await insertTags(tx, id, input.tags);
      if (publishes) await tx.update(checklists).set(visibility).where(eq(checklists.id, id));
      return { ok: true, value: undefined };
    }),
  );
}

/** Deleting checks ownership; items, tags, completions, likes and comments go with the list. */
export async function deleteChecklist(db: Database, id: string, userId: string): Promise<WriteOutcome> {
  const access = await findChecklistAccess(db, id, userId);
  if (!access) return checklistNotFound(db, id);
  if (!canDelete({ id: userId }, access))
    return { ok: false, reason: 'forbidden', message: checklistActionMessages.deleteOwn };
  // The list's notifications are deleted first, so that its author's live streams are notified.
  await db.transaction(async (tx) => {
    await deleteNotificationsAbout(tx, userId, [id]);
    await tx.delete(checklists).where(and(eq(checklists.id, id), eq(checklists.authorId, userId)));
  });
  return { ok: true, value: undefined };
}

/** The account page's Make Public / Make Private, and Make Unlisted beside them (decision 024). */
export async function setChecklistVisibility(
  db: Database,
  id: string,
  userId: string,
  visibility: ChecklistVisibility,
): Promise<WriteOutcome> {
  return withBadgeChecks(db, (later) =>
    withChecklistAccess(db, id, userId, {}, async (tx, access) => {
      if (!canEdit({ id: userId }, access))
        return { ok: false, reason: 'forbidden', message: checklistActionMessages.modifyOwn };
      await tx
        .update(checklists)
        .set({ ...authorVisibilityColumns(visibility), updatedAt: sql`now()` })
        .where(
          and(
            eq(checklists.id, id),
            eq(checklists.authorId, userId),
            visibility === 'public' ? lockingPublishing(userId) : undefined,
          ),
        );
      // Making a list public publishes it (decision 011).
      if (visibility === 'public') await later.leave(tx, [userId], ['published_lists']);
      return { ok: true, value: undefined };
    }),
  );
}

/** The ids among `ids` that name lists of `userId`; the rest cannot be touched by them. */
function splitOwned(ids: string[], ownedIds: string[]): BulkResult {
  const owned = new Set(ownedIds);
  // UUIDs come back lower-case; compare them that way.
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  return { succeeded: unique.filter((id) => owned.has(id)), failed: unique.filter((id) => !owned.has(id)) };
}

/**
 * findChecklistAccess for a bulk action's lists: those among `ids` (valid UUIDs) that the user may
 * see, each with its author; the others are missing to them. No lock: the writes that follow name
 * the owner in their own SQL.
 */
async function findChecklistsAccess(db: Executor, ids: string[], userId: string): Promise<ChecklistAccess[]> {
  if (ids.length === 0) return [];
  const result = await db.execute<{ id: string; author_id: string; is_public: boolean; title: string }>(sql`
    select id, author_id, is_public, title from checklists c
    where id = any(${sql.param(ids)}::uuid[]) and ${visibleTo(userId)}`);
  return result.rows.map((row) => ({ id: row.id, authorId: row.author_id, isPublic: row.is_public, title: row.title }));
}

/**
 * The lists among `ids` that `rule` lets the user change, each decided as the single action
 * decides it. A list they cannot see, may not change or that is not there is one outcome: failed,
 * as the single actions respond not found for a list they cannot see.
 */
async function permittedIds(
  db: Executor,
  ids: string[],
  userId: string,
  rule: (viewer: { id: string }, checklist: { authorId: string }) => boolean,
): Promise<string[]> {
  const valid = ids.filter(isUuid).map((id) => id.toLowerCase());
  const lists = await findChecklistsAccess(db, valid, userId);
  return lists.filter((list) => rule({ id: userId }, list)).map((list) => list.id);
}

/**
 * The account page's bulk delete: each list as canDelete decides, and the statement names the
 * owner too, so that a mistake in the rule cannot delete someone else's list. Others' lists are
 * reported as failed, not touched.
 */
export async function bulkDeleteChecklists(db: Database, ids: string[], userId: string): Promise<BulkResult> {
  const permitted = await permittedIds(db, ids, userId, canDelete);
  const deleted = permitted.length
    ? await db.transaction(async (tx) => {
        await deleteNotificationsAbout(tx, userId, permitted);
        return tx
          .delete(checklists)
          .where(and(inArray(checklists.id, permitted), eq(checklists.authorId, userId)))
          .returning({ id: checklists.id });
      })
    : [];
  const result = splitOwned(
    ids,
    deleted.map((row) => row.id),
  );
  return result.failed.length ? { ...result, message: checklistActionMessages.bulkDeleteFailed } : result;
}

/** The account page's bulk Make Public or Make Private, in one transaction: as bulkDeleteChecklists, with canEdit. */
export async function bulkSetVisibility(
  db: Database,
  ids: string[],
  userId: string,
  isPublic: boolean,
): Promise<BulkResult> {
  const updated = ids.some(isUuid)
    ? await withBadgeChecks(db, (later) =>
        db.transaction(async (tx) => {
          const permitted = await permittedIds(tx, ids, userId, canEdit);
          if (permitted.length === 0) return [];
          const rows = await tx
            .update(checklists)
            // The bulk actions have two choices, public or private; either ends an unlisted one.
            .set({ ...authorVisibilityColumns(isPublic ? 'public' : 'private'), updatedAt: sql`now()` })
            .where(
              and(
                inArray(checklists.id, permitted),
                eq(checklists.authorId, userId),
                isPublic ? lockingPublishing(userId) : undefined,
              ),
            )
            .returning({ id: checklists.id });
          if (isPublic && rows.length) await later.leave(tx, [userId], ['published_lists']);
          return rows;
        }),
      )
    : [];
  const result = splitOwned(
    ids,
    updated.map((row) => row.id),
  );
  return result.failed.length ? { ...result, message: checklistActionMessages.bulkVisibilityFailed } : result;
}

/**
 * A clone is a new list owned by the cloner with the original's content, and a
 * recorded link. Nobody clones their own list. A clone of a public list is public; a clone of an
 * unlisted list is unlisted, so cloning cannot list what its author chose not to (decision 024).
 * The clone is the cloner's: they may make it public or private afterwards.
 */
export async function cloneChecklist(
  db: Database,
  id: string,
  userId: string,
  /** The cloner's profile, when the session's statement read it (else it is read here). */
  person?: PersonRow | null,
): Promise<WriteOutcome<string>> {
  if (!isUuid(id)) return { ok: false, reason: 'not_found' };
  const actor = (person === undefined ? await readActor(db, userId) : person) ?? unnamedPerson(userId);
  // One statement committed alone: the original as the cloner may see it; unless it is theirs, the
  // copy (ticklist_clone_list: the original locked, its entries, tags and the clone's record, then
  // the copy's row); and, only when a copy was made, the original's author's notification and their
  // badge check. A clone is not a publication of the cloner's: only the original's author can earn
  // by it. No copy is made when the original was deleted or made private since it was read.
  return withBadgeChecks(db, async (later) => {
    const [written] = await executeNamed<{
      author_id: string | null;
      copy_id: string | null;
      check_id: string | null;
      notified: string[] | null;
    }>(
      db,
      sql`
      with original as (select c.id, c.author_id, c.title from checklists c where c.id = ${id} and ${visibleTo(userId)}),
      copied as (select ticklist_clone_list(o.id, ${newListId()}, ${userId}) as id from original o where o.author_id <> ${userId}),
      made as (select id from copied where id is not null),
      notified as (${listNotificationInsert({
        type: 'clone',
        actorId: userId,
        person: actor,
        list: 'original',
        when: sql`exists (select 1 from made)`,
      })}),
      checked as (${laterBadgeCheck(
        sql`select o.author_id as user_id from original o where exists (select 1 from made)`,
        ['clones_by_others'],
      )})
      select (select author_id from original) as author_id, (select id from made) as copy_id,
        (select id from checked) as check_id, (select array_agg(user_id) from notified) as notified`,
    );
    if (!written?.author_id) return checklistNotFound(db, id);
    // Refused as a self-like is: 403 (the same rule, "not on your own list").
    if (!canClone({ id: userId }, { authorId: written.author_id }))
      return { ok: false, reason: 'forbidden', message: checklistActionMessages.cloneOwn };
    if (!written.copy_id) return checklistNotFound(db, id);
    later.left(written.check_id, ['clones_by_others']);
    notifiedAfterCommit(written.notified ?? []);
    return { ok: true, value: written.copy_id };
  });
}
