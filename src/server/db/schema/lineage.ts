import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { SNAPSHOT_EVERY, type KeyedEntry, type VersionChange } from '@/domain/checklists/versions';
import { userRef, users } from './auth';
import { checklistRef, checklists } from './checklists';
import { timestampNow } from './columns';

// A deleted original leaves its clones standing: the link is cleared (SET NULL) and the
// original's title stays so "Cloned from" can still be shown as plain text.
export const clonedChecklists = pgTable(
  'cloned_checklists',
  {
    id: uuid().primaryKey().defaultRandom(),
    originalChecklistId: uuid().references(() => checklists.id, { onDelete: 'set null' }),
    originalTitle: text().notNull(),
    clonedChecklistId: uuid()
      .notNull()
      .unique()
      // DEFERRABLE INITIALLY DEFERRED (in the migration; drizzle-kit cannot say so): a clone's
      // record is written before its copy (decision 030). A migration that recreates this key
      // must keep it deferred; tests/api/data-model.test.ts checks.
      .references(() => checklists.id, { onDelete: 'cascade' }),
    clonedBy: userRef(),
    createdAt: timestampNow(),
    /** The original's version the clone was copied from (see checklist_versions). */
    baseVersion: integer().notNull().default(1),
    /** The original's version whose changes the clone's owner last reviewed (from baseVersion on). */
    reviewedVersion: integer().notNull().default(1),
  },
  (t) => [
    index('cloned_checklists_original_idx').on(t.originalChecklistId),
    index('cloned_checklists_cloned_by_idx').on(t.clonedBy, t.createdAt.desc()),
  ],
);

/**
 * A list's versions, numbered from 1 per list. Every save that changes its entries writes one:
 * who, when, and the changes entry by entry (by key). Version 1, and every SNAPSHOT_EVERY-th, also holds
 * the whole list (`snapshot`), so any version is rebuilt from a few change sets.
 * A list that has no row here was never changed since versions began: its entries are version 1,
 * which its first edit writes (with the entries as they were) before its own.
 */
export const checklistVersions = pgTable(
  'checklist_versions',
  {
    checklistId: checklistRef(),
    number: integer().notNull(),
    /** Who saved it: the list's author (null once their account is gone). */
    authorId: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestampNow(),
    changes: jsonb().$type<VersionChange[]>().notNull(),
    snapshot: jsonb().$type<KeyedEntry[]>(),
    /** How many entries (items and headings) the list had after this version. */
    entryCount: integer().notNull(),
    /** The version a restore brought back (null: an edit). */
    restoredFrom: integer(),
    /** Credit or reason written with the version, e.g. the remixers an idea came from. */
    note: text().notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.checklistId, t.number] }),
    check('checklist_versions_number_from_one', sql`${t.number} >= 1`),
    // Deleting an account clears its name from the versions it wrote, found by this index.
    index('checklist_versions_author_idx').on(t.authorId),
    check(
      'checklist_versions_snapshot',
      sql`${t.number} % ${sql.raw(String(SNAPSHOT_EVERY))} <> 0 and ${t.number} <> 1 or ${t.snapshot} is not null`,
    ),
  ],
);

/** An idea from remixes (an entry several public clones added) that the author dismissed, by its normalised text. */
export const remixIdeaDismissals = pgTable(
  'remix_idea_dismissals',
  {
    checklistId: checklistRef(),
    ideaKey: text().notNull(),
    createdAt: timestampNow(),
  },
  (t) => [primaryKey({ columns: [t.checklistId, t.ideaKey] })],
);

/**
 * What people really tick on a public list, refreshed on a schedule (not as they tick): how many
 * people count (each once: those who finished it or ticked more than half of it), each entry's
 * share of them in percent by entry key, and the median time a completed run took from its first
 * tick to its last. Readers show nothing below the privacy floor.
 */
export const checklistTickStats = pgTable('checklist_tick_stats', {
  checklistId: uuid()
    .primaryKey()
    .references(() => checklists.id, { onDelete: 'cascade' }),
  people: integer().notNull(),
  shares: jsonb().$type<Record<string, number>>().notNull(),
  completedRuns: integer().notNull(),
  usualSeconds: integer(),
  refreshedAt: timestampNow(),
});

/**
 * "Lists like this usually include…", worked out ahead for each word of a public list's title or
 * tags: the items the most used public lists with that word commonly have, by idea (most lists
 * first, at most SUGGESTION_IDEAS_PER_WORD). Rebuilt on a schedule, so a suggestion is one index
 * read a word while someone types.
 */
export const itemSuggestionWords = pgTable('item_suggestion_words', {
  word: text().primaryKey(),
  ideas: jsonb().$type<{ idea: string; content: string; lists: number }[]>().notNull(),
  refreshedAt: timestampNow(),
});
