import { desc } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Env } from '../env';
import type { Logger } from '../logger';

export type Mail = { to: string; subject: string; text: string; html: string };
export type OutboxMail = Mail & { sentAt: string };

export type Mailer = {
  /** true when mail is kept in the local outbox instead of being sent over SMTP. */
  isOutbox: boolean;
  send: (mail: Mail) => Promise<void>;
  /** Sends without making the caller wait; a failure is logged. */
  sendInBackground: (mail: Mail) => void;
  /** Resolves when every background send has finished (used by tests and shutdown). */
  idle: () => Promise<void>;
  /** The outbox, newest first (empty with SMTP). */
  listOutbox: () => Promise<OutboxMail[]>;
};

const firstLink = (text: string) => text.match(/https?:\/\/\S+/)?.[0];

export function createMailer(
  env: Pick<Env, 'smtpUrl' | 'mailFrom' | 'hasDevMailbox'>,
  db: Database,
  logger: Logger,
): Mailer {
  const transport = createTransport(env, db, logger);
  const pending = new Set<Promise<void>>();
  return {
    ...transport,
    sendInBackground: (mail) => {
      const sending = transport
        .send(mail)
        .catch((error: unknown) => logger.error({ err: error, to: mail.to, subject: mail.subject }, 'mail not sent'))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    idle: async () => {
      await Promise.all([...pending]);
    },
  };
}

function createTransport(
  env: Pick<Env, 'smtpUrl' | 'mailFrom' | 'hasDevMailbox'>,
  db: Database,
  logger: Logger,
): Pick<Mailer, 'isOutbox' | 'send' | 'listOutbox'> {
  if (env.smtpUrl) {
    const transport = nodemailer.createTransport(env.smtpUrl);
    return {
      isOutbox: false,
      send: async (mail) => {
        await transport.sendMail({ from: env.mailFrom, ...mail });
        logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      listOutbox: async () => [],
    };
  }
  return {
    isOutbox: true,
    send: async (mail) => {
      await db.insert(mailOutbox).values(mail);
      // On a developer's machine, one line per mail with its link, so an account can be confirmed
      // from the log. Elsewhere (MAIL_OUTBOX=allow) a log is read by more people than the mail's
      // addressee: the link stays out of it.
      const link = env.hasDevMailbox ? firstLink(mail.text) : undefined;
      logger.info({ to: mail.to, subject: mail.subject, ...(link ? { link } : {}) }, 'mail kept in the local outbox');
    },
    listOutbox: async () => {
      const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.sentAt), desc(mailOutbox.id)).limit(200);
      return rows.map((row) => ({
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        sentAt: row.sentAt.toISOString(),
      }));
    },
  };
}
