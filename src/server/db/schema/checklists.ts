import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { RATING_MAX, RATING_PRIOR_LIKES, RATING_PRIOR_USES } from '@/domain/checklists/rating';
import { userRef } from './auth';
import { moderationHoldColumns, timestampNow } from './columns';

/** A PostgreSQL tsvector; written only by the search triggers (ticklist_search_on_checklist, ..._children). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * How large (kB) a search index's list of not yet merged entries may grow: PostgreSQL's least.
 * A GIN index takes new entries into that list, cheaply, and merges them into its tree once the
 * list is full; every search reads the whole list meanwhile, so a small list keeps searches fast
 * between merges, and a Best match page reads up to four such indexes (decision 031).
 */
const GIN_PENDING_LIST_KB = 64;

// Counters (uses_count, likes_count, clones_count) are maintained by triggers written in a
// custom migration (see docs/decisions/002-counters-maintained-by-triggers.md). Application
// code never writes them.
export const checklists = pgTable(
  'checklists',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    description: text().notNull().default(''),
    authorId: userRef(),
    estimatedTime: text(),
    difficulty: text().notNull().default('medium'),
    // Decision 024: `is_public` means "listed publicly" (Browse, search, Discover, profiles, the
    // sitemap and feeds, and every partial index and count trigger over them). An unlisted list is
    // not public: it is left out of all of those, yet anyone with its address may read and use it.
    isPublic: boolean().notNull().default(true),
    isUnlisted: boolean().notNull().default(false),
    // Decision 048: a held list (hidden, or its author suspended) has is_public and is_unlisted false, as a
    // private list does; its author's own choice waits here until the hold ends (null: not held).
    heldVisibility: text(),
    ...moderationHoldColumns(),
    // Decision 010: computed from the counters by the same formula as domain checklistRating().
    rating: numeric({ precision: 2, scale: 1, mode: 'number' }).generatedAlwaysAs(
      sql.raw(
        `case when likes_count <= 0 and uses_count <= 0 then null else round(${RATING_MAX}.0 * (likes_count + ${RATING_PRIOR_LIKES}) / (greatest(uses_count, likes_count) + ${RATING_PRIOR_USES}), 1) end`,
      ),
    ),
    usesCount: integer().notNull().default(0),
    likesCount: integer().notNull().default(0),
    clonesCount: integer().notNull().default(0),
    // Title (weight A), tags (B), description (C) and items (D), written by triggers for Browse's search.
    searchVector: tsvector()
      .notNull()
      .default(sql`''::tsvector`),
    // The list's tags, lower-cased, distinct and sorted; maintained by the tag triggers (decision 018) for
    // the tag filter's index and the tag counts.
    tagKeys: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // What a card shows of its items and tags, maintained by the same triggers, so that a
    // page of cards reads its rows and nothing else: the tags as written, in the author's order
    // (the card's tag chips and the detail page's tags), and how many items the list has.
    tagNames: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    itemsCount: integer().notNull().default(0),
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
  },
  (t) => [
    check('checklists_difficulty_values', sql`${t.difficulty} in ('easy', 'medium', 'hard')`),
    check('checklists_unlisted_not_public', sql`not (${t.isPublic} and ${t.isUnlisted})`),
    check(
      'checklists_held_visibility',
      sql`${t.heldVisibility} is null or (${t.heldVisibility} in ('public', 'unlisted', 'private') and not ${t.isPublic} and not ${t.isUnlisted})`,
    ),
    check('checklists_title_not_blank', sql`btrim(${t.title}) <> ''`),
    check('checklists_rating_range', sql`${t.rating} is null or (${t.rating} >= 0 and ${t.rating} <= 5)`),
    check(
      'checklists_counters_not_negative',
      sql`${t.usesCount} >= 0 and ${t.likesCount} >= 0 and ${t.clonesCount} >= 0`,
    ),
    // Browse's orders, each matching its ORDER BY exactly (id breaks ties; NULLS FIRST is
    // what a plain DESC means) so a page is read straight off the index; and "by author, newest
    // first" (suggestions). Each ends with the tag keys (never compared: id is unique), so a tag's page
    // that walks the order checks each list's tags in the index, not in its row.
    index('checklists_browse_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.tagKeys)
      .where(sql`${t.isPublic}`),
    index('checklists_browse_most_used_idx')
      .on(t.usesCount.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.tagKeys)
      .where(sql`${t.isPublic}`),
    index('checklists_browse_most_liked_idx')
      .on(t.likesCount.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.tagKeys)
      .where(sql`${t.isPublic}`),
    // Suggestions: "recently updated" and "rating ≥ 4 by rating", each matching its
    // ORDER BY exactly, so five rows are read off the index instead of sorting every list.
    index('checklists_public_updated_idx')
      .on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPublic}`),
    index('checklists_public_rating_idx')
      .on(t.rating.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPublic}`),
    index('checklists_author_created_idx').on(t.authorId, t.createdAt.desc()),
    // Search and the tag filter (decisions 018, 027, 031). Each GIN index holds a public list's tag
    // keys beside its words, so "this word and this tag" is one index scan that intersects the two,
    // and either alone is a scan of its own column. The words are the whole document (the count, the
    // listing orders and Best match's last tiers) and Best match's narrower field sets: the title
    // (weight A), title and tags (A, B), and title, tags and description (A, B, C), so "every word in
    // the title" is an index lookup, estimated from its own statistics (CREATE STATISTICS in the migrations),
    // not from how often the word appears anywhere in a list.
    index('checklists_search_idx')
      .using('gin', t.tagKeys, t.searchVector)
      .with({ gin_pending_list_limit: GIN_PENDING_LIST_KB })
      .where(sql`${t.isPublic}`),
    index('checklists_search_title_idx')
      .using('gin', t.tagKeys, sql`ts_filter(${t.searchVector}, '{a}')`)
      .with({ gin_pending_list_limit: GIN_PENDING_LIST_KB })
      .where(sql`${t.isPublic}`),
    index('checklists_search_title_tags_idx')
      .using('gin', t.tagKeys, sql`ts_filter(${t.searchVector}, '{a,b}')`)
      .with({ gin_pending_list_limit: GIN_PENDING_LIST_KB })
      .where(sql`${t.isPublic}`),
    index('checklists_search_title_tags_description_idx')
      .using('gin', t.tagKeys, sql`ts_filter(${t.searchVector}, '{a,b,c}')`)
      .with({ gin_pending_list_limit: GIN_PENDING_LIST_KB })
      .where(sql`${t.isPublic}`),
  ],
);

