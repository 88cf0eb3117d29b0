import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { applyMigrations } from '../../src/server/db/client';
import { makeOldList, makeOldUser, withDatabaseBefore } from '../setup/migrations';

// The migration that keeps a case's report counts and preview on the case carries the cases open
// before it over: their counts are their reports', their preview their snapshot's first entries.

it('counts the reports of every case open before it, and previews their snapshots', async () => {
  await withDatabaseBefore('0003_moderation-queue-counts', async (db) => {
    const author = await makeOldUser(db);
    const reporters = [await makeOldUser(db), await makeOldUser(db), await makeOldUser(db)];
    const list = await makeOldList(db, author.id);
    const snapshotEntries = Array.from({ length: 7 }, (_, index) => ({
      kind: 'item',
      content: `Entry ${index + 1}`,
      note: null,
    }));
    const opened = await db.execute<{ id: string }>(sql`
      insert into moderation_cases (target_type, target_id, owner_id, snapshot)
      values ('checklist', ${list.id}, ${author.id}, ${JSON.stringify({ type: 'checklist', title: 'Old', entries: snapshotEntries })}::jsonb),
             ('profile', ${author.id}, ${author.id}, '{"type": "profile", "username": "someone"}'::jsonb)
      returning id`);
    const [listCase, profileCase] = opened.rows.map((row) => row.id);
    await db.execute(sql`
      insert into reports (case_id, reporter_id, reason) values
        (${listCase}, ${reporters[0]!.id}, 'spam'), (${listCase}, ${reporters[1]!.id}, 'spam'),
        (${listCase}, ${reporters[2]!.id}, 'other')`);

    await applyMigrations(db);

    const cases = await db.execute<{ id: string; report_count: number; reason_counts: unknown; preview: unknown }>(
      sql`select id, report_count, reason_counts, preview from moderation_cases`,
    );
    expect(cases.rows).toEqual(
      expect.arrayContaining([
        {
          id: listCase,
          report_count: 3,
          reason_counts: { spam: 2, other: 1 },
          preview: { type: 'checklist', title: 'Old', entries: snapshotEntries.slice(0, 5), entryCount: 7 },
        },
        { id: profileCase, report_count: 0, reason_counts: {}, preview: { type: 'profile', username: 'someone' } },
      ]),
    );
  });
});
