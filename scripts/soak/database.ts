// The soak's throwaway database, and the fault it injects: one stop of the database half-way
// through, started again after OUTAGE_MS, with the outage's window recorded for the verdict.
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/server/db/embedded-postgres';
import { OUTAGE_MS, RECOVERY_GRACE_MS } from './options';
import { now, outage } from './record';

const databaseLogger = pino({ level: 'warn' });
let database: EmbeddedDatabase | undefined;
let place = { dir: '', port: 0 };

/** Starts the database in `dir` on `port`; a restart keeps both, so the apps find it again. */
export async function startDatabase(dir: string, port: number): Promise<EmbeddedDatabase> {
  place = { dir, port };
  database = await startEmbeddedPostgres(dir, databaseLogger, { port });
  return database;
}

/** The database running now, if any (none during the outage). */
export const runningDatabase = () => database;

export async function restartDatabase(log: (note: string) => void) {
  outage.stoppedAt = now();
  log(`database stopped at ${(outage.stoppedAt / 1000).toFixed(0)} s`);
  await database!.stop();
  database = undefined;
  await sleep(OUTAGE_MS);
  database = await startEmbeddedPostgres(place.dir, databaseLogger, { port: place.port });
  outage.startedAgainAt = now();
  outage.endsAt = outage.startedAgainAt + RECOVERY_GRACE_MS;
  log(`database back at ${(outage.startedAgainAt / 1000).toFixed(0)} s`);
}

export async function stopDatabase() {
  await database?.stop().catch(() => undefined);
}
