import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Database } from '../db/client';
import { requireUser, tooManyRequests, type AppEnv } from '../http';
import { rateLimitAddress } from '../security/client-address';
import { MAX_ORDERED_STREAM_AGE_MS, type NotificationHub } from './live';
import { countUnread } from './notifications.queries';

// A stream's heartbeat is 25 s: the browser sees a dead stream soon, and proxies do not close an idle one.
export const HEARTBEAT_MS = 25_000;
/** The reconnect delay a closing stream asks of the browser's EventSource. */
export const RECONNECT_HINT_MS = 1_000;

/**
 * Bounds on the event streams. A user's sixth stream closes their oldest, on whichever app process
 * it is (a forgotten tab gives way, not the one just opened; decision 043); an address past its cap
 * on one process is refused (429); every stream ends after `maxAgeMs`, so the browser reconnects
 * through a fresh session check; the session is checked at each heartbeat.
 */
export type StreamLimits = { heartbeatMs: number; maxAgeMs: number; perUser: number; perAddress: number };

export const defaultStreamLimits: StreamLimits = {
  heartbeatMs: HEARTBEAT_MS,
  maxAgeMs: 60 * 60 * 1000,
  perUser: 5,
  perAddress: 20,
};

/**
 * Why a stream was ended for good (`closed` event): the client stops reconnecting. A stream ended
 * for its age or a stopping process gets `reconnect` instead.
 */
export type StreamClosedReason = 'signed_out' | 'too_many_streams';

type OpenStream = { userId: string; address: string; close: (reason: StreamClosedReason) => void };

/** Is the session this stream was opened with still there (not signed out, revoked or expired)? */
async function isSessionAlive(db: Database, sessionId: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 from sessions where id = ${sessionId} and expires_at > now()`);
  return result.rows.length > 0;
}

/**
 * GET /api/notifications/stream: Server-Sent Events for the signed-in user. It sends `unread`
 * with the current count at once and again whenever the user's notifications change, from
 * whichever app process served the change, and a `ping` every 25 s.
 */
export function notificationStreamRoutes({
  db,
  hub,
  limits = defaultStreamLimits,
}: {
  db: Database;
  hub: NotificationHub;
  limits?: StreamLimits;
}) {
  // A stream's place among its user's is ordered by a clock that wraps (decision 043).
  if (limits.maxAgeMs >= MAX_ORDERED_STREAM_AGE_MS)
    throw new Error(`maxAgeMs must be under ${MAX_ORDERED_STREAM_AGE_MS}`);
  // The streams this process holds, oldest first.
  const open: OpenStream[] = [];

  return new Hono<AppEnv>().get('/notifications/stream', requireUser(), async (c) => {
    const { user } = c.var;
    const address = rateLimitAddress(c.var.clientIp);
    if (open.filter((entry) => entry.address === address).length >= limits.perAddress) {
      return tooManyRequests(c, Math.ceil(limits.heartbeatMs / 1000));
    }
    c.header('Cache-Control', 'no-store, no-transform');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      const openedAt = Date.now();
      let isOpen = true;
      let wake: () => void = () => undefined;
      const self: OpenStream = { userId: user.id, address, close: (reason) => end('closed', reason) };
      const send = (unread: number) =>
        stream.writeSSE({ event: 'unread', data: JSON.stringify({ unread }) }).catch(() => undefined);
      const forget = () => {
        const index = open.indexOf(self);
        if (index >= 0) open.splice(index, 1);
      };
      let unsubscribe: () => void = () => undefined;
      /** Ends the stream: `reconnect` asks the browser to come back soon, `closed` to stay away. */
      const end = (event: 'reconnect' | 'closed', reason = '') => {
        if (!isOpen) return;
        isOpen = false;
        forget();
        unsubscribe();
        wake();
        const message =
          event === 'reconnect'
            ? { event, data: '', retry: RECONNECT_HINT_MS }
            : { event, data: JSON.stringify({ reason }) };
        ending = stream
          .writeSSE(message)
          .catch(() => undefined)
          .finally(() => void stream.close());
      };
      // The last event's write, which the handler waits for before it returns (and Hono closes).
      let ending: Promise<void> = Promise.resolve();

      // A user's streams beyond the cap on this process give way at once, the oldest first: free,
      // and it holds when the database cannot be asked. The hub then applies the cap to the user's
      // streams on every process (decision 043).
      open.push(self);
      const mine = open.filter((entry) => entry.userId === user.id);
      for (const oldest of mine.slice(0, Math.max(0, mine.length - limits.perUser))) oldest.close('too_many_streams');

      stream.onAbort(() => {
        isOpen = false;
        forget();
        unsubscribe();
        wake();
      });
      unsubscribe = await hub.subscribe(
        user.id,
        {
          onUnread: (unread) => void send(unread),
          // The process is stopping: ask the browser to come back soon (to another process), then end.
          onEnd: () => end('reconnect'),
          onDisplaced: () => self.close('too_many_streams'),
        },
        { perUser: limits.perUser },
      );
      // Ended (displaced, aborted, or the hub closed) while it subscribed: let its place go now.
      if (!isOpen) {
        unsubscribe();
        return ending;
      }
      await send(await countUnread(db, user.id));
      while (isOpen) {
        const age = Date.now() - openedAt;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(limits.heartbeatMs, Math.max(0, limits.maxAgeMs - age)));
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        if (!isOpen) break;
        // Every stream ends within the hour: the browser reconnects, through a fresh session check.
        if (Date.now() - openedAt >= limits.maxAgeMs) end('reconnect');
        // Signed out, password changed, revoked or expired: closed within one heartbeat.
        else if (!(await isSessionAlive(db, user.sessionId).catch(() => true))) end('closed', 'signed_out');
        else await stream.writeSSE({ event: 'ping', data: '' }).catch(() => undefined);
      }
      await ending;
    });
  });
}