/** The list a row belongs to: deleting the list deletes the row. */
export const checklistRef = () =>
  uuid()
    .notNull()
    .references(() => checklists.id, { onDelete: 'cascade' });

// Decision 018: what Browse counts without counting, maintained by triggers on `checklists` as writes
// happen (create, edit, delete, visibility, bulk actions, account deletion). Application code
// never writes these tables.

/**
 * How many lists are public ("Showing X of Y" with no filter): the sum of PUBLIC_COUNT_SLOTS rows
 * (64; ticklist_apply_browse_counts uses the same number, and so does
 * ticklist_apply_search_words for search_words below). Each database
 * session adds its changes to one slot of its own (its backend pid modulo the slots), so lists
 * created at the same moment do not all wait on one row until their transactions commit; a
 * transaction always uses one slot, so two can never deadlock over them. 64, not 16 as at first:
 * a pool's sessions mostly have consecutive pids, so a pool of 32 connections
 * rarely shares a slot, where with 16 slots writers queued on each other's (decision 030).
 */
export const PUBLIC_COUNT_SLOTS = 64;
export const checklistTotals = pgTable(
  'checklist_totals',
  {
    slot: smallint().primaryKey(),
    publicCount: integer().notNull().default(0),
  },
  (t) => [check('checklist_totals_slot', sql`${t.slot} >= 0 and ${t.slot} < ${sql.raw(String(PUBLIC_COUNT_SLOTS))}`)],
);

/** Per tag (compared case-insensitively), how many public lists carry it: the chips and a tag's Y. */
export const tagCounts = pgTable(
  'tag_counts',
  {
    tagKey: text().primaryKey(),
    /** One spelling of the tag as a list has it, for the chip. */
    tag: text().notNull(),
    count: integer().notNull(),
  },
  (t) => [index('tag_counts_count_idx').on(t.count.desc().nullsFirst(), t.tagKey)],
);

/**
 * Changes to tag_counts not yet folded into it: a tag's count is its tag_counts row plus its rows
 * here. Each database session adds to its own slot (as in checklist_totals), so lists written at
 * the same moment with a popular tag do not wait on one row until each commits; the process folds
 * them into tag_counts every few seconds (ticklist_fold_tag_counts), which keeps this table small
 * and the chips' read an index walk. A slot's change may be negative or zero.
 */
