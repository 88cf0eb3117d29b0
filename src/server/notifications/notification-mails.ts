import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { listenOn, type Listening } from '../db/listen';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { mailTemplates } from '../mail/templates';
import { hasBlocked } from '../visibility/blocks';
import {
  notificationActorJson,
  notificationListTitle,
  notificationText,
  type NotificationTextRow,
} from '../presenters';

// NOTIFYed after a queued mail commits (notify-after-commit.ts), to wake every process's dispatcher.
export const NOTIFICATION_MAIL_CHANNEL = 'ticklist_notification_mails';
const SWEEP_INTERVAL_MS = 30_000;
const MAX_ATTEMPTS = 5;

export type NotificationMailer = {
  /** Sends every queued mail that is due and resolves with how many were sent. One run at a time. */
  dispatchNow: () => Promise<number>;
  close: () => Promise<void>;
};

type QueuedMail = NotificationTextRow & {
  id: number;
  user_id: string;
  type: 'follow' | 'comment';
  link_path: string;
  attempts: number;
  email: string | null;
  is_wanted: boolean;
};

type Outcome = 'sent' | 'dropped' | 'failed' | 'empty';

/**
 * Empties the notification mail outbox (decision 009). Each mail is claimed in its own transaction
 * with FOR UPDATE SKIP LOCKED and deleted in it after sending, so dispatchers in several processes
 * share the queue and send each mail once. A crash before the commit leaves the row for a retry.
 * A LISTEN connection wakes it when a mail is queued; a sweep every 30 s covers missed wakes.
 */
export async function startNotificationMailer(options: {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  baseUrl: string;
  /** Only dispatchNow() sends: no LISTEN, no sweep. Tests use it to dispatch deterministically. */
  isManual?: boolean;
  /** How often the sweep sends what no wake-up sent, and listens again after a lost connection. */
  sweepIntervalMs?: number;
}): Promise<NotificationMailer> {
  const { db, mailer, logger, baseUrl } = options;
  let listening: Listening | null = null;
  let connecting: Promise<void> | null = null;
  let running: Promise<number> | null = null;
  let queued: Promise<number> | null = null;
  let isClosed = false;

  const compose = (mail: QueuedMail, to: string) => {
    const content = {
      // Made now, as the notification is when read: an actor who has made their profile private
      // since the mail was queued is not named in it.
      message: notificationText(mail, mail.user_id),
      url: `${baseUrl}${mail.link_path}`,
      settingsUrl: `${baseUrl}/me?tab=settings`,
    };
    return mail.type === 'follow' ? mailTemplates.newFollower(to, content) : mailTemplates.newComment(to, content);
  };

  const remove = (tx: Executor, id: number) => tx.execute(sql`delete from notification_mails where id = ${id}`);

  const dispatchOne = (): Promise<Outcome> =>
    db.transaction(async (tx) => {
      // The address and the setting are read now, not when queued: either may have changed since.
      const result = await tx.execute<QueuedMail>(sql`
        select n.id, n.user_id, n.kind as type, n.message, n.link_path, n.attempts, u.email,
               ${notificationActorJson} as actor, ${notificationListTitle} as checklist_title,
               -- A mail queued before its recipient blocked its sender is not sent either.
               coalesce(p.email_notifications, false) and not ${hasBlocked(sql`n.user_id`, sql`n.actor_id`)} as is_wanted
        from notification_mails n
        join users u on u.id = n.user_id
        left join profiles p on p.id = n.user_id
        where n.next_attempt_at <= now()
        order by n.id
        limit 1
        for update of n skip locked`);
      const mail = result.rows[0];
      if (!mail) return 'empty';
      if (!mail.is_wanted || !mail.email) {
        await remove(tx, mail.id);
        return 'dropped';
      }
      try {
        await mailer.send(compose(mail, mail.email));
      } catch (error) {
        const attempts = mail.attempts + 1;
        if (attempts >= MAX_ATTEMPTS) {
          logger.error({ err: error, mailId: mail.id, attempts }, 'notification mail not sent; giving up');
          await remove(tx, mail.id);
        } else {
          logger.warn({ err: error, mailId: mail.id, attempts }, 'notification mail not sent; will retry');
          // Backs off 2, 4, 8, 16 minutes, so a broken SMTP server is not hammered.
          await tx.execute(sql`
            update notification_mails
            set attempts = ${attempts}, next_attempt_at = now() + interval '1 minute' * power(2, ${attempts})
            where id = ${mail.id}`);
        }
        return 'failed';
      }
      await remove(tx, mail.id);
      return 'sent';
    });

  const drain = async (): Promise<number> => {
    let sent = 0;
    for (;;) {
      if (isClosed) return sent;
      const outcome = await dispatchOne();
      if (outcome === 'empty') return sent;
      if (outcome === 'sent') sent += 1;
    }
  };

  // A wake during a run queues one more run (it may have missed the new row); more wakes join that one.
  const dispatchNow = (): Promise<number> => {
    if (!running) {
      running = drain().finally(() => {
        running = null;
      });
      return running;
    }
    queued ??= running
      .catch(() => 0)
      .then(() => {
        queued = null;
        return dispatchNow();
      });
    return queued;
  };

  const wake = () => {
    if (isClosed) return;
    dispatchNow().catch((error: unknown) => logger.warn({ err: error }, 'notification mails: dispatch failed'));
  };

  const listen = (): Promise<void> => {
    connecting ??= (async () => {
      let isLost = false;
      const opened = await listenOn(db, NOTIFICATION_MAIL_CHANNEL, {
        onNotification: wake,
        onLost: (error) => {
          // The next sweep listens again; until then the sweep alone sends.
          logger.warn({ err: error }, 'notification mails: listener lost its connection');
          isLost = true;
          listening = null;
        },
      });
      if (!isLost) listening = opened;
    })()
      .catch((error: unknown) => logger.warn({ err: error }, 'notification mails: cannot listen; sweeping only'))
      .finally(() => {
        connecting = null;
      });
    return connecting;
  };

  let sweepTimer: NodeJS.Timeout | undefined;
  if (!options.isManual) {
    await listen();
    sweepTimer = setInterval(() => {
      if (!listening && !isClosed) void listen();
      wake();
    }, options.sweepIntervalMs ?? SWEEP_INTERVAL_MS);
    sweepTimer.unref();
    // Mail queued while no process was running (or left by a crash) goes out now.
    await dispatchNow().catch((error: unknown) => logger.warn({ err: error }, 'notification mails: dispatch failed'));
  }

  return {
    dispatchNow,
    close: async () => {
      isClosed = true;
      clearInterval(sweepTimer);
      await connecting;
      await listening?.close();
      listening = null;
      await Promise.all([running, queued].map((run) => run?.catch(() => 0)));
    },
  };
}
