import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { checklists } from './checklists';

export const userListGroups = pgTable(
  'user_list_groups',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
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
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checklistId: uuid()
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    listGroupId: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
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
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checklistId: uuid()
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('saved_checklists_user_checklist_unique').on(t.userId, t.checklistId),
    index('saved_checklists_checklist_idx').on(t.checklistId),
  ],
);