export const tagCountChanges = pgTable(
  'tag_count_changes',
  {
    tagKey: text().notNull(),
    slot: smallint().notNull(),
    /** One spelling of the tag as a list has it, for a tag tag_counts does not have yet. */
    tag: text().notNull(),
    change: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.tagKey, t.slot] })],
);

/**
 * The words of public lists' titles and tags (unaccented, lower-case), for "did you mean" when a
 * search finds nothing ("campng" finds "camping" through the trigram index) and for Best match's
 * "typed whole" (decision 027). Only words a visitor could find: a private or unlisted list's words
 * are not counted, or a correction or a cursor would tell them. A word's count of
 * public lists having it is the sum of its rows' `publicCount`, one row per slot as in
 * checklist_totals: each database session adds to its own slot, so lists written at the same moment
 * with a common word ("for", "trip") do not wait on one row until each commits. A slot's row may be
 * negative (a list counted in one slot and taken away in another); a row at zero is removed, and a
 * word whose rows sum to zero or less is offered nowhere.
 */
export const searchWords = pgTable(
  'search_words',
  { word: text().notNull(), slot: smallint().notNull(), publicCount: integer().notNull() },
  (t) => [
    primaryKey({ columns: [t.word, t.slot] }),
    index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
    check('search_words_slot', sql`${t.slot} >= 0 and ${t.slot} < ${sql.raw(String(PUBLIC_COUNT_SLOTS))}`),
  ],
);

/**
 * Every lexeme any list's search document has, added by the search triggers as
 * documents are written, never taken away. A typed word that begins few of them is searched as
 * those lexemes, which the word index finds several times faster than a prefix (decision 034).
 * Lists made private or deleted leave theirs: a lexeme no list has any more matches nothing.
 */
export const searchLexemes = pgTable('search_lexemes', { lexeme: text().primaryKey() }, (t) => [
  index('search_lexemes_prefix_idx').on(t.lexeme.op('text_pattern_ops')),
]);

export const checklistItems = pgTable(
  'checklist_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    checklistId: uuid()
      .notNull()
      // DEFERRABLE INITIALLY DEFERRED (in the migration; drizzle-kit cannot say so): a new list
      // is written after its items and tags (decision 030). A migration that recreates this key
      // must keep it deferred; tests/api/data-model.test.ts checks.
      .references(() => checklists.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    orderIndex: integer().notNull(),
    /** 'item' is ticked and counted; 'heading' opens a section of the items under it and is neither. */
    kind: text().notNull().default('item'),
    /** Plain text with line breaks under an item; '' for none (a heading never has one). */
    note: text().notNull().default(''),
    /**
     * The entry's identity across edits, when it differs from its row id (null: it is the id): a
     * reworded entry gets a new row, so the completions given for its old wording go, and keeps
     * its key, so its versions and a clone's copy of it still know it (see domain versions.ts).
     */
    key: uuid(),
    /** In a clone, the key of the entry this one was copied from in its original (null: the cloner's own). */
    sourceKey: uuid(),
    /**
     * The entry's meaning as ideas from remixes and suggestions compare it: its words apart from
     * case, accents, punctuation and a bracketed aside (ticklist_idea_key), kept with the row so a
     * read that groups thousands of items compares stored text instead of running three regular
     * expressions on each.
     */
    ideaKey: text()
      .notNull()
      .generatedAlwaysAs(sql`ticklist_idea_key(content)`),
  },
  (t) => [
    check('checklist_items_order_from_one', sql`${t.orderIndex} >= 1`),
    check('checklist_items_content_not_blank', sql`btrim(${t.content}) <> ''`),
    check('checklist_items_kind_values', sql`${t.kind} in ('item', 'heading')`),
    check('checklist_items_note', sql`char_length(${t.note}) <= 1000 and (${t.kind} = 'item' or ${t.note} = '')`),
    index('checklist_items_checklist_order_idx').on(t.checklistId, t.orderIndex),
    // Target of the composite foreign key from completions (item and its checklist agree).
    unique('checklist_items_id_checklist_unique').on(t.id, t.checklistId),
  ],
);

export const checklistTags = pgTable(
  'checklist_tags',
  {
    checklistId: uuid()
      .notNull()
      // DEFERRABLE INITIALLY DEFERRED (in the migration; drizzle-kit cannot say so): a new list
      // is written after its items and tags (decision 030). A migration that recreates this key
      // must keep it deferred; tests/api/data-model.test.ts checks.
      .references(() => checklists.id, { onDelete: 'cascade' }),
    tag: text().notNull(),
    /** The author's order of the tags, from 1: the detail page, the editor and the cards show them so. */
    position: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.checklistId, t.tag] }),
    check('checklist_tags_not_blank', sql`btrim(${t.tag}) <> ''`),
    check('checklist_tags_position_from_one', sql`${t.position} >= 1`),
    index('checklist_tags_tag_idx').on(sql`lower(${t.tag})`),
  ],
);

