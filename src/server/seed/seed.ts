import { and, eq, like, ne, sql } from 'drizzle-orm';
import { DELETED_USER } from '@/domain/accounts/account-data';
import type { Database } from '../db/client';
import {
  accounts,
  checklistComments,
  checklistItemCompletions,
  checklistLikes,
  checklistItems,
  checklistTags,
  checklists,
  clonedChecklists,
  follows,
  staffPicks,
  users,
} from '../db/schema';
import { hashPassword, verifyPassword } from '../accounts/password-hash';
import { backfillBadges, upsertBadgeDefinitions } from '../badges/badges.actions';
import type { Logger } from '../logger';
import type { ChecklistEntry } from '@/domain/checklists/checklist-fields';
import { makeChecklist, createUser } from './factories';
import {
  DEMO_PASSWORD,
  demoChecklists,
  demoClones,
  demoComments,
  demoCompletions,
  demoFollows,
  demoLikes,
  demoUsers,
  type DemoEntry,
} from './demo-content';

/** A demo list's entry as the factory takes it. */
const demoEntry = (entry: DemoEntry): string | ChecklistEntry => {
  if (typeof entry === 'string') return entry;
  return 'heading' in entry
    ? { kind: 'heading', content: entry.heading, note: '' }
    : { kind: 'item', content: entry.item, note: entry.note };
};

export const DEMO_EMAIL_DOMAIN = '@demo.ticklist.local';
/** The demo lists flagged as staff picks, the most recent pick first. */
export const DEMO_STAFF_PICKS = ['moving-house-week-by-week', 'weekend-car-camping-kit', 'night-before-job-interview'];

const daysAgo = (days: number, hourOffset = 0) => new Date(Date.now() - days * 86_400_000 - hourOffset * 3_600_000);

/** Seeds the demo content on a database that has no users yet (the reserved "Deleted user" is not one). */
export async function seedIfEmpty(db: Database, logger: Logger): Promise<void> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(ne(users.id, DELETED_USER.id));
  if ((row?.count ?? 0) > 0) return;
  await seedDemoContent(db, logger);
}

/**
 * The e-mail of a demo account that still opens with the published DEMO_PASSWORD, or null. One
 * query when there are none; otherwise one argon2 check per demo account, stopping at the first.
 */
export async function findPublishedDemoAccount(db: Database): Promise<string | null> {
  const rows = await db
    .select({ email: users.email, hash: accounts.password })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(like(users.email, `%${DEMO_EMAIL_DOMAIN}`));
  for (const row of rows) {
    if (row.hash && (await verifyPassword({ hash: row.hash, password: DEMO_PASSWORD }))) return row.email;
  }
  return null;
}

/** (Re)creates the demo users and everything they made. Other users are left alone. */
export async function seedDemoContent(db: Database, logger: Logger): Promise<void> {
  const started = performance.now();
  await db.delete(users).where(like(users.email, `%${DEMO_EMAIL_DOMAIN}`));
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const userIds = new Map<string, string>();
  for (const [index, user] of demoUsers.entries()) {
    const created = await createUser(db, {
      username: user.username,
      email: user.email,
      passwordHash,
      profileName: user.profileName,
      avatarUrl: user.avatar,
      isPublic: user.isPublic,
      createdAt: daysAgo(150 - index),
    });
    userIds.set(user.key, created.id);
  }
  const idOf = (key: string) => {
    const id = userIds.get(key);
    if (!id) throw new Error(`demo content refers to an unknown user: ${key}`);
    return id;
  };

  const lists = new Map<string, { id: string; itemIds: string[] }>();
  for (const demo of demoChecklists) {
    const created = await makeChecklist(db, idOf(demo.authorKey), {
      title: demo.title,
      description: demo.description,
      items: demo.items.map(demoEntry),
      tags: demo.tags,
      estimatedTime: demo.estimatedTime,
      difficulty: demo.difficulty,
      createdAt: daysAgo(demo.daysAgo),
    });
    // What a demo completion ticks: items, never headings.
    const itemIds = created.items.filter((item) => item.kind === 'item').map((item) => item.id);
    lists.set(demo.key, { id: created.id, itemIds });
  }
  const listOf = (key: string) => {
    const list = lists.get(key);
    if (!list) throw new Error(`demo content refers to an unknown checklist: ${key}`);
    return list;
  };

  await db.transaction(async (tx) => {
    for (const clone of demoClones) {
      const original = demoChecklists.find((demo) => demo.key === clone.originalKey)!;
      const copy = await makeChecklist(tx, idOf(clone.clonerKey), {
        title: original.title,
        description: original.description,
        items: original.items.map(demoEntry),
        tags: original.tags,
        estimatedTime: original.estimatedTime,
        difficulty: original.difficulty,
        createdAt: daysAgo(clone.daysAgo),
      });
      await tx.insert(clonedChecklists).values({
        originalChecklistId: listOf(clone.originalKey).id,
        originalTitle: original.title,
        clonedChecklistId: copy.id,
        clonedBy: idOf(clone.clonerKey),
        createdAt: daysAgo(clone.daysAgo),
      });
    }
    if (demoLikes.length) {
      await tx
        .insert(checklistLikes)
        .values(
          demoLikes.map((entry) => ({ checklistId: listOf(entry.checklistKey).id, userId: idOf(entry.userKey) })),
        );
    }
    if (demoComments.length) {
      await tx.insert(checklistComments).values(
        demoComments.map((comment, index) => ({
          checklistId: listOf(comment.checklistKey).id,
          userId: idOf(comment.authorKey),
          content: comment.content,
          createdAt: daysAgo(comment.daysAgo, index % 12),
          updatedAt: daysAgo(comment.daysAgo, index % 12),
        })),
      );
    }
    const completions = demoCompletions.flatMap((entry) => {
      const list = listOf(entry.checklistKey);
      return list.itemIds.slice(0, entry.completedItems).map((itemId) => ({
        userId: idOf(entry.userKey),
        checklistItemId: itemId,
        checklistId: list.id,
      }));
    });
    if (completions.length) await tx.insert(checklistItemCompletions).values(completions);
    if (demoFollows.length) {
      await tx
        .insert(follows)
        .values(
          demoFollows.map((entry) => ({ followerId: idOf(entry.followerKey), followedId: idOf(entry.followedKey) })),
        );
    }
    // Discover's Staff Picks, as an operator would flag them with `npm run staff-pick`.
    await tx
      .insert(staffPicks)
      .values(DEMO_STAFF_PICKS.map((key, index) => ({ checklistId: listOf(key).id, pickedAt: daysAgo(index + 1) })));
  });

  // The demo content is inserted directly, past the actions that grant badges: grant them now.
  await upsertBadgeDefinitions(db);
  const granted = await backfillBadges(db, [...userIds.values()]);

  const [counts] = await db
    .select({
      lists: sql<number>`(select count(*)::int from ${checklists})`,
      items: sql<number>`(select count(*)::int from ${checklistItems})`,
      tags: sql<number>`(select count(*)::int from ${checklistTags})`,
    })
    .from(sql`(select 1) as one`);
  logger.info(
    { users: demoUsers.length, ...counts, badges: granted.length, ms: Math.round(performance.now() - started) },
    'demo content seeded',
  );
}
