import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DELETED_USER } from '../../src/domain/accounts/deleted-user';
import { commentSchema } from '../../src/domain/checklists/comments';
import { makeChecklist, createUser } from '../../src/server/seed/factories';
import { createAppWithUsers, signedInAgent } from '../setup/sign-in';
import type { Agent } from '../setup/test-app';
import { createTestDatabase } from '../setup/test-database';

// Every statement is a round trip both the app and the database pay for, under load on the same
// cores; and a new list updates shared counter rows (its session's public-list slot, one row per
// tag in tag_counts), locked until the transaction ends. These tests hold the writes to their
// statements and their order (checklists.actions.ts, newListId): a write's session is read, and
// its quotas counted, in one statement; a tick, a like and a comment are one statement each; the
// badge checks a write leaves run after its commit, in one statement with its NOTIFYs.

let statements: string[] = [];
const database = await createTestDatabase({ onQuery: (query) => statements.push(query.replace(/\s+/g, ' ').trim()) });
const databaseUrl = database.url;
const {
  t,
  users: { author, reader },
  agents: { author: asAuthor, reader: asReader },
} = await createAppWithUsers({ author: {}, reader: {} }, { db: database.db });

/** The statements of one request that runs no transaction of its own. */
async function statementsOf(request: () => Promise<Response>, status: number) {
  statements = [];
  expect((await request()).status).toBe(status);
  expect(statements).not.toContain('begin');
  return statements;
}

