import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/server/mail/mailer';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.mailer.send({
    to: 'first@example.test',
    subject: 'First',
    text: 'one http://localhost:3000/a',
    html: '<p>one</p>',
  });
  await t.mailer.send({
    to: 'second@example.test',
    subject: 'Second',
    text: 'two http://localhost:3000/b',
    html: '<p>two</p>',
  });
});

describe('the local outbox', () => {
  it('lists mail newest first as JSON to the loopback address', async () => {
    const response = await t.agent().request('/dev/mailbox.json');
    expect(response.status).toBe(200);
    const mails = await response.json();
    expect(mails.map((mail: { to: string }) => mail.to)).toEqual(['second@example.test', 'first@example.test']);
    expect(Object.keys(mails[0]).sort()).toEqual(['html', 'sentAt', 'subject', 'text', 'to']);
  });

  it('shows a plain page to the loopback address', async () => {
    const response = await t.agent().request('/dev/mailbox', { ip: '::1' });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page.indexOf('Second')).toBeLessThan(page.indexOf('First'));
  });

  it('responds to nobody else', async () => {
    expect((await t.agent().request('/dev/mailbox.json', { ip: '192.168.1.20' })).status).toBe(404);
    expect((await t.agent().request('/dev/mailbox', { ip: '10.0.0.2' })).status).toBe(404);
  });

  it('responds to no request relayed by a proxy or addressed to another host name', async () => {
    expect(
      (await t.agent().request('/dev/mailbox.json', { headers: { 'x-forwarded-for': '203.0.113.9' } })).status,
    ).toBe(404);
    expect((await t.agent().request('/dev/mailbox.json', { headers: { forwarded: 'for=203.0.113.9' } })).status).toBe(
      404,
    );
    expect((await t.agent().request('http://rebound.example:3000/dev/mailbox.json')).status).toBe(404);
    expect((await t.agent().request('http://127.0.0.1:3000/dev/mailbox.json')).status).toBe(200);
  });

  it('responds to no forged Host: 127.0.0.1 from another machine', async () => {
    const forged = { ip: '203.0.113.9', headers: { host: '127.0.0.1' } };
    expect((await t.agent().request('http://127.0.0.1/dev/mailbox.json', forged)).status).toBe(404);
    expect((await t.agent().request('http://localhost:3000/dev/mailbox', forged)).status).toBe(404);
  });

  it('does not exist when mail goes over SMTP', async () => {
    const smtp = await createTestApp({ db: t.db, smtpUrl: 'smtp://127.0.0.1:2525' });
    expect((await smtp.agent().request('/dev/mailbox.json')).status).toBe(404);
  });

  it('does not exist with MAIL_OUTBOX=allow, even on localhost', async () => {
    const allowed = await createTestApp({ db: t.db, mailOutbox: 'allow' });
    expect((await allowed.agent().request('/dev/mailbox.json')).status).toBe(404);
    expect((await allowed.agent().request('/dev/mailbox')).status).toBe(404);
  });

  it('does not exist on a public BASE_URL, even asked from the loopback address', async () => {
    const site = await createTestApp({ db: t.db, baseUrl: 'https://ticklist.example', mailOutbox: 'allow' });
    expect((await site.agent().request('/dev/mailbox.json')).status).toBe(404);
    expect((await site.agent().request('http://127.0.0.1:3000/dev/mailbox.json')).status).toBe(404);
  });
});

describe('the outbox log line', () => {
  const logged = async (mailOutbox?: 'allow') => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const mailer = createMailer(
      { smtpUrl: undefined, mailFrom: 'x@ticklist.local', hasDevMailbox: !mailOutbox },
      t.db,
      logger,
    );
    await mailer.send({
      to: 'log@example.test',
      subject: 'Log',
      text: 'go http://localhost:3000/secret-link',
      html: '',
    });
    return lines.join('');
  };

  it('carries the link on a developer machine only', async () => {
    expect(await logged()).toContain('http://localhost:3000/secret-link');
    const allowed = await logged('allow');
    expect(allowed).toContain('mail kept in the local outbox');
    expect(allowed).not.toContain('secret-link');
  });
});
