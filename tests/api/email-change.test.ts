import { createHmac } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailChangeMessages } from '../../src/domain/accounts/email-change';
import { messageSchema } from '../../src/domain/api-error';
import { pruneEmailChangeLinks } from '../../src/server/accounts/email-change.actions';
import { users, verifications } from '../../src/server/db/schema';
import { createUser } from '../../src/server/seed/factories';
import { accountLinks, undoTokenIn } from '../setup/account-links';
import { createTestApp, TEST_SECRET, type TestApp } from '../setup/test-app';

// An e-mail change is a link we store and revoke; the old address is mailed and may undo it
// (decision 044).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const { signIn, emailOf, askEmailChange, askEmailChangeAsNewUser, open, requestReset, resetWith } = accountLinks(
  () => t,
);

describe('an e-mail change someone else asked for', () => {
  it('dies when the owner resets the password: the takeover attack fails', async () => {
    const owner = await createUser(t.db, { password: 'leaked-pass-1' });
    const attacker = await signIn(owner.email, 'leaked-pass-1');
    const confirmation = await askEmailChange(attacker, 'attacker@evil.test', 'leaked-pass-1');

    // The owner does what the notice says: resets the password from the old address.
    const token = await requestReset(owner.email);
    expect((await resetWith(token, 'owner-again-2')).status).toBe(200);
    expect((await attacker.request('/api/accounts/me')).status).toBe(401);

    // The attacker opens the confirmation link afterwards, with no session.
    expect(await open(confirmation)).toBe('/email-change?result=invalid');
    expect(await emailOf(owner.id)).toBe(owner.email);
    await signIn(owner.email, 'owner-again-2');
  });

  it('dies when the password is changed, when the user signs out everywhere, and when a newer change is asked', async () => {
    const {
      user,
      agent,
      confirmation: beforePasswordChange,
    } = await askEmailChangeAsNewUser('pending-pass-1', 'first@example.test');
    const changed = await agent.post('/api/accounts/change-password', {
      currentPassword: 'pending-pass-1',
      newPassword: 'pending-pass-2',
      confirmPassword: 'pending-pass-2',
    });
    expect(changed.status).toBe(200);
    expect(await open(beforePasswordChange)).toBe('/email-change?result=invalid');

    const beforeSignOut = await askEmailChange(agent, 'second@example.test', 'pending-pass-2');
    expect((await agent.post('/api/accounts/sessions/revoke-others', {})).status).toBe(200);
    expect(await open(beforeSignOut)).toBe('/email-change?result=invalid');

    const older = await askEmailChange(agent, 'third@example.test', 'pending-pass-2');
    const newer = await askEmailChange(agent, 'fourth@example.test', 'pending-pass-2');
    expect(await open(older)).toBe('/email-change?result=invalid');
    expect(await emailOf(user.id)).toBe(user.email);
    expect(await open(newer)).toBe('/email-change?result=confirmed');
    expect(await emailOf(user.id)).toBe('fourth@example.test');
  });

  it('is not completed by Better Auth’s own signed change link, which nothing could revoke', async () => {
    const user = await createUser(t.db, { password: 'jwt-pass-1' });
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({
      email: user.email,
      updateTo: 'jwt-attacker@evil.test',
      userId: user.id,
      requestType: 'change-email-verification',
      iat: now,
      exp: now + 3600,
    })}`;
    const token = `${unsigned}.${createHmac('sha256', TEST_SECRET).update(unsigned).digest('base64url')}`;
    expect(await open(`/api/auth/verify-email?token=${token}&callbackURL=/me`)).toBe('/email-change?result=invalid');
    expect(await emailOf(user.id)).toBe(user.email);
  });
});

describe('a completed e-mail change', () => {
  it('works once, tells the old address, and the old address can undo it for a week', async () => {
    const { user, agent, confirmation } = await askEmailChangeAsNewUser('completed-pass-1', 'New-Home@Example.test');

    expect(await open(confirmation)).toBe('/email-change?result=confirmed');
    expect(await emailOf(user.id)).toBe('new-home@example.test');
    expect(await open(confirmation)).toBe('/email-change?result=invalid');
    // The device that asked stays signed in under the new address.
    expect((await agent.request('/api/accounts/me')).status).toBe(200);

    const notice = (await t.outbox()).find((mail) => mail.to === user.email)!;
    expect(notice.subject).toBe('Your Ticklist email address was changed');
    expect(notice.text).toContain('new-home@example.test');
    const undoLink = await t.lastLinkTo(user.email);
    expect(new URL(undoLink).pathname).toBe('/email-change');

    // The undo link also works after a week has nearly passed, not after it.
    const [undoRow] = await t.db
      .select({ expiresAt: verifications.expiresAt })
      .from(verifications)
      .where(like(verifications.identifier, 'email-change-undo:%'))
      .orderBy(sql`${verifications.createdAt} desc`)
      .limit(1);
    const days = (undoRow!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('undone: the old address is back, every session ends, the password nobody knows, and a reset link is mailed', async () => {
    const owner = await createUser(t.db, { password: 'stolen-pass-1' });
    const ownerDevice = await signIn(owner.email, 'stolen-pass-1');
    const attacker = await signIn(owner.email, 'stolen-pass-1');
    // The owner's device is signed out by the request; sign it in again before the link is opened.
    await open(await askEmailChange(attacker, 'thief@evil.test', 'stolen-pass-1'));
    const ownerAgain = await signIn('thief@evil.test', 'stolen-pass-1');
    expect(await emailOf(owner.id)).toBe('thief@evil.test');

    const undoLink = await t.lastLinkTo(owner.email);
    const undo = await t.agent().post('/api/accounts/email-change/undo', { token: undoTokenIn(undoLink) });
    expect(undo.status).toBe(200);
    expect(messageSchema.parse(await undo.json())).toEqual({ message: emailChangeMessages.undone });

    expect(await emailOf(owner.id)).toBe(owner.email);
    for (const device of [ownerDevice, attacker, ownerAgain]) {
      expect((await device.request('/api/accounts/me')).status).toBe(401);
    }
    const wrong = await t.agent().post('/api/auth/sign-in/email', { email: owner.email, password: 'stolen-pass-1' });
    expect(wrong.status).toBe(401);

    // The link mailed to the restored address sets a new password.
    const resetToken = (await t.lastLinkTo(owner.email)).match(/reset-password\/([^?]+)/)![1]!;
    expect((await resetWith(resetToken, 'mine-again-3')).status).toBe(200);
    await signIn(owner.email, 'mine-again-3');

    // The undo link worked once.
    const again = await t.agent().post('/api/accounts/email-change/undo', { token: undoTokenIn(undoLink) });
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe(emailChangeMessages.invalid);
  });

  it('cannot be undone after its week', async () => {
    const { user, confirmation } = await askEmailChangeAsNewUser('late-undo-1', 'late-undo@example.test');
    await open(confirmation);
    const undoLink = await t.lastLinkTo(user.email);
    await t.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(like(verifications.identifier, 'email-change-undo:%'));
    const late = await t.agent().post('/api/accounts/email-change/undo', { token: undoTokenIn(undoLink) });
    expect(late.status).toBe(400);
    expect(await emailOf(user.id)).toBe('late-undo@example.test');
  });

  it('responds to an address another account has like any other, and sends it no link', async () => {
    const taken = await createUser(t.db, { password: 'taken-pass-1' });
    const user = await createUser(t.db, { password: 'asker-pass-1' });
    const agent = await signIn(user.email, 'asker-pass-1');
    const before = (await t.outbox()).filter((mail) => mail.to === taken.email).length;
    const response = await agent.post('/api/accounts/change-email', {
      newEmail: taken.email,
      currentPassword: 'asker-pass-1',
    });
    expect(response.status).toBe(200);
    expect((await t.outbox()).filter((mail) => mail.to === taken.email)).toHaveLength(before);
  });

  it('redirects a malformed or unknown link to the page that says it does not work', async () => {
    expect(await open('/api/accounts/email-change/confirm?token=%00%3Cscript%3E')).toBe('/email-change?result=invalid');
    expect(await open('/api/accounts/email-change/confirm')).toBe('/email-change?result=invalid');
    expect(await open(`/api/accounts/email-change/confirm?token=${'a'.repeat(43)}`)).toBe(
      '/email-change?result=invalid',
    );
    const undo = await t.agent().post('/api/accounts/email-change/undo', { token: 12 });
    expect(undo.status).toBe(400);
  });
});

describe('an attacker who knows the password and confirms at once', () => {
  it('cannot move the account on out of the undo’s reach: no new change while the last can be undone', async () => {
    const owner = await createUser(t.db, { password: 'quick-thief-1' });
    const attacker = await signIn(owner.email, 'quick-thief-1');
    await open(await askEmailChange(attacker, 'first-hop@evil.test', 'quick-thief-1'));
    const onward = await attacker.post('/api/accounts/change-email', {
      newEmail: 'second-hop@evil.test',
      currentPassword: 'quick-thief-1',
    });
    expect(onward.status).toBe(400);
    const refused = await onward.json();
    expect(refused.code).toBe('changed_recently');
    expect(refused.message).toMatch(/^Your email address was changed recently\. You can change it again after /);
    expect((await t.outbox()).some((mail) => mail.to === 'second-hop@evil.test')).toBe(false);

    const undo = await t.agent().post('/api/accounts/email-change/undo', {
      token: undoTokenIn(await t.lastLinkTo(owner.email)),
    });
    expect(undo.status).toBe(200);
    expect(await emailOf(owner.id)).toBe(owner.email);
    expect((await attacker.request('/api/accounts/me')).status).toBe(401);
  });

  it('cannot block the undo by signing up with the old address: that unconfirmed sign-up is removed', async () => {
    const { user: owner, confirmation } = await askEmailChangeAsNewUser('squatted-1', 'squatter@evil.test');
    await open(confirmation);
    const squat = await t.agent().post('/api/accounts/sign-up', {
      username: 'squatter_acct',
      email: owner.email,
      password: 'squatting-pass-9',
      confirmPassword: 'squatting-pass-9',
      acceptTerms: true,
    });
    expect(squat.status).toBe(201);
    const undo = await t.agent().post('/api/accounts/email-change/undo', {
      token: undoTokenIn(
        (await t.outbox())
          .find((mail) => mail.subject === 'Your Ticklist email address was changed' && mail.to === owner.email)!
          .text.match(/https?:\/\/\S+/)![0],
      ),
    });
    expect(undo.status).toBe(200);
    expect(await emailOf(owner.id)).toBe(owner.email);
    expect(await t.db.select().from(users).where(eq(users.name, 'squatter_acct'))).toHaveLength(0);
  });
});

describe('what an e-mail change’s links do at the edges', () => {
  it('a confirmation whose address another account took meanwhile changes nothing', async () => {
    const { user, confirmation } = await askEmailChangeAsNewUser('raced-address-1', 'contested@example.test');
    await createUser(t.db, { email: 'contested@example.test' });
    expect(await open(confirmation)).toBe('/email-change?result=taken');
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it('an undo whose old address a confirmed account has now changes nothing', async () => {
    const { user, agent, confirmation } = await askEmailChangeAsNewUser('left-behind-1', 'moved-on@example.test');
    await open(confirmation);
    const undoLink = await t.lastLinkTo(user.email);
    await createUser(t.db, { email: user.email });
    const undo = await t.agent().post('/api/accounts/email-change/undo', { token: undoTokenIn(undoLink) });
    expect(undo.status).toBe(400);
    expect((await undo.json()).message).toBe(emailChangeMessages.undoTaken);
    expect(await emailOf(user.id)).toBe('moved-on@example.test');
    expect((await agent.request('/api/accounts/me')).status).toBe(200);
  });

  it('an undo reverses only the change it was mailed for', async () => {
    const { user, confirmation } = await askEmailChangeAsNewUser('exact-undo-1', 'exact-one@example.test');
    await open(confirmation);
    const undoLink = await t.lastLinkTo(user.email);
    await t.db.update(users).set({ email: 'elsewhere@example.test' }).where(eq(users.id, user.id));
    const undo = await t.agent().post('/api/accounts/email-change/undo', { token: undoTokenIn(undoLink) });
    expect(undo.status).toBe(400);
    expect(await emailOf(user.id)).toBe('elsewhere@example.test');
  });

  it('asking for an address that has an account revokes the pending change too', async () => {
    const taken = await createUser(t.db);
    const { agent, confirmation: pending } = await askEmailChangeAsNewUser(
      'second-thought-1',
      'first-choice@example.test',
    );
    const again = await agent.post('/api/accounts/change-email', {
      newEmail: taken.email,
      currentPassword: 'second-thought-1',
    });
    expect(again.status).toBe(200);
    expect(await open(pending)).toBe('/email-change?result=invalid');
  });

  it('a reset link’s use revokes the pending change before the new password is saved, even when refused', async () => {
    const { user: owner, confirmation } = await askEmailChangeAsNewUser('weak-reset-1', 'weak-reset@evil.test');
    const token = await requestReset(owner.email);
    expect((await resetWith(token, 'qwerty')).status).toBe(400);
    expect(await open(confirmation)).toBe('/email-change?result=invalid');
  });

  it('links go with a deleted account, and expired ones with the hourly sweep', async () => {
    const { user, agent, confirmation } = await askEmailChangeAsNewUser('leaving-soon-1', 'leaving@example.test');
    await open(confirmation);
    const linksOf = async () =>
      (await t.db.select({ value: verifications.value }).from(verifications)).filter((row) =>
        row.value.includes(user.id),
      );
    expect(await linksOf()).toHaveLength(1);
    const deleted = await agent.post('/api/accounts/me/delete', {
      password: 'leaving-soon-1',
      keepPublicContent: false,
    });
    expect(deleted.status).toBe(200);
    expect(await linksOf()).toHaveLength(0);

    await askEmailChangeAsNewUser('expiring-links-1', 'expiring@example.test');
    await t.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(like(verifications.identifier, 'email-change:%'));
    await pruneEmailChangeLinks(t.db);
    expect(
      await t.db.select().from(verifications).where(like(verifications.identifier, 'email-change:%')),
    ).toHaveLength(0);
  });
});

describe('who an e-mail change’s links act for', () => {
  it('a link changes the account it was made for, whoever opens it, and never the opener’s own', async () => {
    const { user: owner, confirmation } = await askEmailChangeAsNewUser('link-owner-1', 'owners-new@example.test');
    const stranger = await createUser(t.db, { password: 'link-stranger-1' });
    const asStranger = await signIn(stranger.email, 'link-stranger-1');
    const opened = await asStranger.request(confirmation);
    expect(opened.status).toBe(302);
    expect(await emailOf(owner.id)).toBe('owners-new@example.test');
    expect(await emailOf(stranger.id)).toBe(stranger.email);
    // The undo mailed to the owner's old address restores the owner's, and leaves the stranger signed in.
    const undo = await asStranger.post('/api/accounts/email-change/undo', {
      token: undoTokenIn(await t.lastLinkTo(owner.email)),
    });
    expect(undo.status).toBe(200);
    expect(await emailOf(owner.id)).toBe(owner.email);
    expect(await emailOf(stranger.id)).toBe(stranger.email);
    expect((await asStranger.request('/api/accounts/me')).status).toBe(200);
  });
});

describe('the e-mail change links’ rate limit', () => {
  it('refuses an address that opens too many links, confirmation and undo alike', async () => {
    const ip = '10.9.0.1';
    const unknown = `/api/accounts/email-change/confirm?token=${'b'.repeat(43)}`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt++) statuses.push((await t.agent().request(unknown, { ip })).status);
    expect(statuses).toEqual(Array(30).fill(302));
    expect((await t.agent().request(unknown, { ip })).status).toBe(429);
    const undo = await t.agent().post('/api/accounts/email-change/undo', { token: 'c'.repeat(43) }, { ip });
    expect(undo.status).toBe(429);
    expect(undo.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await t.agent().request(unknown, { ip: '10.9.0.2' })).status).toBe(302);
  });
});