/** The session's statement, which counts a write's quotas too. */
const isSession = (query: string) => /from sessions s join users u/.test(query);
/** A badge check left by a write, run after its commit. */
const isBadgeCheck = (query: string) => /^with taken as \( delete from outbox_tasks/.test(query);

describe('a new list', () => {
  it('is one statement with its session’s: its items and tags, then the list (ticklist_insert_list), and its badge check at a target, run after the commit', async () => {
    const write = (title: string) => () =>
      asAuthor.post('/api/checklists', {
        title,
        description: 'Before a long drive',
        items: ['Check tyres', 'Pack snacks'],
        tags: ['car', 'travel'],
        estimatedTime: '30 minutes',
        difficulty: 'easy',
      });
    // The author's first published list: a badge's target.
    const all = await statementsOf(write('Road trip'), 201);
    expect(all).toHaveLength(3);
    // The session and the quotas, in one statement.
    expect(isSession(all[0]!)).toBe(true);
    expect(all[0]).toMatch(/ticklist_count_events/);
    // The list written after its entries and tags by the function, and the publishing badge's check.
    expect(all[1]).toMatch(
      /^with written as \( select ticklist_insert_list\(.* checked as \( insert into outbox_tasks /,
    );
    expect(all.filter((query) => /^insert into "?checklists/.test(query))).toEqual([]);
    // The check, once the list has committed.
    expect(isBadgeCheck(all[2]!)).toBe(true);

    // The second is no target: the same statement leaves no check, and none runs.
    const second = await statementsOf(write('Road trip back'), 201);
    expect(second).toHaveLength(2);
    expect(second[1]).toMatch(/^with written as \( select ticklist_insert_list\(/);
  });

  it('has its whole search document and tag counts when it commits', async () => {
    const created = await asAuthor.post('/api/checklists', {
      title: 'Harbour walk',
      description: 'Along the quay',
      items: ['Binoculars'],
      tags: ['Coast'],
      estimatedTime: '1 hour',
      difficulty: 'easy',
    });
    expect(created.status).toBe(201);
    const found = async (q: string) => (await (await t.agent().request(`/api/checklists?q=${q}`)).json()).total;
    expect(await found('binoculars')).toBe(1);
    expect(await found('coast')).toBe(1);
    const tags = await (await t.agent().request('/api/checklists/tags')).json();
    expect(JSON.stringify(tags)).toMatch(/"Coast"/);
  });
});

describe('a clone', () => {
  it('opens the original, copies it, writes its notification and badge check in one statement, run after the commit', async () => {
    const original = await makeChecklist(t.db, author.id, { items: ['Lantern wick', 'b'], tags: ['beach', 'summer'] });
    statements = [];
    const response = await asReader.post(`/api/checklists/${original.id}/clone`, {});
    const all = statements;
    expect(response.status).toBe(201);
    expect(all).not.toContain('begin');
    expect(all).toHaveLength(3);
    // The cloner's profile, which the notification names, comes with the session.
    expect(isSession(all[0]!)).toBe(true);
    // The original as the cloner may see it (read without a lock: the copying function locks it
    // itself), the copy (its entries, tags, record and row, by the function), the notification and
    // the original's author's badge check, in one statement.
    expect(all[1]).toMatch(
      /^with original as \(select c\.id, c\.author_id, c\.title from checklists c where c\.id = \$\d+ and .* copied as \(select ticklist_clone_list\(.* notified as \( insert into notifications .* checked as \( insert into outbox_tasks/,
    );
    expect(all[1]).not.toMatch(/for key share/);
    expect(
      all.filter((query) => /^insert into "?(checklists|checklist_items|checklist_tags|cloned_checklists)/.test(query)),
    ).toEqual([]);
    // The badge check runs after the commit, and NOTIFYs the notification with it.
    expect(isBadgeCheck(all[2]!)).toBe(true);
    expect(all[2]).toMatch(/pg_notify/);
    // The notification names the cloner; the copy has its record, and is found by its entries' words.
    const [told] = (
      await t.db.execute<{ message: string }>(
        sql`select message from notifications where checklist_id = ${original.id} and type = 'clone'`,
      )
    ).rows;
    expect(told!.message).toContain(reader.username);
    const { id: copyId } = (await response.json()) as { id: string };
    const records = await t.db.execute(sql`select 1 from cloned_checklists where cloned_checklist_id = ${copyId}`);
    expect(records.rows).toHaveLength(1);
    const found = await (await t.agent().request('/api/checklists?q=wick')).json();
    expect(found.checklists.map((card: { id: string }) => card.id)).toContain(copyId);
  });

  it('of a list kept by the reserved "Deleted user" notifies nobody, and earns that user nothing; nor do a like and a comment', async () => {
    const kept = await makeChecklist(t.db, DELETED_USER.id, { title: 'Left behind' });
    const response = await asReader.post(`/api/checklists/${kept.id}/clone`, {});
    expect(response.status).toBe(201);
    // Nor does a like or a comment on it (nobody reads that user's notifications or mail).
    expect((await asReader.request(`/api/checklists/${kept.id}/like`, { method: 'PUT' })).status).toBe(200);
    expect((await asReader.post(`/api/checklists/${kept.id}/comments`, { content: 'Still useful' })).status).toBe(201);
    const left = await t.db.execute<{ notices: number; mails: number; badges: number }>(sql`
      select (select count(*)::int from notifications where checklist_id = ${kept.id}) as notices,
             (select count(*)::int from notification_mails where user_id = ${DELETED_USER.id}) as mails,
             (select count(*)::int from user_badges where user_id = ${DELETED_USER.id}) as badges`);
    expect(left.rows[0]).toEqual({ notices: 0, mails: 0, badges: 0 });
  });

  it('is undone whole, as not found, when the original is made private while it is copied', async () => {
    const original = await makeChecklist(t.db, author.id, { title: 'Soon private', items: ['a'], tags: ['hushword'] });
    // Another session makes the original private and does not commit yet. The clone reads the
    // original as public (its key-share lock does not wait for a change of visibility), writes the
    // copy's items and tags, and then waits for that session to count the clone on the original's
    // row (its record). The other session commits meanwhile, and the clone reads the original again.
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('update checklists set is_public = false where id = $1', [original.id]);
      const cloning = asReader.post(`/api/checklists/${original.id}/clone`, {});
      let waited = false;
      for (let tries = 0; tries < 100; tries++) {
        // (pg_locks: pg_stat_activity hides the app's backends from this test's role.)
        const waiting = await holder.query(`select 1 from pg_locks where not granted`);
        waited = Boolean(waiting.rowCount);
        if (waited) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(waited).toBe(true);
      await holder.query('commit');
      expect((await cloning).status).toBe(404);
    } finally {
      await holder.end();
    }
    const left = await t.db.execute<{
      items: number;
      tags: number;
      clones: number;
      copies: number;
      notices: number;
      checks: number;
    }>(sql`
      select (select count(*)::int from checklist_items i where not exists (select 1 from checklists c where c.id = i.checklist_id)) as items,
             (select count(*)::int from checklist_tags g where not exists (select 1 from checklists c where c.id = g.checklist_id)) as tags,
             (select count(*)::int from cloned_checklists where original_checklist_id = ${original.id}) as clones,
             (select count(*)::int from checklists where title = 'Soon private') as copies,
             (select count(*)::int from notifications where checklist_id = ${original.id} and type = 'clone') as notices,
             (select count(*)::int from outbox_tasks) as checks`);
    // Nobody is told of a clone that was not made, and no badge check is left for it.
    expect(left.rows[0]).toEqual({ items: 0, tags: 0, clones: 0, copies: 1, notices: 0, checks: 0 });
  });
});

describe('a duplicate', () => {
  it('reads the original, then copies it in one statement (ticklist_duplicate_list)', async () => {
    const original = await makeChecklist(t.db, author.id, {
      title: 'Tent pitch',
      items: ['Pegs', 'Mallet'],
      tags: ['camp'],
    });
    const all = await statementsOf(() => asAuthor.post(`/api/checklists/${original.id}/duplicate`, {}), 201);
    expect(all).toHaveLength(3);
    expect(isSession(all[0]!)).toBe(true);
    expect(all[1]).toMatch(/^select id, author_id, is_public, title from checklists c where id = \$1/);
    expect(all[2]).toMatch(/^select ticklist_duplicate_list\(/);
  });

  it('is not found, and nothing is written, when its list was deleted after it was read', async () => {
    const original = await makeChecklist(t.db, author.id, { title: 'Gone soon', items: ['a'], tags: ['x'] });
    const copied = await t.db.execute<{ id: string | null }>(
      sql`select ticklist_duplicate_list(${original.id}, gen_random_uuid(), ${reader.id}, 'Not theirs') as id`,
    );
    // Someone who does not own it gets no copy, whatever the caller decided.
    expect(copied.rows[0]!.id).toBeNull();
    await t.db.execute(sql`delete from checklists where id = ${original.id}`);
    const gone = await t.db.execute<{ id: string | null }>(
      sql`select ticklist_duplicate_list(${original.id}, gen_random_uuid(), ${author.id}, 'Gone soon (copy)') as id`,
    );
    expect(gone.rows[0]!.id).toBeNull();
    const left = await t.db.execute<{ lists: number; items: number }>(sql`
      select (select count(*)::int from checklists where title in ('Not theirs', 'Gone soon (copy)')) as lists,
             (select count(*)::int from checklist_items i where not exists (select 1 from checklists c where c.id = i.checklist_id)) as items`);
    expect(left.rows[0]).toEqual({ lists: 0, items: 0 });
  });
});

describe('a report', () => {
  it('reads what it names, then is one statement (ticklist_file_report) that leaves no hiding below the mark', async () => {
    const list = await makeChecklist(t.db, author.id, { title: 'Odd offers' });
    const all = await statementsOf(
      () => asReader.post('/api/reports', { targetType: 'checklist', targetId: list.id, reason: 'spam', note: '' }),
      200,
    );
    expect(all).toHaveLength(3);
    expect(isSession(all[0]!)).toBe(true);
    expect(all[1]).toMatch(/from checklists c/);
    expect(all[2]).toMatch(/^select ticklist_file_report\(/);
  });
});

describe('a completion', () => {
  it('leaves a completed-lists badge check only when it leaves the list complete, and runs it after its commit', async () => {
    const list = await makeChecklist(t.db, author.id, { items: ['Passport', 'Tickets', 'Charger'] });
    const done = (index: number, method: 'PUT' | 'DELETE') => () =>
      asReader.request(`/api/checklists/${list.id}/items/${list.items[index]!.id}/done`, { method });
    const checks = async (request: () => Promise<Response>) => (await statementsOf(request, 200)).filter(isBadgeCheck);

    // The completion's function returns the user's ticks on the list as committed: a check only at the last.
    expect(await checks(done(0, 'PUT'))).toEqual([]);
    expect(await checks(done(1, 'PUT'))).toEqual([]);
    expect(await checks(done(2, 'PUT'))).toHaveLength(1);
    // Unticking never earns one.
    expect(await checks(done(2, 'DELETE'))).toEqual([]);
    const tasks = await t.db.execute<{ count: number }>(sql`select count(*)::int as count from outbox_tasks`);
    expect(tasks.rows[0]!.count).toBe(0);
  });

  it('is one statement that opens the list, finds the item and has the completion written or deleted, then the progress read', async () => {
    const list = await makeChecklist(t.db, author.id, { items: ['Passport', 'Tickets'] });
    const done =
      (itemId: string, method: 'PUT' | 'DELETE', listId = list.id) =>
      () =>
        asReader.request(`/api/checklists/${listId}/items/${itemId}/done`, { method });
    const shapes = (all: string[]) =>
      all.map((query) =>
        isSession(query)
          ? 'session'
          : isBadgeCheck(query)
            ? 'check'
            : /^with access as \(.* for no key update of c\), item as/.test(query)
              ? /ticklist_change_completion\(.* checked as \( insert into outbox_tasks/.test(query)
                ? 'write: tick'
                : /ticklist_change_completion\(/.test(query)
                  ? 'write: untick'
                  : query
              : /as completed, .* as runs from checklists c/.test(query)
                ? 'progress'
                : query,
      );

    expect(shapes(await statementsOf(done(list.items[0]!.id, 'PUT'), 200))).toEqual([
      'session',
      'write: tick',
      'progress',
    ]);
    // The tick that completes the list: its badge check after the commit, before the progress read.
    expect(shapes(await statementsOf(done(list.items[1]!.id, 'PUT'), 200))).toEqual([
      'session',
      'write: tick',
      'check',
      'progress',
    ]);
    expect(shapes(await statementsOf(done(list.items[0]!.id, 'DELETE'), 200))).toEqual([
      'session',
      'write: untick',
      'progress',
    ]);

    // An item of another list is no item of this one: not found, and nothing is written.
    const other = await makeChecklist(t.db, author.id, { items: ['Towel'] });
    expect(shapes(await statementsOf(done(other.items[0]!.id, 'PUT'), 404))).toEqual(['session', 'write: tick']);
    const written = await t.db.execute<{ count: number }>(
      sql`select count(*)::int as count from checklist_item_completions where checklist_item_id = ${other.items[0]!.id}`,
    );
    expect(written.rows[0]!.count).toBe(0);
  });
});

describe('a like', () => {
  it("leaves the author's like badges check only when the list's likes reach one of their targets", async () => {
    const list = await makeChecklist(t.db, author.id);
    const likers = await Promise.all(Array.from({ length: 10 }, () => createUser(t.db)));
    for (const liker of likers.slice(0, 8)) {
      await t.db.execute(sql`insert into checklist_likes (checklist_id, user_id) values (${list.id}, ${liker.id})`);
    }
    const [ninth, tenth] = [await signedInAgent(t, likers[8]!), await signedInAgent(t, likers[9]!)];
    const likeBy = (agent: Agent) => () => agent.request(`/api/checklists/${list.id}/like`, { method: 'PUT' });
    // The 9th like: no badge has 9 as its target.
    expect((await statementsOf(likeBy(ninth), 200)).filter(isBadgeCheck)).toEqual([]);
    // The 10th: Crowd Pleaser's first target.
    expect((await statementsOf(likeBy(tenth), 200)).filter(isBadgeCheck)).toHaveLength(1);
  });

  it('is one statement with its notice, then the NOTIFY: the session, the like, the notification', async () => {
    const list = await makeChecklist(t.db, author.id);
    const all = await statementsOf(() => asReader.request(`/api/checklists/${list.id}/like`, { method: 'PUT' }), 200);
    expect(all).toHaveLength(3);
    expect(isSession(all[0]!)).toBe(true);
    expect(all[1]).toMatch(
      /^with access as .* changed as \( insert into checklist_likes .* recent as .* withdrawn as \( delete from notifications .* notified as \( insert into notifications/,
    );
    expect(all[2]).toMatch(/^select set_config\('synchronous_commit', 'off', true\), pg_notify\(/);
    expect(all.filter((query) => /from "profiles"/.test(query))).toEqual([]);
    const notices = await (await asAuthor.request('/api/notifications')).json();
    expect(JSON.stringify(notices)).toMatch(/liked/);
  });
});

describe('a comment', () => {
  it('is one statement with its notice and mail, its response from its insert; its badge check carries the NOTIFYs', async () => {
    const list = await makeChecklist(t.db, author.id);
    statements = [];
    const response = await asReader.post(`/api/checklists/${list.id}/comments`, { content: 'Nice one.' });
    expect(response.status).toBe(201);
    const answered = commentSchema.parse(await response.json());
    expect(answered).toMatchObject({ content: 'Nice one.', author: { id: reader.id } });
    expect(statements).toHaveLength(3);
    expect(isSession(statements[0]!)).toBe(true);
    expect(statements[1]).toMatch(
      /^with access as .* cm as \( insert into checklist_comments .* notified as \( insert into notifications .* mailed as .* checked as/,
    );
    // After the commit, the badge check, which NOTIFYs the author's notification and mail (decision 039).
    expect(isBadgeCheck(statements[2]!)).toBe(true);
    expect(statements[2]).toMatch(/set_config\('synchronous_commit', 'off', true\).*pg_notify\(/);
    expect(statements.filter((query) => /from "profiles"/.test(query))).toEqual([]);
    // The notification names the commenter as a read of their profile would.
    const notifications = await (await asAuthor.request('/api/notifications')).json();
    expect(JSON.stringify(notifications)).toContain(answered.author.name);
  });
});
