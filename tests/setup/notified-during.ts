import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import { listenOn } from '../../src/server/db/listen';

/**
 * The payloads NOTIFYed on `channel` while `act` runs, up to a marker sent after it: PostgreSQL
 * delivers notifications in commit order, so the marker comes after every NOTIFY `act` made.
 */
export async function notifiedDuring(db: Database, channel: string, act: () => Promise<void>): Promise<string[]> {
  const heard: string[] = [];
  let markerSeen: () => void = () => undefined;
  const marker = new Promise<void>((resolve) => (markerSeen = resolve));
  const listening = await listenOn(db, channel, {
    onNotification: (payload) => {
      if (payload === 'marker') markerSeen();
      else heard.push(payload ?? '');
    },
    onLost: () => undefined,
  });
  try {
    await act();
    await db.execute(sql`select pg_notify(${channel}, 'marker')`);
    await marker;
  } finally {
    await listening.close();
  }
  return heard;
}
