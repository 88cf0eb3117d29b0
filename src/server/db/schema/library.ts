import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { userRef } from './auth';
import { checklistRef } from './checklists';
import { timestampNow } from './columns';

export const userListGroups = pgTable(
  'user_list_groups',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userRef(),
    name: text().notNull(),
    createdAt: timestampNow(),
  },
  (t) => [
    check('user_list_groups_name_not_blank', sql`btrim(${t.name}) <> ''`),
    index('user_list_groups_user_created_idx').on(t.userId, t.createdAt),
    unique('user_list_groups_id_user_unique').on(t.id, t.userId),
  ],
);

// The composite foreign key makes it impossible to file a list into someone else's group.
export const userListMemberships = pgTable(
  'user_list_memberships',
  {
    userId: userRef(),
    checklistId: checklistRef(),
    listGroupId: uuid().notNull(),
    createdAt: timestampNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.checklistId, t.listGroupId] }),
    foreignKey({
      columns: [t.listGroupId, t.userId],
      foreignColumns: [userListGroups.id, userListGroups.userId],
      name: 'user_list_memberships_group_fk',
    }).onDelete('cascade'),
    index('user_list_memberships_group_idx').on(t.listGroupId),
    index('user_list_memberships_checklist_idx').on(t.checklistId),
  ],
);

export const savedChecklists = pgTable(
  'saved_checklists',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userRef(),
    checklistId: checklistRef(),
    createdAt: timestampNow(),
  },
  (t) => [
    unique('saved_checklists_user_checklist_unique').on(t.userId, t.checklistId),
    index('saved_checklists_checklist_idx').on(t.checklistId),
  ],
);
