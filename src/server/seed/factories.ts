import { randomUUID } from 'node:crypto';
import type { Executor } from '../db/client';
import { accounts, checklistItems, checklists, checklistTags, profiles, users } from '../db/schema';
import { hashPassword } from '../accounts/password-hash';
import { visibilityColumns, type ChecklistVisibility } from '@/domain/checklists/visibility';
import type { ChecklistEntry } from '@/domain/checklists/checklist-fields';

// Factories with overrides, shared by the seed, the API tests and the end-to-end tests.

// Unique across processes too: end-to-end workers each count from 0 and may make a user in the
// same millisecond, so the random characters keep their usernames apart. `user_` and 15 more stay
// within the 20-character username limit.
let sequence = 0;
export const uniqueSuffix = () =>
  `${Date.now().toString(36)}${(sequence++).toString(36)}${randomUUID().slice(0, 6)}`.slice(-15);

export type CreatedUser = { id: string; email: string; username: string; password: string };

export async function createUser(
  db: Executor,
  overrides: Partial<{
    username: string;
    email: string;
    password: string;
    passwordHash: string;
    profileName: string | null;
    avatarUrl: string | null;
    isPublic: boolean;
    emailVerified: boolean;
    createdAt: Date;
  }> = {},
): Promise<CreatedUser> {
  const id = randomUUID();
  const username = overrides.username ?? `user_${uniqueSuffix()}`;
  const email = (overrides.email ?? `${username.toLowerCase()}@example.test`).toLowerCase();
  const password = overrides.password ?? 'correct-horse-battery';
  const passwordHash = overrides.passwordHash ?? (await hashPassword(password));
  const createdAt = overrides.createdAt ?? new Date();
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      id,
      name: username,
      email,
      emailVerified: overrides.emailVerified ?? true,
      createdAt,
      updatedAt: createdAt,
    });
    await tx
      .insert(accounts)
      .values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: passwordHash });
    await tx.insert(profiles).values({
      id,
      username,
      profileName: overrides.profileName === undefined ? username : overrides.profileName,
      avatarUrl: overrides.avatarUrl ?? null,
      isPublic: overrides.isPublic ?? true,
      createdAt,
    });
  });
  return { id, email, username, password };
}

export type ChecklistSeed = {
  title?: string;
  description?: string;
  /** Items as text, or entries with their kind (a heading) and note. */
  items?: (string | ChecklistEntry)[];
  tags?: string[];
  estimatedTime?: string | null;
  difficulty?: 'easy' | 'medium' | 'hard';
  isPublic?: boolean;
  /** Wins over `isPublic` when given: 'unlisted' is neither public nor private (decision 024). */
  visibility?: ChecklistVisibility;
  createdAt?: Date;
};

/**
 * Inserts a checklist with its items and tags as given, straight into the tables: a fixture, not the
 * `createChecklist` action (no badges, no validation).
 */
export async function makeChecklist(db: Executor, authorId: string, seed: ChecklistSeed = {}) {
  const createdAt = seed.createdAt ?? new Date();
  return db.transaction(async (tx) => {
    const [list] = await tx
      .insert(checklists)
      .values({
        title: seed.title ?? `Checklist ${uniqueSuffix()}`,
        description: seed.description ?? 'A checklist made by a test.',
        authorId,
        estimatedTime: seed.estimatedTime === undefined ? '15 minutes' : seed.estimatedTime,
        difficulty: seed.difficulty ?? 'medium',
        ...(seed.visibility ? visibilityColumns(seed.visibility) : { isPublic: seed.isPublic ?? true }),
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    const items = seed.items ?? ['First thing', 'Second thing', 'Third thing'];
    const insertedItems = items.length
      ? await tx
          .insert(checklistItems)
          .values(
            items.map((entry, index) => ({
              checklistId: list!.id,
              ...(typeof entry === 'string' ? { content: entry } : entry),
              orderIndex: index + 1,
            })),
          )
          .returning()
      : [];
    const tags = seed.tags ?? [];
    if (tags.length) {
      await tx
        .insert(checklistTags)
        .values(tags.map((tag, index) => ({ checklistId: list!.id, tag, position: index + 1 })));
    }
    return { ...list!, items: insertedItems, tags };
  });
}
