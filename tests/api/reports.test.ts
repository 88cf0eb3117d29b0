import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { commentMessages } from '../../src/domain/checklists/comments';
import { checklistMessages } from '../../src/domain/checklists/checklist-view';
import { holdMessages } from '../../src/domain/moderation/holds';
import {
  AUTO_HIDE_REPORTERS,
  reportMessages,
  reportResultSchema,
  reportSnapshotSchema,
} from '../../src/domain/moderation/reports';
import { autoHiddenNotificationMessage, notificationSchema } from '../../src/domain/notifications/notifications';
import { publicProfileMessages } from '../../src/domain/social/profile';
import { suspendUser } from '../../src/server/moderation/holds';
import { createUser, makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';

// Reporting a list, a comment or a profile (decision 048): one open report per person per thing,
// gathered in the thing's open case with a snapshot of it; a thing the reporter cannot see is not
// there (404); enough reporters with day-old accounts hide it until a moderator decides.

let t: TestApp;
let author: CreatedUser;
let asAuthor: Agent;
let reporter: CreatedUser;
let asReporter: Agent;
/** Reporters whose accounts are two days old: their reports count towards hiding. */
let seasoned: Agent[];
/** A reporter whose account is an hour old: their report does not count towards hiding. */
let asNewcomer: Agent;

const twoDaysAgo = () => new Date(Date.now() - 48 * 3600 * 1000);

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.db, { username: 'reported_author', profileName: 'Reported Author' });
  asAuthor = await signedInAgent(t, author);
  reporter = await createUser(t.db, { username: 'reporter_one', createdAt: twoDaysAgo() });
  asReporter = await signedInAgent(t, reporter);
  seasoned = [asReporter];
  for (let i = 1; i < AUTO_HIDE_REPORTERS; i++)
    seasoned.push(await signedInAgent(t, await createUser(t.db, { createdAt: twoDaysAgo() })));
  asNewcomer = await signedInAgent(t, await createUser(t.db, { createdAt: new Date(Date.now() - 3600 * 1000) }));
});

const report = (agent: Agent, json: Record<string, unknown>) =>
  agent.post('/api/reports', { reason: 'spam', note: '', ...json });
const reportList = (agent: Agent, id: string, more: Record<string, unknown> = {}) =>
  report(agent, { targetType: 'checklist', targetId: id, ...more });

async function commentOn(listId: string, userId = author.id, content = 'Buy cheap pills') {
  const result = await t.db.execute<{ id: string }>(
    sql`insert into checklist_comments (checklist_id, user_id, content) values (${listId}, ${userId}, ${content}) returning id`,
  );
  return result.rows[0]!.id;
}

const casesOf = async (targetId: string) =>
  (
    await t.db.execute<{ id: string; status: string; owner_id: string; snapshot: unknown }>(
      sql`select id, status, owner_id, snapshot from moderation_cases where target_id = ${targetId} order by opened_at`,
    )
  ).rows;
const reportsOf = async (targetId: string) =>
  (
    await t.db.execute<{ reporter_id: string; reason: string; note: string }>(sql`
      select r.reporter_id, r.reason, r.note from reports r join moderation_cases mc on mc.id = r.case_id
      where mc.target_id = ${targetId} order by r.created_at`)
  ).rows;
const hiddenReason = async (table: 'checklists' | 'checklist_comments' | 'profiles', id: string) =>
  (
    await t.db.execute<{ hidden_reason: string | null }>(
      sql`select hidden_reason from ${sql.raw(table)} where id = ${id}`,
    )
  ).rows[0]!.hidden_reason;
const auditRows = async (targetId: string) =>
  (
    await t.db.execute<{ actor_id: string | null; actor_username: string | null; action: string; reason: string }>(
      sql`select actor_id, actor_username, action, reason from moderation_actions where target_id = ${targetId}`,
    )
  ).rows;

