import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { notificationMails, notifications, profiles } from '../../src/server/db/schema';
import type { Mailer } from '../../src/server/mail/mailer';
import { startNotificationMailer } from '../../src/server/notifications/notification-mails';
import { notify } from '../../src/server/notifications/notifications.actions';
import { makeChecklist, createUser, type CreatedUser } from '../../src/server/seed/factories';
import { createAppWithUsers, signedInAgent } from '../setup/sign-in';
import { TEST_BASE_URL, type Agent } from '../setup/test-app';

// Decision 009: follows and comments mail their recipient, at most once an hour per kind, once.

const logger = pino({ level: 'silent' });
const {
  t,
  users: { fan },
  agents: { fan: asFan },
} = await createAppWithUsers({ fan: { username: 'mail_fan', profileName: 'Sam' } });

/** A fresh author, so each test starts with no cap used and no mail sent to them. */
async function authorWithList() {
  const author = await createUser(t.db);
  const list = await makeChecklist(t.db, author.id, { title: 'Moving house' });
  return { author, list };
}

const comment = async (agent: Agent, listId: string) =>
  expect((await agent.post(`/api/checklists/${listId}/comments`, { content: 'Great tips' })).status).toBe(201);
const follow = async (agent: Agent, user: CreatedUser) =>
  expect((await agent.request(`/api/users/${user.username}/follow`, { method: 'PUT' })).status).toBe(200);

/** The mails sent to `user` (the test mailer's outbox), oldest first. */
const mailsTo = async (user: CreatedUser) => (await t.outbox()).filter((mail) => mail.to === user.email).reverse();
const subjectsTo = async (user: CreatedUser) => (await mailsTo(user)).map((mail) => mail.subject);
const notificationTypes = async (user: CreatedUser) =>
  (await t.db.select({ type: notifications.type }).from(notifications).where(eq(notifications.userId, user.id))).map(
    (row) => row.type,
  );
const setEmailNotifications = (user: CreatedUser, isOn: boolean) =>
  t.db.update(profiles).set({ emailNotifications: isOn }).where(eq(profiles.id, user.id));

/** The notification mails queued for `user` and not yet sent. */
const queuedMailsOf = (user: CreatedUser) =>
  t.db.select().from(notificationMails).where(eq(notificationMails.userId, user.id));
/** Makes a queued mail due now, as if its back-off had passed. */
const makeDue = (mailId: number) =>
  t.db
    .update(notificationMails)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(notificationMails.id, mailId));

/**
 * A dispatcher besides the test app's own, on its database (as another app process runs one),
 * sending through `mailer`: only when told with `isManual`, else on its own wake-ups and sweeps.
 */
const startDispatcher = (mailer: Mailer, options: { isManual?: boolean; sweepIntervalMs?: number } = {}) =>
  startNotificationMailer({ db: t.db, mailer, logger, baseUrl: TEST_BASE_URL, ...options });
/** The test app's mailer with every send failing, as while the SMTP server is down. */
const failingMailer = (): Mailer => ({ ...t.mailer, send: () => Promise.reject(new Error('SMTP is down')) });

