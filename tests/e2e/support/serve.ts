// Serves the built app for the end-to-end tests: a fresh embedded PostgreSQL in .e2e-data (its URL
// written beside it so test fixtures can use the shared factories), then dist/server/main.js on it.
// A loopback control port (E2E_CONTROL_PORT) lets the outage tests stop and start that database.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import pino from 'pino';
import { startEmbeddedPostgres } from '../../../src/server/db/embedded-postgres';
import { E2E_CONTROL_PORT, E2E_DATA_DIR, E2E_DATABASE_URL_FILE, E2E_PORT } from './paths';

const port = String(E2E_PORT);
rmSync(E2E_DATA_DIR, { recursive: true, force: true });
mkdirSync(E2E_DATA_DIR, { recursive: true });
const databaseDir = path.join(E2E_DATA_DIR, 'db');
const databaseLogger = pino({ level: 'warn' });
let database = await startEmbeddedPostgres(databaseDir, databaseLogger);
const databasePort = Number(new URL(database.url).port);
writeFileSync(E2E_DATABASE_URL_FILE, database.url);

// POST /database/stop stops PostgreSQL cleanly (no supervisor brings it back); POST /database/start
// starts it again on the same port, so the app's DATABASE_URL reaches it once more.
const control = createServer((request, response) => {
  const answer = (status: number) => response.writeHead(status).end();
  if (request.method !== 'POST') return answer(405);
  const action =
    request.url === '/database/stop'
      ? () => database.stop()
      : request.url === '/database/start'
        ? async () => {
            if (database.state() !== 'stopped') return;
            database = await startEmbeddedPostgres(databaseDir, databaseLogger, { port: databasePort });
          }
        : undefined;
  if (!action) return answer(404);
  action().then(
    () => answer(204),
    (error: unknown) => {
      console.error('e2e database control failed:', error);
      answer(500);
    },
  );
});
control.listen(E2E_CONTROL_PORT, '127.0.0.1');

const app = spawn(process.execPath, ['dist/server/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATABASE_URL: database.url,
    // The scenarios walk the demo content, which a DATABASE_URL start-up only seeds when asked.
    SEED_DEMO: '1',
    DATA_DIR: path.join(E2E_DATA_DIR, 'app'),
    PORT: port,
    BASE_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    // One process, as in every test (the outage scenarios stop and start the database under it).
    WEB_CONCURRENCY: '1',
    // The fixtures' sign-ins say which user's address they come from (fixtures.ts, nextUserAddress).
    TRUSTED_PROXIES: '127.0.0.1,::1',
  },
});

let isStopping = false;
const stop = async (code: number) => {
  if (isStopping) return;
  isStopping = true;
  app.kill('SIGTERM');
  control.close();
  await new Promise((resolve) => (app.exitCode === null ? app.once('exit', resolve) : resolve(null)));
  await database.stop();
  process.exit(code);
};
app.on('exit', (code) => void stop(code ?? 1));
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
