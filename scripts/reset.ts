// `npm run db:reset -- --yes`: deletes the local data directory (embedded database, outbox, auth
// secret). The next `npm start` creates everything afresh with demo content.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { loadEnv } from '../src/server/env';

const env = loadEnv();
if (env.databaseUrl) {
  console.error('db:reset only wipes the local embedded database; DATABASE_URL is set, so nothing was done.');
  process.exit(1);
}
if (!process.argv.includes('--yes')) {
  console.error(
    `This deletes everything in ${env.dataDir}. Run again with --yes to confirm:\n  npm run db:reset -- --yes`,
  );
  process.exit(1);
}
const lock = path.join(env.dataDir, 'ticklist.lock');
if (existsSync(lock)) {
  const pid = Number.parseInt(readFileSync(lock, 'utf8'), 10);
  try {
    process.kill(pid, 0);
    console.error(`Ticklist is running (pid ${pid}) on ${env.dataDir}. Stop it first.`);
    process.exit(1);
  } catch {
    // A lock left by a process that has gone: safe to wipe.
  }
}
rmSync(env.dataDir, { recursive: true, force: true });
console.log(`Deleted ${env.dataDir}. The next npm start creates a fresh database with demo content.`);