describe('reporting a thing one can see', () => {
  it('a list: thanks the reporter, opens its case with a snapshot of the list as it is now', async () => {
    const list = await makeChecklist(t.db, author.id, {
      title: 'Spammy list',
      tags: ['deals', 'cheap'],
      items: [
        'Buy now',
        { kind: 'heading', content: 'More', note: '' },
        { kind: 'item', content: 'Click here', note: 'http://spam.test' },
      ],
    });
    const response = await reportList(asReporter, list.id, { reason: 'spam', note: 'Ads everywhere' });
    expect(response.status).toBe(200);
    expect(reportResultSchema.parse(await response.json())).toEqual({ message: reportMessages.thanks });

    const [opened] = await casesOf(list.id);
    expect(opened).toMatchObject({ status: 'open', owner_id: author.id });
    expect(reportSnapshotSchema.parse(opened!.snapshot)).toEqual({
      type: 'checklist',
      title: 'Spammy list',
      description: list.description,
      visibility: 'public',
      tags: ['deals', 'cheap'],
      entries: [
        { kind: 'item', content: 'Buy now', note: '' },
        { kind: 'heading', content: 'More', note: '' },
        { kind: 'item', content: 'Click here', note: 'http://spam.test' },
      ],
    });
    expect(await reportsOf(list.id)).toEqual([{ reporter_id: reporter.id, reason: 'spam', note: 'Ads everywhere' }]);
  });

  it('an unlisted list, which anyone with its address sees', async () => {
    const list = await makeChecklist(t.db, author.id, { visibility: 'unlisted' });
    expect((await reportList(asReporter, list.id)).status).toBe(200);
    expect(reportSnapshotSchema.parse((await casesOf(list.id))[0]!.snapshot)).toMatchObject({ visibility: 'unlisted' });
  });

  it('a comment: its case keeps the words and the list they are on', async () => {
    const list = await makeChecklist(t.db, author.id, { title: 'Commented list' });
    const comment = await commentOn(list.id, author.id, 'You are all idiots');
    const response = await report(asReporter, { targetType: 'comment', targetId: comment, reason: 'harassment' });
    expect(response.status).toBe(200);
    const [opened] = await casesOf(comment);
    expect(opened).toMatchObject({ status: 'open', owner_id: author.id });
    expect(opened!.snapshot).toEqual({
      type: 'comment',
      content: 'You are all idiots',
      checklist: { id: list.id, title: 'Commented list' },
    });
  });

  it('a profile, by its username in any case, public or private; its case is the user’s', async () => {
    const response = await report(asReporter, { targetType: 'profile', targetId: 'REPORTED_AUTHOR', reason: 'other' });
    expect(response.status).toBe(200);
    expect(await casesOf(author.id)).toEqual([
      expect.objectContaining({
        owner_id: author.id,
        snapshot: { type: 'profile', username: 'reported_author', profileName: 'Reported Author', avatarUrl: null },
      }),
    ]);
    const quiet = await createUser(t.db, { username: 'quiet_person', isPublic: false });
    expect((await report(asReporter, { targetType: 'profile', targetId: 'quiet_person' })).status).toBe(200);
    expect(await casesOf(quiet.id)).toHaveLength(1);
  });

  it('again rewrites the reporter’s report: still one report, with the new reason and note', async () => {
    const list = await makeChecklist(t.db, author.id);
    await reportList(asReporter, list.id, { reason: 'spam', note: 'First' });
    const again = await reportList(asReporter, list.id, { reason: 'copyright', note: 'My photos' });
    expect(again.status).toBe(200);
    expect(await reportsOf(list.id)).toEqual([{ reporter_id: reporter.id, reason: 'copyright', note: 'My photos' }]);
    expect(await casesOf(list.id)).toHaveLength(1);
  });

  it("keeps the case's counts, in all and by reason, through new reports, rewrites and a reporter's deleted account", async () => {
    const list = await makeChecklist(t.db, author.id);
    const counts = async () =>
      (
        await t.db.execute<{ report_count: number; reason_counts: unknown }>(
          sql`select report_count, reason_counts from moderation_cases where target_id = ${list.id}`,
        )
      ).rows[0];
    const passerBy = await createUser(t.db);
    await reportList(asReporter, list.id, { reason: 'spam' });
    await reportList(seasoned[1]!, list.id, { reason: 'spam' });
    await reportList(await signedInAgent(t, passerBy), list.id, { reason: 'other' });
    expect(await counts()).toEqual({ report_count: 3, reason_counts: { spam: 2, other: 1 } });
    await reportList(asReporter, list.id, { reason: 'copyright' });
    expect(await counts()).toEqual({ report_count: 3, reason_counts: { spam: 1, other: 1, copyright: 1 } });
    await t.db.execute(sql`delete from users where id = ${passerBy.id}`);
    expect(await counts()).toEqual({ report_count: 2, reason_counts: { spam: 1, copyright: 1 } });
  });

  it("keeps a case's counts when two of its reporters' accounts are deleted at once", async () => {
    const list = await makeChecklist(t.db, author.id);
    const [first, second] = [await createUser(t.db), await createUser(t.db)];
    for (const reporting of [first, second]) await reportList(await signedInAgent(t, reporting), list.id);
    const [one, two] = [await t.db.$client.connect(), await t.db.$client.connect()];
    try {
      await one.query('begin');
      await one.query('delete from users where id = $1', [first.id]);
      // The second deletion recounts the same case: it waits for the first, then counts what is left.
      const secondDeleted = two.query('delete from users where id = $1', [second.id]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await one.query('commit');
      await secondDeleted;
    } finally {
      one.release();
      two.release();
    }
    const counted = await t.db.execute<{ report_count: number; reason_counts: unknown }>(
      sql`select report_count, reason_counts from moderation_cases where target_id = ${list.id}`,
    );
    expect(counted.rows).toEqual([{ report_count: 0, reason_counts: {} }]);
  });

  it('after a moderator closed the case opens a new one, and never reopens the closed one', async () => {
    const list = await makeChecklist(t.db, author.id);
    await reportList(asReporter, list.id);
    await t.db.execute(
      sql`update moderation_cases set status = 'closed', closed_at = now() where target_id = ${list.id}`,
    );
    expect((await reportList(asReporter, list.id, { reason: 'other' })).status).toBe(200);
    const cases = await casesOf(list.id);
    expect(cases.map((row) => row.status)).toEqual(['closed', 'open']);
    expect(await reportsOf(list.id)).toHaveLength(2);
  });
});

describe('what cannot be reported', () => {
  it('a thing that is not there for the reporter is not found, with its page’s message', async () => {
    const other = await createUser(t.db);
    const privateList = await makeChecklist(t.db, other.id, { isPublic: false });
    const onPrivate = await commentOn(privateList.id, other.id);
    const hiddenComment = await commentOn((await makeChecklist(t.db, other.id)).id, other.id);
    await t.db.execute(
      sql`update checklist_comments set hidden_at = now(), hidden_reason = 'Spam' where id = ${hiddenComment}`,
    );
    await createUser(t.db, { username: 'unconfirmed_person', emailVerified: false });
    // A suspended user's profile and comments are left out for everyone while the suspension lasts.
    const suspended = await createUser(t.db, { username: 'suspended_person' });
    const bySuspended = await commentOn((await makeChecklist(t.db, other.id)).id, suspended.id);
    await suspendUser(t.db, suspended.id, null, 'Spam');
    const missing = '00000000-0000-4000-8000-000000000000';
    const cases: [string, string, string][] = [
      ['checklist', privateList.id, checklistMessages.notFound],
      ['checklist', missing, checklistMessages.notFound],
      ['checklist', 'not-an-id', checklistMessages.notFound],
      ['comment', onPrivate, commentMessages.notFound],
      ['comment', hiddenComment, commentMessages.notFound],
      ['comment', missing, commentMessages.notFound],
      ['profile', 'nobody_by_this_name', publicProfileMessages.notFound],
      ['profile', 'unconfirmed_person', publicProfileMessages.notFound],
      ['profile', 'suspended_person', publicProfileMessages.notFound],
      ['comment', bySuspended, commentMessages.notFound],
    ];
    for (const [targetType, targetId, message] of cases) {
      const response = await report(asReporter, { targetType, targetId });
      expect(response.status, `${targetType} ${targetId}`).toBe(404);
      expect(await response.json()).toEqual({ message, code: 'not_found' });
    }
    expect(await casesOf(privateList.id)).toEqual([]);
  });

  it('one’s own list, comment or profile is refused with a clear message', async () => {
    const list = await makeChecklist(t.db, author.id);
    const comment = await commentOn(list.id);
    for (const [targetType, targetId] of [
      ['checklist', list.id],
      ['comment', comment],
      ['profile', 'reported_author'],
    ]) {
      const response = await report(asAuthor, { targetType, targetId });
      expect(response.status, targetType).toBe(400);
      expect(await response.json()).toMatchObject({ message: reportMessages.ownThing });
    }
    expect(await casesOf(list.id)).toEqual([]);
  });

  it('bad input is refused with its message', async () => {
    const list = await makeChecklist(t.db, author.id);
    const refused = async (json: Record<string, unknown>) => {
      const response = await asReporter.post('/api/reports', json);
      expect(response.status).toBe(400);
      return ((await response.json()) as { message: string }).message;
    };
    const valid = { targetType: 'checklist', targetId: list.id, reason: 'spam' };
    expect(await refused({ ...valid, reason: 'boring' })).toBe(reportMessages.reasonRequired);
    expect(await refused({ ...valid, reason: undefined })).toBe(reportMessages.reasonRequired);
    expect(await refused({ ...valid, note: 'x'.repeat(501) })).toBe(reportMessages.noteTooLong);
    expect(await refused({ ...valid, targetType: 'tag' })).toMatch(/checklist.*comment.*profile/);
    expect(await refused({ ...valid, targetId: '' })).toBeTruthy();
    expect((await asReporter.post('/api/reports', { ...valid, note: 'x'.repeat(500) })).status).toBe(200);
  });

  it('a visitor is asked to sign in', async () => {
    const list = await makeChecklist(t.db, author.id);
    expect((await reportList(t.agent(), list.id)).status).toBe(401);
  });
});

describe('automatic hiding', () => {
  const browseIds = async (word: string) =>
    (
      (await (await t.agent().request(`/api/checklists?q=${word}`)).json()) as { checklists: { id: string }[] }
    ).checklists.map((card) => card.id);

  it('hides a list at the fifth reporter with a day-old account, not at the fourth, until a moderator decides', async () => {
    const list = await makeChecklist(t.db, author.id, { title: 'Zqautohide offers' });
    expect(await browseIds('zqautohide')).toContain(list.id);
    for (const agent of seasoned.slice(0, AUTO_HIDE_REPORTERS - 1))
      expect((await reportList(agent, list.id)).status).toBe(200);
    expect(await hiddenReason('checklists', list.id)).toBeNull();
    expect(await auditRows(list.id)).toEqual([]);

    expect((await reportList(seasoned[AUTO_HIDE_REPORTERS - 1]!, list.id)).status).toBe(200);
    expect(await hiddenReason('checklists', list.id)).toBe(holdMessages.autoHiddenReason);
    expect(await auditRows(list.id)).toEqual([
      { actor_id: null, actor_username: null, action: 'auto_hide', reason: holdMessages.autoHiddenReason },
    ]);
    const [notice] = notificationSchema
      .array()
      .parse(
        ((await (await asAuthor.request('/api/notifications')).json()) as { notifications: unknown[] }).notifications,
      );
    expect(notice).toMatchObject({
      type: 'moderation',
      message: autoHiddenNotificationMessage('checklist', 'Zqautohide offers'),
      checklistId: list.id,
      actor: null,
      readAt: null,
    });
    expect(await browseIds('zqautohide')).not.toContain(list.id);
    expect((await t.agent().request(`/api/checklists/${list.id}`)).status).toBe(404);
    expect((await asAuthor.request(`/api/checklists/${list.id}`)).status).toBe(200);
    // Hidden now, it is no longer there for reporters either; its case stays open for the moderators.
    expect((await reportList(asNewcomer, list.id)).status).toBe(404);
    expect((await casesOf(list.id)).map((row) => row.status)).toEqual(['open']);
  });

  it('does not hide when one of the five reporters’ accounts is younger than a day', async () => {
    const list = await makeChecklist(t.db, author.id);
    for (const agent of [...seasoned.slice(0, AUTO_HIDE_REPORTERS - 1), asNewcomer])
      expect((await reportList(agent, list.id)).status).toBe(200);
    expect(await reportsOf(list.id)).toHaveLength(AUTO_HIDE_REPORTERS);
    expect(await hiddenReason('checklists', list.id)).toBeNull();
  });

  it('does not hide when one person reports five times', async () => {
    const list = await makeChecklist(t.db, author.id);
    for (let i = 0; i < AUTO_HIDE_REPORTERS; i++) expect((await reportList(asReporter, list.id)).status).toBe(200);
    expect(await reportsOf(list.id)).toHaveLength(1);
    expect(await hiddenReason('checklists', list.id)).toBeNull();
  });

  it('hides a comment and a profile in the same way', async () => {
    const comment = await commentOn((await makeChecklist(t.db, author.id)).id);
    const troll = await createUser(t.db, { username: 'troll_profile' });
    for (const agent of seasoned) {
      expect((await report(agent, { targetType: 'comment', targetId: comment })).status).toBe(200);
      expect((await report(agent, { targetType: 'profile', targetId: 'troll_profile' })).status).toBe(200);
    }
    expect(await hiddenReason('checklist_comments', comment)).toBe(holdMessages.autoHiddenReason);
    expect(await hiddenReason('profiles', troll.id)).toBe(holdMessages.autoHiddenReason);
    expect((await auditRows(troll.id)).map((row) => row.action)).toEqual(['auto_hide']);
    const notices = await t.db.execute<{ user_id: string; message: string }>(sql`
      select user_id, message from notifications where type = 'moderation' and user_id = ${troll.id}`);
    expect(notices.rows).toEqual([{ user_id: troll.id, message: autoHiddenNotificationMessage('profile') }]);
  });

  it('five reports arriving together hide the thing once, and are all counted', async () => {
    const list = await makeChecklist(t.db, author.id);
    const statuses = await Promise.all(seasoned.map(async (agent) => (await reportList(agent, list.id)).status));
    expect(statuses).toEqual(Array<number>(AUTO_HIDE_REPORTERS).fill(200));
    expect(await hiddenReason('checklists', list.id)).toBe(holdMessages.autoHiddenReason);
    expect(await auditRows(list.id)).toHaveLength(1);
    const counted = await t.db.execute<{ report_count: number; reason_counts: unknown }>(
      sql`select report_count, reason_counts from moderation_cases where target_id = ${list.id}`,
    );
    expect(counted.rows).toEqual([{ report_count: AUTO_HIDE_REPORTERS, reason_counts: { spam: AUTO_HIDE_REPORTERS } }]);
  });
});
