import type pg from 'pg';
import type { Database } from './client';

export type Listening = {
  close: () => Promise<void>;
  /**
   * Runs a statement on this connection, for what must live and end with it (session-level
   * advisory locks). Fails once the connection is released.
   */
  query: <Row extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<pg.QueryResult<Row>>;
};

/**
 * A pooled connection that LISTENs on `channels`. It is released exactly once: on close, or when
 * the connection is lost (then `onLost` runs). A second release would throw from inside pg's event
 * handler and take the process down, e.g. when PostgreSQL stops during shutdown.
 */
export async function listenOn(
  db: Database,
  channels: string | readonly string[],
  handlers: {
    onNotification: (payload: string | undefined, channel: string) => void;
    onLost: (error: Error) => void;
  },
): Promise<Listening> {
  const names = typeof channels === 'string' ? [channels] : channels;
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
  connection.on('notification', (message) => handlers.onNotification(message.payload, message.channel));
  connection.on('error', (error) => {
    if (release()) handlers.onLost(error);
  });
  try {
    // Channel names are our constants, never input.
    await connection.query(names.map((name) => `LISTEN ${name}`).join('; '));
  } catch (error) {
    release();
    throw error;
  }
  // One statement at a time: pg no longer queues a client's statements itself.
  let last: Promise<unknown> = Promise.resolve();
  const query = <Row extends pg.QueryResultRow>(text: string, values?: unknown[]) => {
    const next = last.then(() => {
      if (isReleased) throw new Error('the listening connection is released');
      return connection.query<Row>(text, values);
    });
    last = next.catch(() => undefined);
    return next;
  };
  return {
    close: async () => {
      if (isReleased) return;
      await query('UNLISTEN *').catch(() => undefined);
      release();
    },
    query,
  };
}
