import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { holdMessages } from '../../src/domain/moderation/holds';
import {
  casePageSchema,
  caseSnapshotResponseSchema,
  queueMessages,
  SNAPSHOT_ENTRIES_SHOWN,
  staffPickListSchema,
} from '../../src/domain/moderation/queue';
import { SUSPENSION_MAIL_SUBJECT } from '../../src/domain/moderation/suspensions';
import { hideThing } from '../../src/server/moderation/holds';
import { createUser, makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { addComment, openCase, setRole } from '../setup/moderation-cases';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp } from '../setup/test-app';

// The moderators' queue: what a case shows, what each decision does to the thing and the audit
// log, that a decided case is closed, and what a suspension does to the suspended user.

const t = await createTestApp();
const moderator = await createUser(t.db, { username: 'queue_mod' });
await setRole(t.db, moderator.id, 'moderator');
const asModerator = await signedInAgent(t, moderator);
const reporters: CreatedUser[] = [];
for (const name of ['queue_rep_a', 'queue_rep_b', 'queue_rep_c'])
  reporters.push(await createUser(t.db, { username: name }));

/** A new author with a public list under an open case reported by two people. */
async function reportedList(title = 'Zqqueue spam list') {
  const author = await createUser(t.db);
  const list = await makeChecklist(t.db, author.id, { title, items: ['Buy now', 'Click here'] });
  const caseId = await openCase(
    t.db,
    {
      type: 'checklist',
      id: list.id,
      ownerId: author.id,
      snapshot: { type: 'checklist', title, description: '', entries: [] },
    },
    [
      { reporterId: reporters[0]!.id, reason: 'spam', note: 'ads everywhere' },
      { reporterId: reporters[1]!.id, reason: 'spam' },
      { reporterId: reporters[2]!.id, reason: 'inappropriate' },
    ],
  );
  return { author, list, caseId };
}

const auditRows = async (targetId: string) =>
  (
    await t.db.execute<{
      action: string;
      actor_username: string | null;
      reason: string;
      before: unknown;
      after: unknown;
    }>(
      sql`select action, actor_username, reason, before, after from moderation_actions where target_id = ${targetId} order by created_at`,
    )
  ).rows;
const caseStatus = async (caseId: string) =>
  (await t.db.execute<{ status: string }>(sql`select status from moderation_cases where id = ${caseId}`)).rows[0]!
    .status;
const browseIds = async (q: string) =>
  (
    (await (await t.agent().request(`/api/checklists?q=${q}`)).json()) as { checklists: { id: string }[] }
  ).checklists.map((card) => card.id);
const decide = (caseId: string, action: string, json: unknown = {}) =>
  asModerator.post(`/api/moderation/cases/${caseId}/${action}`, json);

