import { describe, expect, it } from 'vitest';
import { mailTemplates, oneLineSubject } from './templates';

const links = { url: 'http://localhost:3000/x', settingsUrl: 'http://localhost:3000/settings' };

describe('mail subjects', () => {
  it('carry no line break from a title or a name put into them', () => {
    const mail = mailTemplates.newComment('to@example.test', {
      ...links,
      message: 'Maya commented on "Packing\r\nBcc: victim@example.test"',
    });
    expect(mail.subject).toBe('Maya commented on "Packing Bcc: victim@example.test"');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    // The body keeps the words as they were: it is not a header.
    expect(mail.text).toContain('Packing\r\nBcc');
  });

  it('turn every kind of line break and control character into one space', () => {
    expect(oneLineSubject('a\nb\rc\u2028d\u2029e\u0085f\tg\u0000h')).toBe('a b c d e f g h');
    expect(oneLineSubject('Someone\r\n\r\nfollows you\n')).toBe('Someone follows you');
    expect(oneLineSubject('Confirm your email for Ticklist')).toBe('Confirm your email for Ticklist');
  });
});
