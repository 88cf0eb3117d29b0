import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Database } from '../db/client';
import { requireUser, type AppEnv } from '../http';
import type { NotificationHub } from './live';
import { countUnread } from './notifications.queries';

// Spec §9: the realtime heartbeat is 25 s (it also keeps proxies from closing an idle stream).
export const HEARTBEAT_MS = 25_000;
/** The reconnect delay a closing stream asks of the browser's EventSource. */
export const RECONNECT_HINT_MS = 1_000;

/**
 * GET /api/notifications/stream: Server-Sent Events for the signed-in user. It sends `unread`
 * with the current count at once and again whenever the user's notifications change, from
 * whichever app process served the change, and a `ping` every 25 s.
 */
export function notificationStreamRoutes({ db, hub }: { db: Database; hub: NotificationHub }) {
  return new Hono<AppEnv>().get('/notifications/stream', requireUser(), async (c) => {
    const { user } = c.var;
    c.header('Cache-Control', 'no-store, no-transform');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let isOpen = true;
      const send = (unread: number) =>
        stream.writeSSE({ event: 'unread', data: JSON.stringify({ unread }) }).catch(() => undefined);
      const unsubscribe = await hub.subscribe(user.id, {
        onUnread: (unread) => void send(unread),
        // The process is stopping: ask the browser to come back soon (to another process), then end.
        onEnd: () => {
          isOpen = false;
          void stream
            .writeSSE({ event: 'reconnect', data: '', retry: RECONNECT_HINT_MS })
            .catch(() => undefined)
            .finally(() => void stream.close());
        },
      });
      stream.onAbort(() => {
        isOpen = false;
        unsubscribe();
      });
      await send(await countUnread(db, user.id));
      while (isOpen) {
        await stream.sleep(HEARTBEAT_MS);
        if (isOpen) await stream.writeSSE({ event: 'ping', data: '' }).catch(() => undefined);
      }
    });
  });
}
