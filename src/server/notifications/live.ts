import type { Database } from '../db/client';
import { listenOn, type Listening } from '../db/listen';
import type { Logger } from '../logger';
import { countUnread } from './notifications.queries';

export const NOTIFICATION_CHANNEL = 'ticklist_notifications';
const RELISTEN_DELAY_MS = 1000;

type Listener = (unread: number) => void;

export type NotificationHub = {
  /** Calls `listener` with the user's unread count whenever their notifications change. */
  subscribe: (userId: string, listener: Listener) => Promise<() => void>;
  close: () => Promise<void>;
};

/**
 * One LISTEN connection per app process, shared by all of its streams. PostgreSQL delivers each
 * announcement (migration 0006) to every listening process, so a like served by one process
 * reaches a stream held by another. The connection is opened with the first stream.
 */
export function createNotificationHub(db: Database, logger: Logger): NotificationHub {
  const listeners = new Map<string, Set<Listener>>();
  let listening: Listening | null = null;
  let connecting: Promise<void> | null = null;
  let isClosed = false;

  const onAnnouncement = async (userId: string | undefined) => {
    const userListeners = userId ? listeners.get(userId) : undefined;
    if (!userId || !userListeners?.size) return;
    try {
      const unread = await countUnread(db, userId);
      for (const listener of userListeners) listener(unread);
    } catch (error) {
      logger.warn({ err: error }, 'could not count unread notifications');
    }
  };

  const listen = (): Promise<void> => {
    connecting ??= (async () => {
      listening = await listenOn(db, NOTIFICATION_CHANNEL, {
        onNotification: (payload) => void onAnnouncement(payload),
        onLost: (error) => {
          logger.warn({ err: error }, 'notification listener lost its connection; listening again');
          listening = null;
          connecting = null;
          if (!isClosed && listeners.size > 0)
            setTimeout(() => void listen().catch(() => undefined), RELISTEN_DELAY_MS);
        },
      });
    })().catch((error: unknown) => {
      connecting = null;
      throw error;
    });
    return connecting;
  };

  return {
    subscribe: async (userId, listener) => {
      await listen();
      const userListeners = listeners.get(userId) ?? new Set<Listener>();
      userListeners.add(listener);
      listeners.set(userId, userListeners);
      return () => {
        userListeners.delete(listener);
        if (userListeners.size === 0) listeners.delete(userId);
      };
    },
    close: async () => {
      isClosed = true;
      listeners.clear();
      await connecting?.catch(() => undefined);
      await listening?.close();
      listening = null;
    },
  };
}
