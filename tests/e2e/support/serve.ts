// Serves the built app for the end-to-end tests: a fresh embedded PostgreSQL in .e2e-data (its URL
// written beside it so test fixtures can use the shared factories), then dist/server/main.js on it.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { startEmbeddedPostgres } from '../../../src/server/db/embedded-postgres';
import { E2E_DATA_DIR, E2E_DATABASE_URL_FILE, E2E_PORT } from './paths';

const port = String(E2E_PORT);
rmSync(E2E_DATA_DIR, { recursive: true, force: true });
mkdirSync(E2E_DATA_DIR, { recursive: true });
const database = await startEmbeddedPostgres(path.join(E2E_DATA_DIR, 'db'), pino({ level: 'warn' }));
writeFileSync(E2E_DATABASE_URL_FILE, database.url);

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
  },
});

let isStopping = false;
const stop = async (code: number) => {
  if (isStopping) return;
  isStopping = true;
  app.kill('SIGTERM');
  await new Promise((resolve) => (app.exitCode === null ? app.once('exit', resolve) : resolve(null)));
  await database.stop();
  process.exit(code);
};
app.on('exit', (code) => void stop(code ?? 1));
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
