import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { SNAPSHOT_ENTRIES_SHOWN } from '@/domain/moderation/queue';
import { userRef } from './auth';
import { checklists } from './checklists';
import { timestampNow } from './columns';

// Decision 048: reports, the moderators' cases, their audit log, and blocks.

/**
 * One thing (a list, a comment or a profile) under the moderators' eyes: opened by its first
 * report, closed by a moderator's decision. The snapshot is the thing as it was when first
 * reported, so an author's later edit does not hide what was reported. A thing has at most one
 * open case; a report after the case was closed opens a new one.
 */
export const moderationCases = pgTable(
  'moderation_cases',
  {
    id: uuid().primaryKey().defaultRandom(),
    targetType: text().notNull(),
    targetId: text().notNull(),
    /** The thing's author (the profile's own user): their account's deletion ends the case. */
    ownerId: userRef(),
    snapshot: jsonb().notNull(),
    /**
     * The snapshot as the queue's page shows it: a list's first entries and how many it had, so a
     * page of long lists reads and sends none of the rest (the whole snapshot is read per case).
     */
    preview: jsonb().generatedAlwaysAs(
      sql.raw(`case when jsonb_typeof(snapshot -> 'entries') = 'array'
        then jsonb_set(jsonb_set(snapshot, '{entries}', jsonb_path_query_array(snapshot, '$.entries[0 to ${SNAPSHOT_ENTRIES_SHOWN - 1}]')),
          '{entryCount}', jsonb_array_length(snapshot -> 'entries')::text::jsonb)
        else snapshot end`),
    ),
    /** The case's reports counted, in all and by reason (`{"spam": 2}`): kept by a trigger on reports. */
    reportCount: integer().notNull().default(0),
    reasonCounts: jsonb()
      .notNull()
      .default(sql`'{}'::jsonb`),
    status: text().notNull().default('open'),
    /** The author asked for a review of a hidden thing (they may once per hiding). */
    reviewRequestedAt: timestamp({ withTimezone: true }),
    openedAt: timestampNow(),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('moderation_cases_target_type', sql`${t.targetType} in ('checklist', 'comment', 'profile')`),
    check('moderation_cases_status', sql`${t.status} in ('open', 'closed')`),
    uniqueIndex('moderation_cases_open_target_idx')
      .on(t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('moderation_cases_open_idx')
      .on(t.openedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'open'`),
    index('moderation_cases_owner_idx').on(t.ownerId),
  ],
);

/** A person's report in a case: one per person per case; reporting again rewrites it. */
export const reports = pgTable(
  'reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    caseId: uuid()
      .notNull()
      .references(() => moderationCases.id, { onDelete: 'cascade' }),
    reporterId: userRef(),
    reason: text().notNull(),
    note: text().notNull().default(''),
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
  },
  (t) => [
    uniqueIndex('reports_case_reporter_idx').on(t.caseId, t.reporterId),
    // A case's newest reports, read backwards, with no sort.
    index('reports_case_updated_idx').on(t.caseId, t.updatedAt),
    index('reports_reporter_idx').on(t.reporterId),
    check('reports_reason_values', sql`${t.reason} in ('spam', 'harassment', 'inappropriate', 'copyright', 'other')`),
    check('reports_note_length', sql`char_length(${t.note}) <= 500`),
  ],
);

/**
 * Every moderator's (and the automatic hiding's) action, newest first for admins. Rows are never
 * changed or deleted (a trigger refuses it), so the actor is kept by id and name, not by a
 * reference that an account's deletion would rewrite. A null actor is the automatic hiding.
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: uuid().primaryKey().defaultRandom(),
    actorId: text(),
    actorUsername: text(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text().notNull(),
    reason: text().notNull().default(''),
    before: jsonb(),
    after: jsonb(),
    createdAt: timestampNow(),
  },
  (t) => [index('moderation_actions_newest_idx').on(t.createdAt.desc(), t.id.desc())],
);

/** A block: the blocked user cannot follow, comment on or like the blocker's lists, nor reach them. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: userRef(),
    blockedId: userRef(),
    createdAt: timestampNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
    index('blocks_blocked_idx').on(t.blockedId),
  ],
);

// Discover's staff picks: picked by moderators on a list's page, or with `npm run staff-pick -- <id>`.
export const staffPicks = pgTable('staff_picks', {
  checklistId: uuid()
    .primaryKey()
    .references(() => checklists.id, { onDelete: 'cascade' }),
  pickedAt: timestampNow(),
});
