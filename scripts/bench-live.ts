// `npm run bench:live -- [--likes 50] [--streams 2000]`
//
// Measures live notifications end to end against a real app process on a throwaway embedded
// PostgreSQL: the time from a like (served by one process) to the `unread` event on the author's
// stream (held by a second process), over N likes; and the memory of one process holding M open
// streams. A measurement, not a test.
//
// Each like is of another list, by fans that stay under the like quota (decision 017): a like or
// unlike of the same list within the hour does not notify the author again, so there would be no
// event to time. The M streams belong to M / 5 people, five each (the cap of streams a user), each person
// from an address of their own (the cap of 20 an address; the apps trust loopback as their proxy).
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { hashPassword } from '../src/server/accounts/password-hash';
import { applyMigrations, connectDatabase } from '../src/server/db/client';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres';
import { makeChecklist, createUser, type CreatedUser } from '../src/server/seed/factories';
import { freePort, startServerProcess, type ServerProcess } from '../tests/setup/server-process';
import { percentile, rssMiB } from './shared/figures';
import { clientAddress, sessionCookie } from './shared/signed-in-client';

const flag = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const likes = flag('likes', 50);
const streams = flag('streams', 2000);

/** Likes a fan makes, under the per-minute like quota (30: security/rate-limit.ts). */
const LIKES_PER_FAN = 25;
/** Streams a person holds: the per-user cap (notifications/stream.routes.ts). */
const STREAMS_PER_USER = 5;
const PASSWORD = 'bench-live-password';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

async function signIn(server: ServerProcess, user: CreatedUser, address: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl, 'x-forwarded-for': address },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed for ${user.email}: ${response.status}`);
  return sessionCookie(response);
}

/** Calls `onEvent` with each `unread` event's arrival time, and `onEnd` when the stream ends. */
function watchUnread(body: ReadableStream<Uint8Array>, onEvent: (at: number) => void, onEnd = () => undefined) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }) as const);
      if (done) return onEnd();
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
  const passwordHash = await hashPassword(PASSWORD); // once: argon2 is slow on purpose
  const newUser = (username: string) => createUser(db, { username, password: PASSWORD, passwordHash });
  const author = await newUser('bench_author');
  const fans = await Promise.all(
    Array.from({ length: Math.ceil(likes / LIKES_PER_FAN) }, (_, index) => newUser(`bench_fan_${index}`)),
  );
  const lists = [];
  for (let index = 0; index < likes; index++) lists.push(await makeChecklist(db, author.id));
  const holders = await Promise.all(
    Array.from({ length: Math.ceil(streams / STREAMS_PER_USER) }, (_, index) => newUser(`bench_holder_${index}`)),
  );
  const env = {
    DATABASE_URL: database.url,
    AUTH_SECRET: 'bench-live-secret-bench-live-secret-01',
    DATA_DIR: dir,
    LOG_LEVEL: 'info',
    TRUSTED_PROXIES: '127.0.0.1,::1',
  };
  servers.push(await startServerProcess(env, await freePort()), await startServerProcess(env, await freePort()));
  const [likeServer, streamServer] = servers as [ServerProcess, ServerProcess];

  const authorCookie = await signIn(streamServer, author, clientAddress(1));
  const fanCookies: string[] = [];
  for (const [index, fan] of fans.entries()) fanCookies.push(await signIn(likeServer, fan, clientAddress(2 + index)));
  const stream = await fetch(`${streamServer.baseUrl}/api/notifications/stream`, {
    headers: { cookie: authorCookie, 'x-forwarded-for': clientAddress(1) },
  });
  let waiting: ((at: number) => void) | null = null;
  const reader = watchUnread(stream.body!, (at) => {
    waiting?.(at);
    waiting = null;
  });
  /** The next `unread` event's arrival time (bounded: a missing event fails the run). */
  const nextEvent = () =>
    Promise.race([
      new Promise<number>((resolve) => (waiting = resolve)),
      sleep(10_000).then(() => Promise.reject(new Error('no unread event within 10 s'))),
    ]);
  await nextEvent(); // the first event: the current count

  const latencies: number[] = [];
  for (const [index, list] of lists.entries()) {
    const fan = Math.floor(index / LIKES_PER_FAN);
    const arrived = nextEvent();
    const started = performance.now();
    const response = await fetch(`${likeServer.baseUrl}/api/checklists/${list.id}/like`, {
      method: 'PUT',
      headers: { cookie: fanCookies[fan]!, origin: likeServer.baseUrl, 'x-forwarded-for': clientAddress(2 + fan) },
    });
    if (response.status !== 200) throw new Error(`like ${index + 1} responded ${response.status}`);
    latencies.push((await arrived) - started);
  }
  await reader.cancel();
  latencies.sort((a, b) => a - b);
  console.log(
    `Like → badge event across two processes, ${likes} likes: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`,
  );

  // tsx runs the server in a child node process; measure that one.
  const children = readFileSync(`/proc/${streamServer.child.pid}/task/${streamServer.child.pid}/children`, 'utf8')
    .trim()
    .split(/\s+/);
  const pid = Number(children[0]) || streamServer.child.pid!;
  const holderSessions: { cookie: string; address: string }[] = [];
  for (const [index, holder] of holders.entries()) {
    const address = clientAddress(2 + fans.length + index);
    holderSessions.push({ cookie: await signIn(streamServer, holder, address), address });
  }
  const before = rssMiB(pid);
  const readers: ReadableStreamDefaultReader<Uint8Array>[] = [];
  let ended = 0;
  for (const { cookie, address } of holderSessions) {
    const tabs = Math.min(STREAMS_PER_USER, streams - readers.length);
    for (let tab = 0; tab < tabs; tab++) {
      const response = await fetch(`${streamServer.baseUrl}/api/notifications/stream`, {
        headers: { cookie, 'x-forwarded-for': address },
      });
      if (response.status !== 200) throw new Error(`stream ${readers.length + 1} responded ${response.status}`);
      readers.push(
        watchUnread(
          response.body!,
          () => undefined,
          () => void ended++,
        ),
      );
    }
  }
  await sleep(2000);
  const after = rssMiB(pid);
  // What the process holds: every stream the bench opened and the server has not ended.
  console.log(`(${readers.length - ended} of ${readers.length} streams open)`);
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