describe('notification mails', () => {
  it('a comment mails the list’s author, with the message, a link to the list and the way to opt out', async () => {
    const { author, list } = await authorWithList();
    await comment(asFan, list.id);
    expect(await t.dispatchMails()).toBe(1);

    const [mail, ...others] = await mailsTo(author);
    expect(others).toEqual([]);
    expect(mail!.subject).toBe('Sam commented on “Moving house”');
    expect(mail!.text).toContain(`Read the comment: ${TEST_BASE_URL}/checklist/${list.id}`);
    expect(mail!.text).toContain(`You can turn these emails off in Settings: ${TEST_BASE_URL}/me?tab=settings`);
    expect(mail!.html).toContain(`href="${TEST_BASE_URL}/checklist/${list.id}"`);
    expect(await t.dispatchMails()).toBe(0);
  });

  it('a second comment within the hour is only an in-app notification', async () => {
    const { author, list } = await authorWithList();
    await comment(asFan, list.id);
    await t.dispatchMails();
    await comment(asFan, list.id);
    await t.dispatchMails();

    expect(await subjectsTo(author)).toEqual(['Sam commented on “Moving house”']);
    expect(await notificationTypes(author)).toEqual(['comment', 'comment']);
  });

  it('a follow mails too: the comment cap does not hold back another kind', async () => {
    const { author, list } = await authorWithList();
    await comment(asFan, list.id);
    await t.dispatchMails();
    await follow(asFan, author);
    await t.dispatchMails();

    const mails = await mailsTo(author);
    expect(mails.map((mail) => mail.subject)).toEqual(['Sam commented on “Moving house”', 'Sam started following you']);
    expect(mails[1]!.text).toContain(`See their profile: ${TEST_BASE_URL}/user/mail_fan`);
    expect(mails[1]!.text).toContain(`${TEST_BASE_URL}/me?tab=settings`);
  });

  it('an event an hour after the last mail of its kind mails again; one at 59 minutes does not', async () => {
    const { author, list } = await authorWithList();
    const lastMailAgo = (minutes: number) =>
      t.db.execute(sql`
        update notification_mail_caps set last_sent_at = now() - make_interval(mins => ${minutes})
        where user_id = ${author.id} and kind = 'comment'`);
    await comment(asFan, list.id);
    await t.dispatchMails();

    await lastMailAgo(59);
    await comment(asFan, list.id);
    await t.dispatchMails();
    expect(await mailsTo(author)).toHaveLength(1);

    await lastMailAgo(61);
    await comment(asFan, list.id);
    await t.dispatchMails();
    expect(await mailsTo(author)).toHaveLength(2);
  });

  it('the cap is per user: two authors commented on in the same minute both get a mail', async () => {
    const first = await authorWithList();
    const second = await authorWithList();
    await comment(asFan, first.list.id);
    await comment(asFan, second.list.id);
    expect(await t.dispatchMails()).toBe(2);

    expect(await mailsTo(first.author)).toHaveLength(1);
    expect(await mailsTo(second.author)).toHaveLength(1);
  });

  it('none while the recipient has email notifications off; turned back on, the next event mails', async () => {
    const { author, list } = await authorWithList();
    await setEmailNotifications(author, false);
    await comment(asFan, list.id);
    await follow(asFan, author);
    expect(await t.dispatchMails()).toBe(0);
    expect(await mailsTo(author)).toEqual([]);
    expect(await notificationTypes(author)).toEqual(['comment', 'follow']);

    // No mail went out, so no hour of the cap started.
    await setEmailNotifications(author, true);
    await comment(asFan, list.id);
    await t.dispatchMails();
    expect(await subjectsTo(author)).toEqual(['Sam commented on “Moving house”']);
  });

  it('none when the setting is turned off between the event and the dispatch', async () => {
    const { author, list } = await authorWithList();
    await comment(asFan, list.id);
    await setEmailNotifications(author, false);
    expect(await t.dispatchMails()).toBe(0);

    expect(await mailsTo(author)).toEqual([]);
    expect(await queuedMailsOf(author)).toEqual([]);
  });

  it('none for one’s own comment on one’s own list', async () => {
    const { author, list } = await authorWithList();
    await comment(await signedInAgent(t, author), list.id);
    await t.dispatchMails();
    expect(await mailsTo(author)).toEqual([]);
  });

  it('none for a like, a clone or a badge, which stay in-app notifications', async () => {
    const { author, list } = await authorWithList();
    expect((await asFan.request(`/api/checklists/${list.id}/like`, { method: 'PUT' })).status).toBe(200);
    expect((await asFan.post(`/api/checklists/${list.id}/clone`, {})).status).toBe(201);
    expect(await t.dispatchMails()).toBe(0);

    expect(await mailsTo(author)).toEqual([]);
    // The first clone by someone else also earns the author Trendsetter (decision 011).
    expect((await notificationTypes(author)).sort()).toEqual(['badge', 'clone', 'like']);
  });

  it('none when the action’s transaction rolls back, and its cap is not used up', async () => {
    const { author, list } = await authorWithList();
    const rolledBack = t.db.transaction(async (tx) => {
      await notify(tx, {
        type: 'comment',
        recipientId: author.id,
        actorId: fan.id,
        checklist: { id: list.id, title: list.title },
      });
      throw new Error('the action failed after notifying');
    });
    await expect(rolledBack).rejects.toThrow('the action failed after notifying');
    expect(await t.dispatchMails()).toBe(0);

    await comment(asFan, list.id);
    expect(await t.dispatchMails()).toBe(1);
    expect(await mailsTo(author)).toHaveLength(1);
  });

  it('a failed send stays queued and is sent on a later attempt', async () => {
    const { author, list } = await authorWithList();
    const dispatcher = await startDispatcher(failingMailer(), { isManual: true });
    await comment(asFan, list.id);
    expect(await dispatcher.dispatchNow()).toBe(0);
    await dispatcher.close();

    const [queued] = await queuedMailsOf(author);
    expect(queued).toMatchObject({ attempts: 1 });
    expect(queued!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(await t.dispatchMails()).toBe(0); // not due yet

    await makeDue(queued!.id);
    expect(await t.dispatchMails()).toBe(1);
    expect(await mailsTo(author)).toHaveLength(1);
  });
});

describe('a mail that keeps failing', () => {
  it('backs off 2, 4, 8, 16 minutes and is dropped at the fifth failure', async () => {
    const { author, list } = await authorWithList();
    const dispatcher = await startDispatcher(failingMailer(), { isManual: true });
    await comment(asFan, list.id);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await dispatcher.dispatchNow();
      const [queued] = await queuedMailsOf(author);
      expect(queued!.attempts).toBe(attempt);
      delays.push(Math.round((queued!.nextAttemptAt.getTime() - Date.now()) / 60_000));
      await makeDue(queued!.id);
    }
    expect(delays).toEqual([2, 4, 8, 16]);
    await dispatcher.dispatchNow();
    expect(await queuedMailsOf(author)).toEqual([]);
    await dispatcher.close();
    expect(await mailsTo(author)).toHaveLength(0);
  });
});

