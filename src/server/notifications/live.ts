import type { Database } from '../db/client';
import { listenOn, type Listening } from '../db/listen';
import { restartDelay } from '../db/embedded-postgres';
import type { Logger } from '../logger';
import { countUnread } from './notifications.queries';

export const NOTIFICATION_CHANNEL = 'ticklist_notifications';

/** A stream's side of a subscription. */
export type Subscriber = {
  /** The user's unread count, whenever their notifications may have changed. */
  onUnread: (unread: number) => void;
  /** The hub is closing (the process stops): the stream should end and the client reconnect. */
  onEnd: () => void;
};

export type NotificationHub = {
  /** Tells `subscriber` the user's unread count whenever their notifications change. */
  subscribe: (userId: string, subscriber: Subscriber) => Promise<() => void>;
  /** Ends every stream (each is told to reconnect) and stops listening. */
  close: () => Promise<void>;
};

/**
 * One LISTEN connection per app process, shared by all of its streams. PostgreSQL delivers each
 * announcement (migration 0006) to every listening process, so a like served by one process
 * reaches a stream held by another. The connection is opened with the first stream. When it is
 * lost (the database restarts, fails over, or ends the session), the hub listens again with
 * back-off until it can, and then sends every open stream its count afresh, since announcements
 * made meanwhile were not heard.
 */
export function createNotificationHub(db: Database, logger: Logger): NotificationHub {
  const subscribers = new Map<string, Set<Subscriber>>();
  let listening: Listening | null = null;
  let connecting: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let isClosed = false;

  const sendCount = async (userId: string) => {
    const userSubscribers = subscribers.get(userId);
    if (!userSubscribers?.size) return;
    try {
      const unread = await countUnread(db, userId);
      for (const subscriber of userSubscribers) subscriber.onUnread(unread);
    } catch (error) {
      logger.warn({ err: error }, 'could not count unread notifications');
    }
  };

  const listen = (): Promise<void> => {
    connecting ??= (async () => {
      listening = await listenOn(db, NOTIFICATION_CHANNEL, {
        onNotification: (userId) => void (userId && sendCount(userId)),
        onLost: (error) => {
          logger.warn({ err: error.message }, 'notification listener lost its connection; listening again');
          listening = null;
          connecting = null;
          listenAgain(0);
        },
      });
    })().catch((error: unknown) => {
      connecting = null;
      throw error;
    });
    return connecting;
  };

  const listenAgain = (attempt: number) => {
    if (isClosed || subscribers.size === 0) return;
    retryTimer = setTimeout(() => {
      listen().then(
        async () => {
          logger.info({ attempt: attempt + 1 }, 'notification listener is listening again');
          for (const userId of [...subscribers.keys()]) await sendCount(userId);
        },
        () => listenAgain(attempt + 1),
      );
    }, restartDelay(attempt));
    retryTimer.unref();
  };

  return {
    subscribe: async (userId, subscriber) => {
      await listen();
      const userSubscribers = subscribers.get(userId) ?? new Set<Subscriber>();
      userSubscribers.add(subscriber);
      subscribers.set(userId, userSubscribers);
      return () => {
        userSubscribers.delete(subscriber);
        if (userSubscribers.size === 0) subscribers.delete(userId);
      };
    },
    close: async () => {
      isClosed = true;
      clearTimeout(retryTimer);
      for (const userSubscribers of subscribers.values()) for (const subscriber of userSubscribers) subscriber.onEnd();
      subscribers.clear();
      await connecting?.catch(() => undefined);
      await listening?.close();
      listening = null;
    },
  };
}
