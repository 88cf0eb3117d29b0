import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { userRef } from './auth';
import { checklistItems } from './checklists';

// What a tick sent late needs besides the completions themselves (see progress.actions.ts).

/**
 * The last untick of an item by a user (kept MAX_CHANGE_AGE_MS, then pruned): a tick that arrives
 * late (made offline) but was made before this untick must not bring the tick back, so the
 * later of the two stands whichever arrives last.
 */
export const checklistUntickMarks = pgTable(
  'checklist_untick_marks',
  {
    userId: userRef(),
    checklistItemId: uuid()
      .notNull()
      .references(() => checklistItems.id, { onDelete: 'cascade' }),
    untickedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.checklistItemId] }),
    index('checklist_untick_marks_item_idx').on(t.checklistItemId),
    index('checklist_untick_marks_unticked_idx').on(t.untickedAt),
  ],
);