export const checklistLikes = pgTable(
  'checklist_likes',
  {
    checklistId: checklistRef(),
    userId: userRef(),
    createdAt: timestampNow(),
  },
  (t) => [primaryKey({ columns: [t.checklistId, t.userId] }), index('checklist_likes_user_idx').on(t.userId)],
);

export const checklistComments = pgTable(
  'checklist_comments',
  {
    id: uuid().primaryKey().defaultRandom(),
    checklistId: checklistRef(),
    userId: userRef(),
    content: text().notNull(),
    ...moderationHoldColumns(),
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
  },
  (t) => [
    check('checklist_comments_not_blank', sql`btrim(${t.content}) <> ''`),
    index('checklist_comments_checklist_created_idx').on(t.checklistId, t.createdAt.desc()),
    index('checklist_comments_user_idx').on(t.userId),
  ],
);

// checklist_id is carried on each completion (and held consistent with the item by a composite
// foreign key) so the progress trigger still knows the checklist while items are being deleted.
export const checklistItemCompletions = pgTable(
  'checklist_item_completions',
  {
    userId: userRef(),
    checklistItemId: uuid().notNull(),
    checklistId: uuid().notNull(),
    createdAt: timestampNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.checklistItemId] }),
    foreignKey({
      columns: [t.checklistItemId, t.checklistId],
      foreignColumns: [checklistItems.id, checklistItems.checklistId],
      name: 'checklist_item_completions_item_fk',
    }).onDelete('cascade'),
    index('checklist_item_completions_item_idx').on(t.checklistItemId),
    index('checklist_item_completions_checklist_user_idx').on(t.checklistId, t.userId),
  ],
);

// One row per (checklist, user) who has used the list: a list's "uses" (distinct users) and, while
// `completed_count` > 0, the user's open run (the "started" lists of the account page). The open run
// is the user's completions; `completed_count` and `started_at` are kept by a trigger on them. A row
// stays while its user has closed runs (`closed_runs`), so starting again never takes a use away.
// `complete` (every item of the list ticked) and `list_visible` (the user may still see the list)
// are kept by triggers on the completions and on the list, so the account's counts read no list.
export const checklistProgress = pgTable(
  'checklist_progress',
  {
    checklistId: checklistRef(),
    userId: userRef(),
    completedCount: integer().notNull(),
    startedAt: timestampNow(),
    updatedAt: timestampNow(),
    closedRuns: integer().notNull().default(0),
    /**
     * The user's last Start again of the list: when it was made (a tick made before it belonged to
     * the run it closed) and the device's id for it (the same Start again sent twice closes one run).
     */
    resetAt: timestamp({ withTimezone: true }),
    resetKey: uuid(),
    complete: boolean().notNull().default(false),
    listVisible: boolean().notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.checklistId, t.userId] }),
    check(
      'checklist_progress_used',
      sql`${t.completedCount} >= 0 and ${t.closedRuns} >= 0 and (${t.completedCount} > 0 or ${t.closedRuns} > 0)`,
    ),
    index('checklist_progress_user_idx').on(t.userId, t.updatedAt.desc()),
  ],
);

/**
 * A user's closed runs of a list: "Start again" closes the open run (the user's completions) into
 * one of these and opens an empty one. Completed when every item was ticked at the close; the
 * completion badges count them.
 */
export const checklistRuns = pgTable(
  'checklist_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    checklistId: checklistRef(),
    userId: userRef(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestampNow(),
    tickedCount: integer().notNull(),
    itemsCount: integer().notNull(),
    completed: boolean().notNull(),
    /** The keys of the entries ticked at the close (null for runs closed before they were kept). */
    tickedKeys: uuid().array(),
    /** The run's last tick (null for runs closed before it was kept): how long the run took. */
    lastTickAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('checklist_runs_counts', sql`${t.tickedCount} >= 0 and ${t.itemsCount} >= 0`),
    index('checklist_runs_user_checklist_idx').on(t.userId, t.checklistId, t.endedAt.desc()),
    index('checklist_runs_checklist_idx').on(t.checklistId),
    index('checklist_runs_completed_idx')
      .on(t.userId)
      .where(sql`${t.completed}`),
  ],
);
