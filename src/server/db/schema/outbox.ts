import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampNow } from './columns';

/**
 * Work a write leaves to be done once it has committed (badge checks, `badges/badge-checks.ts`;
 * automatic hiding, `moderation/auto-hide.ts`): written by the write's own statement, so it
 * commits or rolls back with it, and deleted by the statement that does the work, so a process
 * that dies between the two leaves it here for the next sweep.
 * (Not the local mail outbox, `mail_outbox`, which holds mail nobody sent.)
 */
export const outboxTasks = pgTable(
  'outbox_tasks',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** What to do ('badges', 'auto_hide'), and what with. */
    kind: text().notNull(),
    payload: jsonb().notNull(),
    createdAt: timestampNow(),
  },
  (t) => [index('outbox_tasks_created_idx').on(t.createdAt)],
);
