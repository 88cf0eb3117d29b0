import { z } from 'zod';
import { EMAIL_CHANGE_UNDO_DAYS } from './lifetimes';

/**
 * The links of an e-mail change: the confirmation mailed to the new address, which lands on the
 * e-mail change page with its result, and the undo mailed to the old address, which opens that
 * page with a button (a mail scanner that follows links must not undo anything).
 */
export const EMAIL_CHANGE_PAGE = '/email-change';

export const emailChangeResults = ['confirmed', 'invalid', 'taken'] as const;
export type EmailChangeResult = (typeof emailChangeResults)[number];

export const emailChangeResultPath = (result: EmailChangeResult) => `${EMAIL_CHANGE_PAGE}?result=${result}`;
export const emailChangeUndoPath = (token: string) => `${EMAIL_CHANGE_PAGE}?undo=${encodeURIComponent(token)}`;

export const emailChangeMessages = {
  confirmed: 'Your email address has been changed.',
  invalid: 'This link is invalid or has expired.',
  taken: 'That email address now belongs to another account, so your email address was not changed.',
  undoTitle: 'Restore your previous email address',
  undoExplained:
    'If you did not change the email address of your Ticklist account, restore the previous one. Every device is signed out and your password is replaced: we send a link to choose a new one to the restored address.',
  undoButton: 'Restore my previous email address',
  undone:
    'Your previous email address is restored and every device is signed out. Check that inbox for a link to choose a new password.',
  undoTaken: 'Your previous email address now belongs to another account, so it cannot be restored.',
  undoExpires: `This link works for ${EMAIL_CHANGE_UNDO_DAYS} days after the change.`,
  /** While the last change can be undone from the old address, the address stays as it is. */
  changedRecently: (until: Date) =>
    `Your email address was changed recently. You can change it again after ${until.toLocaleString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
    })} UTC.`,
};

const tokenSchema = z
  .string({ error: emailChangeMessages.invalid })
  .regex(/^[A-Za-z0-9_-]{20,200}$/, emailChangeMessages.invalid);

/** What a confirmation link carries in its query, and what the undo page posts: the link's token. */
export const emailChangeLinkSchema = z.object({ token: tokenSchema });