describe('notification mails across app processes', () => {
  it('two dispatchers on one database running at once share the queue and send each mail once', async () => {
    const authors = await Promise.all([1, 2, 3, 4].map(() => authorWithList()));
    for (const { list } of authors) await comment(asFan, list.id);

    // Each dispatcher's first send waits until the other holds a mail too: they run at once, and
    // neither may wait on the other's lock (SKIP LOCKED) nor take the same mail (FOR UPDATE).
    const sending = new Set<string>();
    const sentBy: string[] = [];
    const gated = (name: string): Mailer => ({
      ...t.mailer,
      send: async (mail) => {
        sending.add(name);
        await vi.waitFor(() => expect(sending.size, 'both dispatchers hold a mail').toBe(2), { timeout: 5000 });
        sentBy.push(name);
        await t.mailer.send(mail);
      },
    });
    const start = (name: string) => startDispatcher(gated(name), { isManual: true });
    const [first, second] = await Promise.all([start('first'), start('second')]);
    const counts = await Promise.all([first.dispatchNow(), second.dispatchNow()]);
    await Promise.all([first.close(), second.close()]);

    expect(counts[0] + counts[1]).toBe(4);
    expect(new Set(sentBy)).toEqual(new Set(['first', 'second']));
    for (const { author } of authors) expect(await mailsTo(author)).toHaveLength(1);
  });

  it('a listening dispatcher sends a mail as soon as its notification commits, without a sweep', async () => {
    const { author, list } = await authorWithList();
    const dispatcher = await startDispatcher(t.mailer);
    try {
      await comment(asFan, list.id);
      // Well within the 30 s sweep: only the LISTEN wake-up can have sent it.
      await vi.waitFor(async () => expect(await mailsTo(author)).toHaveLength(1), { timeout: 5000, interval: 50 });
    } finally {
      await dispatcher.close();
    }
  });

  it('a dispatcher whose LISTEN connection was lost listens again at its next sweep and sends what was queued meanwhile', async () => {
    const { author, list } = await authorWithList();
    const dispatcher = await startDispatcher(t.mailer, { sweepIntervalMs: 300 });
    const listeners = () =>
      t.db.execute(sql`
        select pid from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`);
    try {
      // As when PostgreSQL restarts: the server ends the listening session.
      await t.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`);
      await comment(asFan, list.id);
      await vi.waitFor(async () => expect(await mailsTo(author)).toHaveLength(1), { timeout: 5000, interval: 50 });
      await vi.waitFor(async () => expect((await listeners()).rows).toHaveLength(1), { timeout: 5000, interval: 50 });
    } finally {
      await dispatcher.close();
    }
  });

  it('closing lets the mail being sent finish, and sends no more', async () => {
    const { author, list } = await authorWithList();
    let release: () => void = () => undefined;
    const sending: string[] = [];
    const slowMailer: Mailer = {
      ...t.mailer,
      send: async (mail) => {
        sending.push(mail.to);
        await new Promise<void>((resolve) => (release = resolve));
        await t.mailer.send(mail);
      },
    };
    const dispatcher = await startDispatcher(slowMailer, { isManual: true });
    await comment(asFan, list.id);
    const dispatched = dispatcher.dispatchNow();
    await vi.waitFor(() => expect(sending).toEqual([author.email]));
    let isClosed = false;
    const closed = dispatcher.close().then(() => (isClosed = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(isClosed).toBe(false); // still waiting for the mail in hand
    release();
    await closed;
    expect(await dispatched).toBe(1);
    expect(await mailsTo(author)).toHaveLength(1);
  });
});
