import { SUSPENSION_MAIL_SUBJECT, suspensionMailLines } from '@/domain/moderation/suspensions';
import { layout } from '../mail/templates';
import type { Mail } from '../mail/mailer';

/** The e-mail a suspended user is sent: that they are suspended, until when, and why. */
export function suspensionMail(to: string, until: Date | null, reason: string): Mail {
  return layout(to, SUSPENSION_MAIL_SUBJECT, suspensionMailLines(until, reason), null);
}
