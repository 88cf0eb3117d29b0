import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { holdMessages } from '../../src/domain/moderation/holds';
import { AUTO_HIDE_ACCOUNT_AGE_HOURS, AUTO_HIDE_REPORTERS } from '../../src/domain/moderation/reports';
import { sweepAutoHides } from '../../src/server/moderation/auto-hide';
import { NOTIFICATION_CHANNEL } from '../../src/server/notifications/live';
import { createUser, makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { notifiedDuring } from '../setup/notified-during';
import { createTestApp, type TestApp } from '../setup/test-app';

// Automatic hiding goes through the outbox: the report that brings a case to enough reporters
// leaves the hiding in its own statement, and it is done after that commits. A process that stops
// in between leaves the task, and the sweep does it; several tasks for one thing hide it once.

let t: TestApp;
let author: CreatedUser;
/** Reporters whose accounts are two days old, one more than it takes to hide. */
let reporters: CreatedUser[];

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.db);
  reporters = [];
  for (let i = 0; i <= AUTO_HIDE_REPORTERS; i++)
    reporters.push(await createUser(t.db, { createdAt: new Date(Date.now() - 48 * 3600 * 1000) }));
});

/** A report of `listId` by `reporter`, written as the report's statement writes it: the task it left, if any. */
async function fileReport(listId: string, reporter: CreatedUser): Promise<string | null> {
  const snapshot = JSON.stringify({ type: 'checklist', title: 'Cheap pills', description: '', items: [] });
  const filed = await t.db.execute<{ hiding: string | null }>(sql`
    select ticklist_file_report('checklist', ${listId}, ${author.id}, ${snapshot}::jsonb, ${reporter.id}, 'spam', '',
      ${AUTO_HIDE_REPORTERS}, ${AUTO_HIDE_ACCOUNT_AGE_HOURS}) as hiding`);
  return filed.rows[0]!.hiding;
}

async function state(listId: string) {
  const found = await t.db.execute<{ hidden_reason: string | null; audit: number; notices: number; tasks: number }>(sql`
    select (select hidden_reason from checklists where id = ${listId}) as hidden_reason,
      (select count(*)::int from moderation_actions where target_id = ${listId} and action = 'auto_hide') as audit,
      (select count(*)::int from notifications where checklist_id = ${listId} and type = 'moderation') as notices,
      (select count(*)::int from outbox_tasks where kind = 'auto_hide' and payload ->> 'target' = ${listId}) as tasks`);
  return found.rows[0]!;
}

/** A thing hidden once: its reason, one line in the audit log, one notice to its owner, no task left. */
const hiddenOnce = { hidden_reason: holdMessages.autoHiddenReason, audit: 1, notices: 1, tasks: 0 };

describe('automatic hiding after the report commits', () => {
  it('is left by the report that reaches the mark, not before, and a sweep does it once', async () => {
    const list = await makeChecklist(t.db, author.id);
    const tasks = [];
    for (const reporter of reporters.slice(0, AUTO_HIDE_REPORTERS)) tasks.push(await fileReport(list.id, reporter));
    expect(tasks.slice(0, -1)).toEqual(Array<null>(AUTO_HIDE_REPORTERS - 1).fill(null));
    expect(tasks.at(-1)).not.toBeNull();
    // Committed, and not done: as a process that stopped after the report would leave it.
    expect(await state(list.id)).toEqual({ hidden_reason: null, audit: 0, notices: 0, tasks: 1 });

    // The owner's live streams hear of the notice.
    const heard = await notifiedDuring(t.db, NOTIFICATION_CHANNEL, async () => {
      expect(await sweepAutoHides(t.db, 0)).toBe(1);
    });
    expect(heard).toEqual([author.id]);
    expect(await state(list.id)).toEqual(hiddenOnce);
    expect(await sweepAutoHides(t.db, 0)).toBe(0);
  });

  it('hides a thing once when two reports past the mark each left a task', async () => {
    const list = await makeChecklist(t.db, author.id);
    for (const reporter of reporters) await fileReport(list.id, reporter);
    expect((await state(list.id)).tasks).toBe(2);
    expect(await sweepAutoHides(t.db, 0)).toBe(2);
    expect(await state(list.id)).toEqual(hiddenOnce);
    // Hidden now: a further report leaves nothing to do.
    await t.db.execute(sql`delete from reports where reporter_id = ${reporters[0]!.id}`);
    expect(await fileReport(list.id, reporters[0]!)).toBeNull();
  });

  it('does nothing when a moderator decided the case after the report', async () => {
    const list = await makeChecklist(t.db, author.id);
    for (const reporter of reporters.slice(0, AUTO_HIDE_REPORTERS)) await fileReport(list.id, reporter);
    await t.db.execute(sql`update moderation_cases set status = 'closed' where target_id = ${list.id}`);
    expect(await sweepAutoHides(t.db, 0)).toBe(1);
    expect(await state(list.id)).toEqual({ hidden_reason: null, audit: 0, notices: 0, tasks: 0 });
  });

  it('leaves a task younger than the sweep’s age to the process that left it', async () => {
    const list = await makeChecklist(t.db, author.id);
    for (const reporter of reporters.slice(0, AUTO_HIDE_REPORTERS)) await fileReport(list.id, reporter);
    expect(await sweepAutoHides(t.db, 30_000)).toBe(0);
    expect((await state(list.id)).tasks).toBe(1);
    expect(await sweepAutoHides(t.db, 0)).toBe(1);
  });
});