describe('the open cases', () => {
  it('come newest first, paged, with the owner, the snapshot, the state now, the counts by reason and the reports', async () => {
    const older = await reportedList('Zqqueue older');
    const newer = await reportedList('Zqqueue newer');
    const response = await asModerator.request('/api/moderation/cases?limit=1');
    expect(response.status).toBe(200);
    const page = casePageSchema.parse(await response.json());
    expect(page.cases.map((c) => c.id)).toEqual([newer.caseId]);
    const [shown] = page.cases;
    expect(shown).toMatchObject({
      targetType: 'checklist',
      targetId: newer.list.id,
      owner: { username: newer.author.username },
      snapshot: { title: 'Zqqueue newer' },
      state: { exists: true, hiddenReason: null, ownerSuspension: null },
      reportCount: 3,
      reasons: [
        { reason: 'spam', count: 2 },
        { reason: 'inappropriate', count: 1 },
      ],
      reviewRequested: false,
    });
    expect(shown!.reports.map((r) => r.reporterUsername).sort()).toEqual(['queue_rep_a', 'queue_rep_b', 'queue_rep_c']);
    expect(shown!.reports.find((r) => r.reporterUsername === 'queue_rep_a')!.note).toBe('ads everywhere');

    const next = casePageSchema.parse(
      await (
        await asModerator.request(`/api/moderation/cases?limit=1&before=${encodeURIComponent(page.nextCursor!)}`)
      ).json(),
    );
    expect(next.cases.map((c) => c.id)).toEqual([older.caseId]);
  });

  it('refuses a cursor or a limit that is not one', async () => {
    for (const query of ['before=yesterday', 'limit=0', 'limit=51', 'limit=many']) {
      const response = await asModerator.request(`/api/moderation/cases?${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { message: string }).message, query).toBeTruthy();
    }
  });

  it("carry a long list's first entries and their count; the whole snapshot is read per case", async () => {
    const author = await createUser(t.db);
    const list = await makeChecklist(t.db, author.id);
    const entries = Array.from({ length: SNAPSHOT_ENTRIES_SHOWN + 3 }, (_, index) => ({
      kind: 'item',
      content: `Entry ${index + 1}`,
      note: index === SNAPSHOT_ENTRIES_SHOWN + 2 ? 'the offending note, far down' : null,
    }));
    const caseId = await openCase(
      t.db,
      { type: 'checklist', id: list.id, ownerId: author.id, snapshot: { type: 'checklist', title: 'Long', entries } },
      [{ reporterId: reporters[0]!.id, reason: 'spam' }],
    );
    const page = casePageSchema.parse(await (await asModerator.request('/api/moderation/cases?limit=1')).json());
    expect(page.cases[0]!.id).toBe(caseId);
    expect(page.cases[0]!.snapshot).toEqual({
      type: 'checklist',
      title: 'Long',
      entries: entries.slice(0, SNAPSHOT_ENTRIES_SHOWN),
      entryCount: entries.length,
    });

    const whole = await asModerator.request(`/api/moderation/cases/${caseId}/snapshot`);
    expect(whole.status).toBe(200);
    expect(caseSnapshotResponseSchema.parse(await whole.json()).snapshot).toEqual({
      type: 'checklist',
      title: 'Long',
      entries,
    });
    // A case that is not there, or an id that is not one, is not found.
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-case']) {
      const missing = await asModerator.request(`/api/moderation/cases/${id}/snapshot`);
      expect(missing.status, id).toBe(404);
      expect(await missing.json(), id).toMatchObject({ code: 'not_found', message: queueMessages.caseNotFound });
    }
  });

  it('leave out closed cases', async () => {
    const { caseId } = await reportedList();
    expect((await decide(caseId, 'dismiss')).status).toBe(200);
    const page = casePageSchema.parse(await (await asModerator.request('/api/moderation/cases?limit=50')).json());
    expect(page.cases.map((c) => c.id)).not.toContain(caseId);
  });
});

describe('deciding a case', () => {
  it('Hide hides the list for everyone but its author, records before and after, and closes the case', async () => {
    const { list, caseId } = await reportedList('Zqqueuehide list');
    expect(await browseIds('zqqueuehide')).toContain(list.id);
    expect((await decide(caseId, 'hide', { reason: 'Selling things' })).status).toBe(200);
    expect(await browseIds('zqqueuehide')).not.toContain(list.id);
    expect((await t.agent().request(`/api/checklists/${list.id}`)).status).toBe(404);
    expect(await caseStatus(caseId)).toBe('closed');
    const [row] = await auditRows(list.id);
    expect(row).toMatchObject({ action: 'hide', actor_username: 'queue_mod', reason: 'Selling things' });
    expect(row!.before).toMatchObject({ hiddenAt: null, hiddenReason: null });
    expect(row!.after).toMatchObject({ hiddenReason: 'Selling things' });
  });

  it('Restore shows a hidden list again and closes the case', async () => {
    const { list, caseId } = await reportedList('Zqqueuerestore list');
    await hideThing(t.db, 'checklist', list.id, 'Too hasty');
    expect((await decide(caseId, 'restore')).status).toBe(200);
    expect(await browseIds('zqqueuerestore')).toContain(list.id);
    expect(await caseStatus(caseId)).toBe('closed');
    const [row] = await auditRows(list.id);
    expect(row).toMatchObject({
      action: 'restore',
      before: { hiddenReason: 'Too hasty' },
      after: { hiddenReason: null },
    });
  });

  it('Dismiss leaves a thing a moderator hid as it is, and shows again one the reports hid on their own', async () => {
    const byModerator = await reportedList('Zqqueuedismiss kept');
    await hideThing(t.db, 'checklist', byModerator.list.id, 'Spam');
    expect((await decide(byModerator.caseId, 'dismiss')).status).toBe(200);
    expect((await t.agent().request(`/api/checklists/${byModerator.list.id}`)).status).toBe(404);

    const byReports = await reportedList('Zqqueuedismiss auto');
    await hideThing(t.db, 'checklist', byReports.list.id, holdMessages.autoHiddenReason);
    expect((await decide(byReports.caseId, 'dismiss')).status).toBe(200);
    expect((await t.agent().request(`/api/checklists/${byReports.list.id}`)).status).toBe(200);
    expect(await caseStatus(byReports.caseId)).toBe('closed');
    const [row] = await auditRows(byReports.list.id);
    expect(row).toMatchObject({
      action: 'dismiss',
      before: { hiddenReason: holdMessages.autoHiddenReason },
      after: { hiddenReason: null },
    });
  });

  it('Delete comment deletes a reported comment, and is refused for a list', async () => {
    const author = await createUser(t.db);
    const list = await makeChecklist(t.db, moderator.id);
    const commentId = await addComment(t.db, list.id, author.id, 'Buy my stuff');
    const caseId = await openCase(
      t.db,
      {
        type: 'comment',
        id: commentId,
        ownerId: author.id,
        snapshot: { type: 'comment', content: 'Buy my stuff', checklist: { id: list.id, title: list.title } },
      },
      [{ reporterId: reporters[0]!.id, reason: 'spam' }],
    );
    expect((await decide(caseId, 'delete-comment')).status).toBe(200);
    const left = await t.db.execute(sql`select 1 from checklist_comments where id = ${commentId}`);
    expect(left.rows).toHaveLength(0);
    const [row] = await auditRows(commentId);
    expect(row).toMatchObject({ action: 'delete_comment', before: { content: 'Buy my stuff' }, after: null });

    const listCase = await reportedList();
    const refused = await decide(listCase.caseId, 'delete-comment');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: queueMessages.onlyComments });
    expect(await caseStatus(listCase.caseId)).toBe('open');
  });

  it('a decided case refuses a second decision with a clear message, and an unknown case is not found', async () => {
    const { caseId } = await reportedList();
    expect((await decide(caseId, 'dismiss')).status).toBe(200);
    const again = await decide(caseId, 'hide', { reason: 'Late' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: queueMessages.caseClosed });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-case']) {
      const missing = await decide(id, 'dismiss');
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ message: queueMessages.caseNotFound });
    }
  });

  it('Hide and Suspend refuse a missing, blank or overlong reason and an unknown length', async () => {
    const { caseId } = await reportedList();
    const cases: [string, unknown, string][] = [
      ['hide', {}, queueMessages.reasonRequired],
      ['hide', { reason: '   ' }, queueMessages.reasonRequired],
      ['hide', { reason: 'x'.repeat(501) }, queueMessages.reasonTooLong],
      ['suspend', { reason: 'Spam' }, queueMessages.lengthRequired],
      ['suspend', { reason: 'Spam', length: '2d' }, queueMessages.lengthRequired],
    ];
    for (const [action, body, message] of cases) {
      const response = await decide(caseId, action, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ message });
    }
    expect(await caseStatus(caseId)).toBe('open');
  });
});

describe('suspending the owner', () => {
  it('ends their sessions, refuses their sign-in after the password check, holds their lists, mails them, and closes the case', async () => {
    const { author, list, caseId } = await reportedList('Zqqueuesuspend list');
    const asAuthor = await signedInAgent(t, author);
    const response = await decide(caseId, 'suspend', { reason: 'Spamming Browse', length: '7d' });
    expect(response.status).toBe(200);
    expect((await asAuthor.request('/api/accounts/me')).status).toBe(401);
    expect(await browseIds('zqqueuesuspend')).not.toContain(list.id);
    expect(await caseStatus(caseId)).toBe('closed');

    const signIn = await t.agent().post('/api/auth/sign-in/email', { email: author.email, password: author.password });
    expect(signIn.status).toBe(403);
    const { message } = (await signIn.json()) as { message: string };
    expect(message).toMatch(/^This account is suspended until \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC\.$/);
    expect(signIn.headers.getSetCookie().some((cookie) => cookie.includes('session_token='))).toBe(false);
    // A wrong password is told nothing about the suspension.
    const wrong = await t
      .agent()
      .post('/api/auth/sign-in/email', { email: author.email, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(JSON.stringify(await wrong.json())).not.toContain('suspended');

    const mail = (await t.outbox()).find((entry) => entry.to === author.email);
    expect(mail?.subject).toBe(SUSPENSION_MAIL_SUBJECT);
    expect(mail?.text).toContain('Spamming Browse');
    expect(mail?.text).toMatch(/until \d{1,2} \w+ \d{4}/);

    const [row] = await auditRows(author.id);
    expect(row).toMatchObject({ action: 'suspend', reason: 'Spamming Browse', before: { suspendedUntil: null } });
    expect((row!.after as { suspendedUntil: string | null }).suspendedUntil).not.toBeNull();
  });

  it('for good: the sign-in says so without a date', async () => {
    const { author, caseId } = await reportedList();
    expect((await decide(caseId, 'suspend', { reason: 'Harassment', length: 'permanent' })).status).toBe(200);
    const signIn = await t.agent().post('/api/auth/sign-in/email', { email: author.email, password: author.password });
    expect(signIn.status).toBe(403);
    expect(await signIn.json()).toMatchObject({ message: 'This account is suspended.' });
  });

  it('a password reset while suspended opens no session, and the new password is refused too', async () => {
    const { author, caseId } = await reportedList();
    await decide(caseId, 'suspend', { reason: 'Spam', length: '1d' });
    await t.agent().post('/api/auth/request-password-reset', { email: author.email, redirectTo: '/reset-password' });
    const landing = await t.agent().request(await t.lastLinkTo(author.email));
    const token = new URL(landing.headers.get('location')!, t.baseUrl).searchParams.get('token')!;
    const resetter = t.agent();
    expect((await resetter.post('/api/auth/reset-password', { token, newPassword: 'brand-new-pass-9' })).status).toBe(
      200,
    );
    expect((await resetter.request('/api/accounts/me')).status).toBe(401);
    const signIn = await t
      .agent()
      .post('/api/auth/sign-in/email', { email: author.email, password: 'brand-new-pass-9' });
    expect(signIn.status).toBe(403);
  });

  it('Unsuspend, by username, lets them sign in again and gives their lists back', async () => {
    const { author, list, caseId } = await reportedList('Zqqueueunsuspend list');
    await decide(caseId, 'suspend', { reason: 'Spam', length: '1d' });
    const response = await asModerator.post(`/api/moderation/users/${author.username}/unsuspend`, {});
    expect(response.status).toBe(200);
    expect(await browseIds('zqqueueunsuspend')).toContain(list.id);
    expect(
      (await t.agent().post('/api/auth/sign-in/email', { email: author.email, password: author.password })).status,
    ).toBe(200);
    const rows = await auditRows(author.id);
    expect(rows.at(-1)).toMatchObject({ action: 'unsuspend', after: { suspendedUntil: null } });

    const again = await asModerator.post(`/api/moderation/users/${author.username}/unsuspend`, {});
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: queueMessages.notSuspended });
    const unknown = await asModerator.post('/api/moderation/users/nobody_here_at_all/unsuspend', {});
    expect(unknown.status).toBe(404);
  });

  it("Unsuspend from another open case of the owner's lifts it and leaves that case open", async () => {
    const { author, caseId } = await reportedList();
    const other = await makeChecklist(t.db, author.id);
    const otherCase = await openCase(t.db, { type: 'checklist', id: other.id, ownerId: author.id, snapshot: {} }, [
      { reporterId: reporters[0]!.id, reason: 'spam' },
    ]);
    await decide(caseId, 'suspend', { reason: 'Spam', length: '7d' });
    const shown = casePageSchema
      .parse(await (await asModerator.request('/api/moderation/cases?limit=50')).json())
      .cases.find((c) => c.id === otherCase);
    expect(shown?.state.ownerSuspension).toMatchObject({ reason: 'Spam' });
    expect(shown?.state.ownerSuspension?.until).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await decide(otherCase, 'unsuspend')).status).toBe(200);
    expect(await caseStatus(otherCase)).toBe('open');
    expect(
      (await t.agent().post('/api/auth/sign-in/email', { email: author.email, password: author.password })).status,
    ).toBe(200);
  });

  it('a moderator cannot suspend themselves, another moderator or an admin; an admin can suspend a moderator', async () => {
    const other = await createUser(t.db);
    await setRole(t.db, other.id, 'moderator');
    const list = await makeChecklist(t.db, other.id);
    const caseOn = (ownerId: string, id: string) =>
      openCase(t.db, { type: 'checklist', id, ownerId, snapshot: { title: 'x' } }, [
        { reporterId: reporters[0]!.id, reason: 'other' },
      ]);
    const ownList = await makeChecklist(t.db, moderator.id);
    const self = await decide(await caseOn(moderator.id, ownList.id), 'suspend', { reason: 'x', length: '1d' });
    expect(self.status).toBe(403);
    expect(await self.json()).toMatchObject({ message: queueMessages.notYourself });

    const onModerator = await caseOn(other.id, list.id);
    const refused = await decide(onModerator, 'suspend', { reason: 'x', length: '1d' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: queueMessages.onlyAdmins });
    expect(await caseStatus(onModerator)).toBe('open');

    const admin = await createUser(t.db);
    await setRole(t.db, admin.id, 'admin');
    const asAdmin = await signedInAgent(t, admin);
    const adminList = await makeChecklist(t.db, admin.id);
    const onAdmin = await decide(await caseOn(admin.id, adminList.id), 'suspend', { reason: 'x', length: '1d' });
    expect(onAdmin.status).toBe(403);
    const byAdmin = await asAdmin.post(`/api/moderation/cases/${onModerator}/suspend`, {
      reason: 'Abuse',
      length: '30d',
    });
    expect(byAdmin.status).toBe(200);
  });
});

describe('the staff picks tab', () => {
  it('lists the current picks, newest first', async () => {
    const list = await makeChecklist(t.db, moderator.id, { title: 'Zqqueue picked' });
    await t.db.execute(sql`insert into staff_picks (checklist_id) values (${list.id})`);
    const response = await asModerator.request('/api/moderation/staff-picks');
    expect(response.status).toBe(200);
    const { picks } = staffPickListSchema.parse(await response.json());
    expect(picks[0]).toMatchObject({ id: list.id, title: 'Zqqueue picked', authorUsername: 'queue_mod' });
  });
});
