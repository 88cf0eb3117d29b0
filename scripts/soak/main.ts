// `npm run soak -- [--minutes 10] [--rate 30] [--streams 200]`
//
// A soak you can run: two built app processes (apps.ts) on one throwaway embedded PostgreSQL
// (database.ts), a mixed workload at a fixed overall rate (workload.ts, run.ts: browse, search,
// detail, sign-in, completions, likes, comments, follows, creates, edits) from many signed-in users
// (client.ts), N notification streams held open and reopened after 1–10 s when they end, as the
// browser does (streams.ts), and one restart of the database half-way through. Prints a row a
// minute (report.ts): the responses that arrived in it (stream opens included; p95 over the other
// requests), by status, the streams open at its end, how many were opened, ended by the server,
// and `unread` events received, and each app process's RSS. At the end it checks every
// acknowledged write in the database (verify.ts). Exits 1 on a lost write, on an error other than
// 503 while the database was away, on another 5xx (or no response) outside it, or when an app
// process died or did not stop with 0 on SIGTERM. Loopback only; everything it starts it stops,
// also on Ctrl-C (interrupt.ts).
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { hashPassword } from '../../src/server/accounts/password-hash';
import { applyMigrations, connectDatabase } from '../../src/server/db/client';
import { createUser } from '../../src/server/seed/factories';
import { clientAddress } from '../shared/signed-in-client';
// @ts-expect-error: a plain ES module without types, shared with `npm start`
import { build, isBuildFresh } from '../build.mjs';
import { appRssMiB, apps, findFreePort, startApp, stopApp, waitUntilReady } from './apps';
import { sessions, signIn, TRUSTED_PROXIES, users } from './client';
import { runningDatabase, startDatabase, stopDatabase } from './database';
import { checkInterrupted, handleSignals, wasInterrupted } from './interrupt';
import { createList, lists, readDetail } from './lists';
import {
  FIRST_SIGN_INS,
  LISTS_PER_FIRST_USER,
  minutes,
  rate,
  STOP_TIMEOUT_MS,
  streamCount,
  USER_COUNT,
} from './options';
import { setupMinute, startTimedMinutes } from './record';
import { failures, printRow, printTableHead, printVerdict } from './report';
import { runLoad } from './run';
import { closeStreams, holdStream, stopReopening } from './streams';
import { verifyWrites } from './verify';

const root = mkdtempSync(path.join(os.tmpdir(), 'ticklist-soak-'));
chmodSync(root, 0o755); // the embedded PostgreSQL runs as another user when we are root
const databaseDir = path.join(root, 'db');
const appDataDir = path.join(root, 'app');
mkdirSync(appDataDir);
handleSignals();

try {
  // As `npm start` does: the soak measures the code in the tree, never an older build.
  if (!isBuildFresh()) {
    console.log('The build in dist/ is missing or older than the source: building...');
    await build();
  }
  checkInterrupted();
  const databasePort = await findFreePort();
  const databaseUrl = (await startDatabase(databaseDir, databasePort)).url;
  const setupDb = connectDatabase(databaseUrl);
  try {
    await applyMigrations(setupDb);
    const password = 'correct-horse-battery-soak';
    const passwordHash = await hashPassword(password); // once: argon2 is slow on purpose
    for (let index = 0; index < USER_COUNT; index++) {
      const user = await createUser(setupDb, { username: `soak_${index}`, password, passwordHash });
      users.push({ ...user, creates: 0, comments: 0, address: clientAddress(users.length + 1), recent: new Map() });
    }
  } finally {
    await setupDb.$client.end();
  }
  checkInterrupted();

  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: appDataDir,
    // Both processes sign the session cookie with the same secret, as a deployment's would.
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    TRUSTED_PROXIES,
    // Two single processes on two ports, each one's RSS measured (not two clusters of workers).
    WEB_CONCURRENCY: '1',
  };
  const [firstPort, secondPort] = [await findFreePort(), await findFreePort()];
  apps.push(startApp(0, firstPort, env), startApp(1, secondPort, env));
  await Promise.all(apps.map(waitUntilReady));
  console.log(
    `Soak: ${minutes} min at ${rate} req/s over 2 app processes (${apps.map((app) => app.baseUrl).join(', ')}), ` +
      `${streamCount} streams, ${USER_COUNT} users; PostgreSQL on 127.0.0.1:${databasePort}, restarted at ${minutes / 2} min.`,
  );
  console.log(`RSS before load: ${apps.map((app) => `${appRssMiB(app).toFixed(0)} MiB`).join(', ')}`);

  printTableHead();
  for (const user of users.slice(0, FIRST_SIGN_INS)) await signIn(user);
  if (sessions.length === 0) throw new Error('no user could sign in');
  await Promise.all(
    sessions.flatMap((session) => Array.from({ length: LISTS_PER_FIRST_USER }, () => createList(session))),
  );
  await Promise.all(lists.map((list) => readDetail(list)));
  printRow('setup', setupMinute(), `${sessions.length} signed in, ${lists.length} lists created`);
  startTimedMinutes();
  checkInterrupted();
  const streamsHeld = Array.from({ length: streamCount }, (_, slot) => holdStream(slot));
  await runLoad();
  stopReopening();
  checkInterrupted();

  const lost = await verifyWrites(runningDatabase()?.url ?? databaseUrl);
  if (lost > 0) failures.push(`${lost} acknowledged writes were not in the database`);

  const stops = await Promise.all(apps.map(stopApp));
  stops.forEach((problem, index) => problem && failures.push(`app ${index + 1} ${problem}`));
  closeStreams();
  await Promise.race([Promise.all(streamsHeld), sleep(5_000)]);
} catch (error) {
  failures.push(
    wasInterrupted() ? 'interrupted' : `the soak stopped: ${error instanceof Error ? error.stack : String(error)}`,
  );
} finally {
  stopReopening();
  closeStreams();
  for (const app of apps) {
    if (app.child.exitCode === null && app.child.signalCode === null) {
      app.isStopping = true;
      app.child.kill('SIGTERM');
      await Promise.race([app.exit, sleep(STOP_TIMEOUT_MS)]);
      app.child.kill('SIGKILL');
    }
  }
  await stopDatabase();
  rmSync(root, { recursive: true, force: true });
}

process.exit(printVerdict());
