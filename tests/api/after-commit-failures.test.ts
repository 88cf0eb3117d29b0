import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTO_HIDE_REPORTERS } from '../../src/domain/moderation/reports';
import { sweepBadgeChecks } from '../../src/server/badges/badge-checks';
import { sweepAutoHides } from '../../src/server/moderation/auto-hide';
import { createUser, makeChecklist } from '../../src/server/seed/factories';
import { newList } from '../setup/badges';
import { capturedLog, LOG_LEVEL, type LogLine } from '../setup/captured-log';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';

// A task a write leaves in the outbox runs after the write has committed. When it fails, the write
// still answers as it did and the task stays in `outbox_tasks` for the periodic sweep, and the
// failure is logged as a warning, naming the task, so that an operator sees it.

const { lines, destination } = capturedLog();

const FAILURE = 'after-commit task made to fail';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logDestination: destination });
  await t.db.execute(sql`
    create function fail_after_commit_task() returns trigger language plpgsql as $$
    begin raise exception '${sql.raw(FAILURE)}'; end $$`);
});

/** Runs `action` while inserting into `table` (where `when` holds) raises, and the warnings it logged. */
async function failingInsertsInto(
  table: 'user_badges' | 'moderation_actions',
  when: string,
  action: () => Promise<Response>,
): Promise<{ response: Response; warnings: LogLine[] }> {
  await t.db.execute(sql`
    create trigger fail_after_commit_task before insert on ${sql.raw(table)}
    for each row when (${sql.raw(when)}) execute function fail_after_commit_task()`);
  try {
    const start = lines.length;
    const response = await action();
    return { response, warnings: lines.slice(start).filter((line) => line.level === LOG_LEVEL.warn) };
  } finally {
    await t.db.execute(sql`drop trigger fail_after_commit_task on ${sql.raw(table)}`);
  }
}

const outboxTasks = async (kind: string, match: string) =>
  (
    await t.db.execute<{ id: string }>(
      sql`select id from outbox_tasks where kind = ${kind} and payload::text like ${`%${match}%`}`,
    )
  ).rows.length;

/** A warning of the failed task `task`, with the database's error. */
const failureOf = (task: string) =>
  expect.objectContaining({ task, msg: expect.stringMatching(/outbox/), err: expect.anything() as unknown });

describe('an after-commit task that fails', () => {
  it('a badge check: the write answers as it did, the failure is logged, the task is left', async () => {
    const writer = await createUser(t.db);
    const asWriter = await signedInAgent(t, writer);

    // A first public list earns a badge; granting it fails.
    const { response, warnings } = await failingInsertsInto('user_badges', 'true', () =>
      asWriter.post('/api/checklists', newList('First')),
    );
    expect(response.status).toBe(201);
    expect(warnings).toEqual([failureOf('badges')]);
    expect(JSON.stringify(warnings[0]!.err)).toContain(FAILURE);
    // The failed query's parameters are cut from what is logged.
    expect(JSON.stringify(warnings[0]!.err)).toContain('params: [redacted]');
    expect(await outboxTasks('badges', writer.id)).toBe(1);

    // The sweep runs it.
    expect(await sweepBadgeChecks(t.db, 0)).toBe(1);
    expect(await outboxTasks('badges', writer.id)).toBe(0);
    const granted = await t.db.execute(sql`select 1 from user_badges where user_id = ${writer.id}`);
    expect(granted.rows).toHaveLength(1);
  });

  it('an automatic hiding: the report answers as it did, the failure is logged, the task is left', async () => {
    const author = await createUser(t.db);
    const list = await makeChecklist(t.db, author.id, { title: 'Cheap pills' });
    // Reporters whose accounts are two days old: their reports count towards hiding.
    const reporters: Agent[] = [];
    for (let i = 0; i < AUTO_HIDE_REPORTERS; i++) {
      const reporter = await createUser(t.db, { createdAt: new Date(Date.now() - 48 * 3600 * 1000) });
      reporters.push(await signedInAgent(t, reporter));
    }
    const report = (agent: Agent) =>
      agent.post('/api/reports', { targetType: 'checklist', targetId: list.id, reason: 'spam', note: '' });
    for (const agent of reporters.slice(0, -1)) expect((await report(agent)).status).toBe(200);

    // The report that reaches the mark leaves the hiding; doing it fails.
    const { response, warnings } = await failingInsertsInto('moderation_actions', `new.action = 'auto_hide'`, () =>
      report(reporters.at(-1)!),
    );
    expect(response.status).toBe(200);
    expect(warnings).toEqual([failureOf('auto_hide')]);
    expect(JSON.stringify(warnings[0]!.err)).toContain(FAILURE);
    expect(await outboxTasks('auto_hide', list.id)).toBe(1);
    const hidden = async () =>
      (
        await t.db.execute<{ hidden: boolean }>(
          sql`select hidden_at is not null as hidden from checklists where id = ${list.id}`,
        )
      ).rows[0]!.hidden;
    expect(await hidden()).toBe(false);

    // The sweep does it.
    expect(await sweepAutoHides(t.db, 0)).toBe(1);
    expect(await outboxTasks('auto_hide', list.id)).toBe(0);
    expect(await hidden()).toBe(true);
  });
});
