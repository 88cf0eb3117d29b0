import { sql } from 'drizzle-orm';
import { checklistItemCompletions, checklistLikes } from '../../src/server/db/schema';
import { makeChecklist, createUser } from '../../src/server/seed/factories';
import { signedInAgent } from './sign-in';
import { createTestApp, type Agent, type TestApp } from './test-app';

/**
 * The badge tests' app with its helpers (badgeHelpers), and signed-in users whose likes, follows
 * and clones are the "real action" at a threshold.
 */
export async function createBadgeApp() {
  const t = await createTestApp();
  const fans: Agent[] = [];
  for (let index = 0; index < 4; index++) fans.push(await signedInAgent(t, await createUser(t.db)));
  return { t, fans, ...badgeHelpers(() => t) };
}

/** A new list's body, as the API takes it. */
export const newList = (title: string) => ({
  title,
  description: 'Made through the API.',
  items: ['one', 'two'],
  tags: [],
  estimatedTime: '15 minutes',
  difficulty: 'easy',
});

export const earned = (name: string) => `You earned the badge “${name}”`;

/** The helpers that read and write badge state in the database of `app()`. */
export function badgeHelpers(app: () => TestApp) {
  // Users who never sign in: no password hashing, so thresholds of 50 are reached quickly.
  const extra = () => createUser(app().db, { passwordHash: 'never-signs-in' });
  return {
    extra,
    badgesOf: async (user: { id: string }) =>
      (
        await app().db.execute<{ badge_slug: string }>(
          sql`select badge_slug from user_badges where user_id = ${user.id} order by badge_slug`,
        )
      ).rows.map((row) => row.badge_slug),
    badgeNotes: async (user: { id: string }) =>
      (
        await app().db.execute<{ message: string }>(
          sql`select message from notifications where user_id = ${user.id} and type = 'badge' order by created_at, id`,
        )
      ).rows.map((row) => row.message),
    addLikes: async (checklistId: string, count: number) => {
      for (let index = 0; index < count; index++) {
        await app()
          .db.insert(checklistLikes)
          .values({ checklistId, userId: (await extra()).id });
      }
    },
    /** `count` one-item lists that `user` has completed, written directly (no grant runs). */
    addCompletedLists: async (user: { id: string }, count: number) => {
      const author = await extra();
      for (let index = 0; index < count; index++) {
        const list = await makeChecklist(app().db, author.id, { items: ['only'] });
        await app()
          .db.insert(checklistItemCompletions)
          .values({ userId: user.id, checklistItemId: list.items[0]!.id, checklistId: list.id });
      }
    },
  };
}
