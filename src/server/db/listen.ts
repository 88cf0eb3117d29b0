import type { Database } from './client';

export type Listening = { close: () => Promise<void> };

/**
 * A pooled connection that LISTENs on `channel`. It is released exactly once: on close, or when
 * the connection is lost (then `onLost` runs). A second release would throw from inside pg's event
 * handler and take the process down, e.g. when PostgreSQL stops during shutdown.
 */
export async function listenOn(
  db: Database,
  channel: string,
  handlers: { onNotification: (payload: string | undefined) => void; onLost: (error: Error) => void },
): Promise<Listening> {
  const connection = await db.$client.connect();
  let isReleased = false;
  const release = () => {
    if (isReleased) return false;
    isReleased = true;
    connection.removeAllListeners('notification');
    // Destroyed, not returned to the pool: a connection that listened is not reused for queries.
    connection.release(true);
    return true;
  };
  connection.on('notification', (message) => handlers.onNotification(message.payload));
  connection.on('error', (error) => {
    if (release()) handlers.onLost(error);
  });
  try {
    // Channel names are our constants, never input.
    await connection.query(`LISTEN ${channel}`);
  } catch (error) {
    release();
    throw error;
  }
  return {
    close: async () => {
      if (isReleased) return;
      await connection.query(`UNLISTEN ${channel}`).catch(() => undefined);
      release();
    },
  };
}
