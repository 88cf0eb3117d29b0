import { EMAIL_CHANGE_UNDO_DAYS } from '@/domain/accounts/lifetimes';
import type { Mail } from './mailer';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * A subject is one header line: a line break in it (from a list's title or a person's name) would
 * start a header of the mail's own. Every line break and control character becomes a space.
 */
export function oneLineSubject(subject: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point.
  return subject.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
}

export function layout(
  to: string,
  subject: string,
  lines: string[],
  action: { label: string; url: string } | null,
  footer: string[] = [],
): Mail {
  const text = [
    ...lines,
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
    ...(footer.length ? ['', ...footer] : []),
    '',
    '— Ticklist',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#4f46e5">Ticklist</h1>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#6b7280">${escapeHtml(action.url)}</p>` : ''}
${footer.map((line) => `<p style="font-size:12px;color:#6b7280">${escapeHtml(line)}</p>`).join('\n')}
</body></html>`;
  return { to, subject: oneLineSubject(subject), text, html };
}

/** A notification mail: the in-app message, its link, and how to stop these mails (issue: opt-out in Settings). */
type NotificationMail = { message: string; url: string; settingsUrl: string };

const notificationFooter = (settingsUrl: string) => [
  'We send at most one email like this an hour; the rest wait in your notifications.',
  `You can turn these emails off in Settings: ${settingsUrl}`,
];

export const mailTemplates = {
  confirmEmail: (to: string, url: string) =>
    layout(
      to,
      'Confirm your email for Ticklist',
      ['Welcome to Ticklist!', 'Please confirm your email address to finish creating your account.'],
      { label: 'Confirm email', url },
    ),
  confirmNewEmail: (to: string, url: string) =>
    layout(
      to,
      'Confirm your new email for Ticklist',
      ['You asked to use this address for your Ticklist account. Confirm it to complete the change.'],
      { label: 'Confirm new email', url },
    ),
  resetPassword: (to: string, url: string) =>
    layout(
      to,
      'Reset your Ticklist password',
      [
        'Someone (hopefully you) asked to reset the password of your Ticklist account.',
        'The link works for one hour. If you did not ask for this, you can ignore this email.',
      ],
      { label: 'Reset password', url },
    ),
  existingAccount: (to: string, loginUrl: string) =>
    layout(
      to,
      'You already have a Ticklist account',
      [
        'Someone tried to create a Ticklist account with this email address, which already has one.',
        'If it was you, sign in instead, or reset your password from the sign-in page.',
      ],
      { label: 'Sign in', url: loginUrl },
    ),
  emailChangeNotice: (to: string, newEmail: string, resetUrl: string) =>
    layout(
      to,
      'Your Ticklist email address is being changed',
      [
        `Someone signed in to your Ticklist account asked to change its email address to ${newEmail}, and your other devices were signed out.`,
        'The change takes effect when the link sent to the new address is opened.',
        'If it was not you, reset your password now: that signs out every device and cancels the change.',
      ],
      { label: 'Reset your password', url: resetUrl },
    ),
  emailChanged: (to: string, newEmail: string, undoUrl: string) =>
    layout(
      to,
      'Your Ticklist email address was changed',
      [
        `The email address of your Ticklist account is now ${newEmail}. We will not write to this address any more.`,
        `If it was not you, restore this address within ${EMAIL_CHANGE_UNDO_DAYS} days: every device is signed out and you choose a new password.`,
      ],
      { label: 'Restore my email address', url: undoUrl },
    ),
  newFollower: (to: string, mail: NotificationMail) =>
    layout(
      to,
      mail.message,
      [`${mail.message} on Ticklist.`],
      { label: 'See their profile', url: mail.url },
      notificationFooter(mail.settingsUrl),
    ),
  newComment: (to: string, mail: NotificationMail) =>
    layout(
      to,
      mail.message,
      [`${mail.message}.`],
      { label: 'Read the comment', url: mail.url },
      notificationFooter(mail.settingsUrl),
    ),
};
