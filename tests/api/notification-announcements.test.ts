import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_CHANNEL } from '../../src/server/notifications/live';
import { NOTIFICATION_MAIL_CHANNEL } from '../../src/server/notifications/notification-mails';
import { makeChecklist, createUser, type CreatedUser } from '../../src/server/seed/factories';
import { announcedDuring } from '../setup/announcements';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';
import { createTestDatabase } from '../setup/test-database';

// Decision 039: PostgreSQL lets one transaction that has NOTIFYed commit at a time, so a write the
// app serves announces the notifications it wrote (and wakes the mail dispatchers) after it has
// committed, in a statement of its own; the triggers announce everything else.

let t: TestApp;
let statements: string[] = [];
let author: CreatedUser;
let reader: CreatedUser;
let asReader: Agent;

beforeAll(async () => {
  const database = await createTestDatabase({ onQuery: (query) => statements.push(query.replace(/\s+/g, ' ').trim()) });
  t = await createTestApp({ db: database.db });
  author = await createUser(t.db, { username: 'announced_author' });
  reader = await createUser(t.db, { username: 'announced_reader' });
  asReader = await signedInAgent(t, reader);
});

describe('a write served by the app', () => {
  it('announces the notification it wrote, and wakes the mail dispatchers, once, after its transaction commits', async () => {
    const list = await makeChecklist(t.db, author.id, { title: 'Announced list' });
    let mails: string[] = [];
    const announced = await announcedDuring(t.db, NOTIFICATION_CHANNEL, async () => {
      mails = await announcedDuring(t.db, NOTIFICATION_MAIL_CHANNEL, async () => {
        statements = [];
        const response = await asReader.post(`/api/checklists/${list.id}/comments`, { content: 'Nice one.' });
        expect(response.status).toBe(201);
      });
    });
    expect(announced).toEqual([author.id]);
    expect(mails).toEqual(['']);

    const commit = statements.indexOf('commit');
    const inside = statements.slice(statements.indexOf('begin') + 1, commit);
    // The notification and the mail are written inside, each naming what the app will announce ...
    expect(inside.find((query) => /insert into notifications/.test(query))).toContain('ticklist.announced_later');
    expect(inside.find((query) => /insert into notification_mails/.test(query))).toContain(
      'ticklist.mail_announced_later',
    );
    // ... and the announcement is one statement after the commit, which does not wait for the disk.
    const after = statements.slice(commit + 1).filter((query) => /pg_notify/.test(query) && !/'marker'/.test(query));
    expect(after).toHaveLength(1);
    expect(after[0]).toMatch(/^select set_config\('synchronous_commit', 'off', true\), pg_notify\(/);
  });

  it('announces nothing after it when it wrote no notification', async () => {
    const own = await makeChecklist(t.db, reader.id, { title: 'My own list' });
    statements = [];
    expect((await asReader.post(`/api/checklists/${own.id}/comments`, { content: 'A note to self.' })).status).toBe(
      201,
    );
    expect(statements.filter((query) => /pg_notify/.test(query))).toEqual([]);
  });
});

describe('the triggers', () => {
  it('announce what a statement did not leave to the app, inside its transaction, as before', async () => {
    const announced = await announcedDuring(t.db, NOTIFICATION_CHANNEL, () =>
      t.db.transaction(async (tx) => {
        // Left to the app: the author. Not named: the reader.
        await tx.execute(sql`select set_config('ticklist.announced_later', ${`someone,${author.id}`}, true)`);
        await tx.execute(sql`
          insert into notifications (user_id, type, message)
          values (${author.id}, 'badge', 'Left to the app'), (${reader.id}, 'badge', 'Announced by the trigger')`);
      }),
    );
    expect(announced).toEqual([reader.id]);

    // Outside a request (a script, the seed), nothing is named: the trigger announces it.
    const bySeed = await announcedDuring(t.db, NOTIFICATION_CHANNEL, async () => {
      await t.db.execute(
        sql`insert into notifications (user_id, type, message) values (${author.id}, 'badge', 'Seeded')`,
      );
    });
    expect(bySeed).toEqual([author.id]);
  });
});
