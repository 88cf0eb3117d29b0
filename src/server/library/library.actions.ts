import { and, eq, sql } from 'drizzle-orm';
import { libraryMessages, MAX_GROUPS, type Group, type LibraryStatus } from '@/domain/library/library';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import { savedChecklists, userListGroups, userListMemberships } from '../db/schema';
import { checklistNotFound, findChecklistAccess } from '../checklists/checklist-access';
import { visibleTo } from '../visibility/lists';
import type { WriteOutcome } from '../outcome';
import { ownLibraryRows } from './library.queries';

const groupNotFound = { ok: false, reason: 'not_found' } as const;

/**
 * A new, empty group; refused past MAX_GROUPS, so the groups response stays bounded. The
 * count and the insert run under a lock of the user's own, so two creates at once cannot both pass.
 */
export async function createGroup(db: Database, userId: string, name: string): Promise<WriteOutcome<Group>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`groups:${userId}`}, 0))`);
    const [{ count }] = (
      await tx.execute<{ count: number }>(
        sql`select count(*)::int as count from user_list_groups where user_id = ${userId}`,
      )
    ).rows as [{ count: number }];
    if (count >= MAX_GROUPS) return { ok: false, reason: 'invalid', message: libraryMessages.tooManyGroups };
    const [group] = await tx.insert(userListGroups).values({ userId, name }).returning();
    return {
      ok: true,
      value: {
        id: group!.id,
        name: group!.name,
        createdAt: group!.createdAt.toISOString(),
        listCount: 0,
        checklists: [],
        nextCursor: null,
      },
    };
  });
}

export async function renameGroup(db: Database, userId: string, groupId: string, name: string): Promise<WriteOutcome> {
  if (!isUuid(groupId)) return groupNotFound;
  const renamed = await db
    .update(userListGroups)
    .set({ name })
    .where(and(eq(userListGroups.id, groupId), eq(userListGroups.userId, userId)))
    .returning({ id: userListGroups.id });
  return renamed.length ? { ok: true, value: undefined } : groupNotFound;
}

/** Groups can be deleted only when empty. */
export async function deleteGroup(db: Database, userId: string, groupId: string): Promise<WriteOutcome> {
  if (!isUuid(groupId)) return groupNotFound;
  const result = await db.execute<{ outcome: string }>(sql`
    with target as (select id from user_list_groups where id = ${groupId} and user_id = ${userId}),
    removed as (
      delete from user_list_groups g using target
      where g.id = target.id and not exists (
        -- Only lists the user can still see count: one made private by its author since is not
        -- shown in the group, so it cannot keep the group from being deleted.
        select 1 from user_list_memberships m join checklists c on c.id = m.checklist_id
        where m.list_group_id = target.id and ${visibleTo(userId)})
      returning g.id)
    select case when not exists (select 1 from target) then 'missing'
                when exists (select 1 from removed) then 'deleted' else 'not_empty' end as outcome`);
  const outcome = result.rows[0]!.outcome;
  if (outcome === 'missing') return groupNotFound;
  if (outcome === 'not_empty') return { ok: false, reason: 'invalid', message: libraryMessages.groupNotEmpty };
  return { ok: true, value: undefined };
}

/** Files a list in one of the user's groups, or takes it out. Filing twice is harmless. */
export async function setMembership(
  db: Database,
  userId: string,
  groupId: string,
  checklistId: string,
  isMember: boolean,
): Promise<WriteOutcome<LibraryStatus>> {
  if (!isUuid(groupId) || !isUuid(checklistId)) return groupNotFound;
  const [group] = await db
    .select({ id: userListGroups.id })
    .from(userListGroups)
    .where(and(eq(userListGroups.id, groupId), eq(userListGroups.userId, userId)));
  if (!group) return groupNotFound;
  if (isMember) {
    if (!(await findChecklistAccess(db, checklistId, userId))) return checklistNotFound(db, checklistId);
    await db.insert(userListMemberships).values({ userId, checklistId, listGroupId: groupId }).onConflictDoNothing();
  } else {
    // Taking one's own row out needs no access to the list: it may have turned private since.
    await db
      .delete(userListMemberships)
      .where(
        and(
          eq(userListMemberships.userId, userId),
          eq(userListMemberships.checklistId, checklistId),
          eq(userListMemberships.listGroupId, groupId),
        ),
      );
  }
  return { ok: true, value: await ownLibraryRows(db, userId, checklistId) };
}

/** Saving an already-saved checklist is success. */
export async function setSaved(
  db: Database,
  userId: string,
  checklistId: string,
  isSaved: boolean,
): Promise<WriteOutcome<LibraryStatus>> {
  if (!isUuid(checklistId)) return { ok: false, reason: 'not_found' };
  if (isSaved) {
    if (!(await findChecklistAccess(db, checklistId, userId))) return checklistNotFound(db, checklistId);
    await db.insert(savedChecklists).values({ userId, checklistId }).onConflictDoNothing();
  } else {
    await db
      .delete(savedChecklists)
      .where(and(eq(savedChecklists.userId, userId), eq(savedChecklists.checklistId, checklistId)));
  }
  return { ok: true, value: await ownLibraryRows(db, userId, checklistId) };
}
