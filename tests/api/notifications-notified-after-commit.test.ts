import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { backfillBadges } from '../../src/server/badges/badges.actions';
import { NOTIFICATION_CHANNEL } from '../../src/server/notifications/live';
import { NOTIFICATION_MAIL_CHANNEL } from '../../src/server/notifications/notification-mails';
import { notifyingAfterCommit } from '../../src/server/notifications/notify-after-commit';
import { makeChecklist, createUser, type CreatedUser } from '../../src/server/seed/factories';
import { notifiedDuring } from '../setup/notified-during';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';
import { createTestDatabase } from '../setup/test-database';

// Decisions 039 and 045: PostgreSQL lets one transaction that has NOTIFYed commit at a time, so a
// change to notifications is NOTIFYed after the write that made it has committed, in a statement
// of its own, and never from inside a transaction.

let t: TestApp;
let statements: string[] = [];
let author: CreatedUser;
let reader: CreatedUser;
let asReader: Agent;

beforeAll(async () => {
  const database = await createTestDatabase({ onQuery: (query) => statements.push(query.replace(/\s+/g, ' ').trim()) });
  t = await createTestApp({ db: database.db });
  author = await createUser(t.db, { username: 'notified_author' });
  reader = await createUser(t.db, { username: 'notified_reader' });
  asReader = await signedInAgent(t, reader);
});

const comment = async (listId: string) =>
  expect((await asReader.post(`/api/checklists/${listId}/comments`, { content: 'Nice one.' })).status).toBe(201);

describe('a write served by the app', () => {
  it('notifies the notification it wrote, and wakes the mail dispatchers, once, after its transaction commits', async () => {
    const list = await makeChecklist(t.db, author.id, { title: 'Notified list' });
    let mails: string[] = [];
    const notified = await notifiedDuring(t.db, NOTIFICATION_CHANNEL, async () => {
      mails = await notifiedDuring(t.db, NOTIFICATION_MAIL_CHANNEL, async () => {
        statements = [];
        await comment(list.id);
      });
    });
    expect(notified).toEqual([author.id]);
    expect(mails).toEqual(['']);

    // The comment, its notification and its mail are one statement, committed alone, which NOTIFYs nothing ...
    const written = statements.findIndex((query) => /insert into checklist_comments/.test(query));
    expect(statements[written]).toMatch(/insert into notifications .* insert into notification_mails/);
    expect(statements[written]).not.toMatch(/pg_notify/);
    // ... and the NOTIFYs go after it, in one statement that does not wait for the disk (the
    // commenter's badge check, which the comment leaves).
    const after = statements.slice(written + 1).filter((query) => /pg_notify/.test(query) && !/'marker'/.test(query));
    expect(after).toHaveLength(1);
    expect(after[0]).toMatch(/set_config\('synchronous_commit', 'off', true\)/);
  });

  it('notifies nothing after it when it wrote no notification', async () => {
    const own = await makeChecklist(t.db, reader.id, { title: 'My own list' });
    let status = 0;
    const notified = await notifiedDuring(t.db, NOTIFICATION_CHANNEL, async () => {
      statements = [];
      status = (await asReader.post(`/api/checklists/${own.id}/comments`, { content: 'A note to self.' })).status;
    });
    expect(status).toBe(201);
    expect(notified).toEqual([]);
    // Only the badge check's own NOTIFY of badges granted (none here) is in a statement.
    expect(statements.filter((query) => /pg_notify/.test(query) && !/^with taken as|'marker'/.test(query))).toEqual([]);
  });

  it('notifies the owner after reading, deleting or taking away their notifications, and a list with its own', async () => {
    const notifiedOf = async (act: () => Promise<Response>) => {
      let status = 0;
      const notified = await notifiedDuring(t.db, NOTIFICATION_CHANNEL, async () => {
        status = (await act()).status;
      });
      expect(status).toBeLessThan(300);
      return notified;
    };
    const asAuthor = await signedInAgent(t, author);
    const first = await makeChecklist(t.db, author.id, { title: 'First' });
    const second = await makeChecklist(t.db, author.id, { title: 'Second' });
    const third = await makeChecklist(t.db, author.id, { title: 'Third' });
    for (const list of [first, second, third]) await comment(list.id);
    const [newest] = (await (await asAuthor.request('/api/notifications')).json()).notifications as { id: string }[];

    expect(await notifiedOf(() => asAuthor.post(`/api/notifications/${newest!.id}/read`, {}))).toEqual([author.id]);
    expect(await notifiedOf(() => asAuthor.request(`/api/notifications/${newest!.id}`, { method: 'DELETE' }))).toEqual([
      author.id,
    ]);
    expect(await notifiedOf(() => asAuthor.post('/api/notifications/read-all', {}))).toEqual([author.id]);
    // Deleting a list deletes the notifications about it.
    expect(await notifiedOf(() => asAuthor.request(`/api/checklists/${second.id}`, { method: 'DELETE' }))).toEqual([
      author.id,
    ]);
    expect(await notifiedOf(() => asAuthor.post('/api/checklists/bulk-delete', { ids: [first.id] }))).toEqual([
      author.id,
    ]);
    expect(await notifiedOf(() => asAuthor.request('/api/notifications', { method: 'DELETE' }))).toEqual([author.id]);

    // Nothing changed, nobody notified: a list without notifications, an empty inbox.
    const quiet = await makeChecklist(t.db, author.id, { title: 'Quiet' });
    expect(await notifiedOf(() => asAuthor.request(`/api/checklists/${quiet.id}`, { method: 'DELETE' }))).toEqual([]);
    expect(await notifiedOf(() => asAuthor.post('/api/notifications/read-all', {}))).toEqual([]);
    expect(await notifiedOf(() => asAuthor.request('/api/notifications', { method: 'DELETE' }))).toEqual([]);
  });
});

describe('outside a request', () => {
  it('work run by notifyingAfterCommit (a script) notifies whom it wrote for, after it', async () => {
    const earner = await createUser(t.db, { username: 'backfilled_earner' });
    // A public list of one's own earns the first publishing badge.
    await makeChecklist(t.db, earner.id, { title: 'Published', isPublic: true });
    const notified = await notifiedDuring(t.db, NOTIFICATION_CHANNEL, async () => {
      const granted = await notifyingAfterCommit(
        t.db,
        () => backfillBadges(t.db, [earner.id]),
        (error) => {
          throw error;
        },
      );
      expect(granted.length).toBeGreaterThan(0);
    });
    expect(notified).toEqual([earner.id]);
  });

  it('nothing NOTIFYs from inside a transaction: no trigger calls pg_notify', async () => {
    const notifying = await t.db.execute<{ tgname: string }>(sql`
      select t.tgname from pg_trigger t join pg_proc p on p.oid = t.tgfoid where p.prosrc ilike '%pg_notify%'`);
    expect(notifying.rows).toEqual([]);
  });
});
