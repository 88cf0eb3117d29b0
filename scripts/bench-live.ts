// `npm run bench:live -- [--likes 50] [--streams 2000]`
//
// Measures live notifications end to end against a real app process on a throwaway embedded
// PostgreSQL: the time from a like (served by one process) to the `unread` event on the author's
// stream (held by a second process), over N likes; and the memory of one process holding M open
// streams. A measurement, not a test.
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { applyMigrations, connectDatabase } from '../src/server/db/client';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres';
import { makeChecklist, createUser, type CreatedUser } from '../src/server/seed/factories';
import { freePort, startServerProcess, type ServerProcess } from '../tests/setup/server-process';

const flag = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const likes = flag('likes', 50);
const streams = flag('streams', 2000);

const rssMiB = (pid: number) => {
  const kb = Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)![1]);
  return kb / 1024;
};
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function signIn(server: ServerProcess, user: CreatedUser): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Resolves with each `unread` event's arrival time, in order. */
function watchUnread(body: ReadableStream<Uint8Array>, onEvent: (at: number) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop() ?? '';
      for (const block of blocks) if (/^event: unread$/m.test(block)) onEvent(performance.now());
    }
  })();
  return reader;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'ticklist-bench-live-'));
chmodSync(dir, 0o755);
const database = await startEmbeddedPostgres(dir, pino({ level: 'silent' }));
const db = connectDatabase(database.url);
const servers: ServerProcess[] = [];
try {
  await applyMigrations(db);
  const author = await createUser(db, { username: 'bench_author' });
  const fan = await createUser(db, { username: 'bench_fan' });
  const list = await makeChecklist(db, author.id);
  const env = {
    DATABASE_URL: database.url,
    AUTH_SECRET: 'bench-live-secret-bench-live-secret-01',
    DATA_DIR: dir,
    LOG_LEVEL: 'info',
  };
  servers.push(await startServerProcess(env, await freePort()), await startServerProcess(env, await freePort()));
  const [likeServer, streamServer] = servers as [ServerProcess, ServerProcess];

  const authorCookie = await signIn(streamServer, author);
  const fanCookie = await signIn(likeServer, fan);
  const stream = await fetch(`${streamServer.baseUrl}/api/notifications/stream`, { headers: { cookie: authorCookie } });
  const arrivals: number[] = [];
  let waiting: ((at: number) => void) | null = null;
  const reader = watchUnread(stream.body!, (at) => (waiting ? (waiting(at), (waiting = null)) : arrivals.push(at)));
  await new Promise((resolve) => setTimeout(resolve, 300)); // the first event: the current count

  const latencies: number[] = [];
  for (let index = 0; index < likes; index++) {
    const method = index % 2 === 0 ? 'PUT' : 'DELETE';
    const arrived = new Promise<number>((resolve) => (waiting = resolve));
    const started = performance.now();
    await fetch(`${likeServer.baseUrl}/api/checklists/${list.id}/like`, {
      method,
      headers: { cookie: fanCookie, origin: likeServer.baseUrl },
    });
    latencies.push((await arrived) - started);
  }
  await reader.cancel();
  latencies.sort((a, b) => a - b);
  console.log(
    `Like → badge event across two processes, ${likes} likes/unlikes: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`,
  );

  // tsx runs the server in a child node process; measure that one.
  const children = readFileSync(`/proc/${streamServer.child.pid}/task/${streamServer.child.pid}/children`, 'utf8')
    .trim()
    .split(/\s+/);
  const pid = Number(children[0]) || streamServer.child.pid!;
  const before = rssMiB(pid);
  const readers: ReadableStreamDefaultReader<Uint8Array>[] = [];
  for (let index = 0; index < streams; index++) {
    const response = await fetch(`${streamServer.baseUrl}/api/notifications/stream`, {
      headers: { cookie: authorCookie },
    });
    readers.push(watchUnread(response.body!, () => undefined));
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const open = await fetch(`${streamServer.baseUrl}/api/health`).then(() => readers.length);
  const after = rssMiB(pid);
  console.log(`(${open} streams opened)`);
  console.log(
    `One process holding ${streams} open streams: RSS ${before.toFixed(0)} MiB before, ${after.toFixed(0)} MiB after (+${(((after - before) * 1024) / streams).toFixed(1)} KiB a stream)`,
  );
  await Promise.all(readers.map((each) => each.cancel().catch(() => undefined)));
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  await db.$client.end();
  await database.stop();
  rmSync(dir, { recursive: true, force: true });
}
