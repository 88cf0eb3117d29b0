import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { APP_ROLE } from '../../src/server/db/app-role';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { DataDirInUseError, sharedBuffersMb, startEmbeddedPostgres } from '../../src/server/db/embedded-postgres';
import {
  freePort,
  readEvents,
  runServerProcessToExit,
  signInAsDemoUser,
  startServerProcess,
  stopSteps,
  waitUntil,
} from '../setup/server-process';

const tempDirs: string[] = [];
const freshDataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ticklist-proc-'));
  chmodSync(dir, 0o755);
  tempDirs.push(dir);
  return dir;
};
afterAll(() => tempDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const silent = pino({ level: 'silent' });

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

/** The server on an empty data directory of its own, where it makes its embedded PostgreSQL. */
async function startOnFreshDataDir() {
  const dataDir = freshDataDir();
  return { dataDir, server: await startServerProcess({ DATA_DIR: dataDir }, await freePort()) };
}

/** The running embedded PostgreSQL's process id and port, from its postmaster.pid. */
function postmasterOf(dataDir: string) {
  const lines = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  return { pid: Number.parseInt(lines[0]!, 10), port: Number(lines[3]) };
}

describe('the embedded database', () => {
  it('refuses a second start on the same data directory with a clear message', async () => {
    const dataDir = freshDataDir();
    const first = await startEmbeddedPostgres(dataDir, silent);
    try {
      const second = startEmbeddedPostgres(dataDir, silent);
      await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(second).rejects.toThrow(/already in use by another Ticklist process/);
    } finally {
      await first.stop();
    }
    // After a clean stop the directory is free again, its data intact.
    const again = await startEmbeddedPostgres(dataDir, silent);
    await again.stop();
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dataDir = freshDataDir();
    writeFileSync(path.join(dataDir, 'ticklist.lock'), '999999');
    const db = await startEmbeddedPostgres(dataDir, silent);
    await db.stop();
    expect(existsSync(path.join(dataDir, 'ticklist.lock'))).toBe(false);
  });

  it('stops the server it started when its database cannot be opened, and says why', async () => {
    const dataDir = freshDataDir();
    const first = await startEmbeddedPostgres(dataDir, silent);
    const client = new pg.Client({ connectionString: first.url });
    try {
      await client.connect();
      // The database the start-up connection opens refuses connections.
      await client.query('alter database postgres allow_connections false');
    } finally {
      await client.end();
      await first.stop();
    }
    const refused = /^The embedded PostgreSQL in .+ started, but its database could not be opened \(.*postgres.*\)\.$/;
    await expect(startEmbeddedPostgres(dataDir, silent)).rejects.toThrow(refused);
    // Nothing is left running: no server holds the directory, and the next start fails the same way.
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'ticklist.lock'))).toBe(false);
    await expect(startEmbeddedPostgres(dataDir, silent)).rejects.toThrow(refused);
  }, 60_000);

  it('runs with shared_buffers sized to the memory', async () => {
    const db = await startEmbeddedPostgres(freshDataDir(), silent);
    const client = new pg.Client({ connectionString: db.url });
    try {
      await client.connect();
      const result = await client.query<{ size: string }>(
        `select setting::bigint * 8 / 1024 || 'MB' as size from pg_settings where name = 'shared_buffers'`,
      );
      expect(result.rows[0]!.size).toBe(`${sharedBuffersMb()}MB`);
    } finally {
      await client.end();
      await db.stop();
    }
  });

  it('reads the pages it had cached back into shared_buffers after a restart (autoprewarm)', async () => {
    const dataDir = freshDataDir();
    const cachedPagesOf = async (url: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('create extension if not exists pg_buffercache');
        const result = await client.query<{ cached: number; pages: number }>(
          `select (select count(*)::int from pg_buffercache
                   where reldatabase = (select oid from pg_database where datname = current_database())
                     and relfilenode = pg_relation_filenode('kept') and relforknumber = 0) as cached,
                  (pg_relation_size('kept') / current_setting('block_size')::int)::int as pages`,
        );
        return result.rows[0]!;
      } finally {
        await client.end();
      }
    };
    const first = await startEmbeddedPostgres(dataDir, silent);
    let before: { cached: number; pages: number };
    try {
      const client = new pg.Client({ connectionString: first.url });
      await client.connect();
      await client.query(`create table kept as select g, repeat('x', 200) as filler from generate_series(1, 20000) g`);
      await client.end();
      before = await cachedPagesOf(first.url);
      expect(before.pages).toBeGreaterThan(100);
      expect(before.cached).toBe(before.pages);
    } finally {
      await first.stop();
    }
    expect(existsSync(path.join(dataDir, 'postgres', 'autoprewarm.blocks'))).toBe(true);

    // Nothing reads the table after the restart: only the worker can bring its pages back.
    const again = await startEmbeddedPostgres(dataDir, silent);
    try {
      await waitUntil(async () => (await cachedPagesOf(again.url)).cached >= before.pages, 20_000);
    } finally {
      await again.stop();
    }
  });
});

describe('the server process', () => {
  it('says in one line, without a stack trace, when its database will not start', async () => {
    const dataDir = freshDataDir();
    // A cluster from another PostgreSQL version: the server refuses it.
    mkdirSync(path.join(dataDir, 'postgres'), { mode: 0o700 });
    writeFileSync(path.join(dataDir, 'postgres', 'PG_VERSION'), '9\n');
    writeFileSync(path.join(dataDir, 'postgres-password'), 'unused');
    const { code, stderr } = await runServerProcessToExit({ DATA_DIR: dataDir }, await freePort());
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^The embedded PostgreSQL in .+ did not start \(.+\)\.$/);
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('starts on an empty data directory, serves, and stops PostgreSQL cleanly on SIGTERM', async () => {
    const dataDir = freshDataDir();
    const port = await freePort();
    const { child, output } = await startServerProcess({ DATA_DIR: dataDir }, port);
    // A failed expectation below must not leave the server (and its PostgreSQL) running.
    onTestFailed(() => void child.kill('SIGTERM'));
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(output()).toContain('demo content seeded');
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'auth-secret'))).toBe(true);

    // The app serves as a role that reads and writes rows and can do nothing else.
    const asApp = new pg.Client({
      host: '127.0.0.1',
      port: postmasterOf(dataDir).port,
      database: 'ticklist',
      user: APP_ROLE,
      password: readFileSync(path.join(dataDir, 'app-role-password'), 'utf8'),
    });
    await asApp.connect();
    try {
      const role = await asApp.query(
        'select rolsuper, rolcreaterole, rolcreatedb from pg_roles where rolname = current_user',
      );
      expect(role.rows).toEqual([{ rolsuper: false, rolcreaterole: false, rolcreatedb: false }]);
      expect((await asApp.query('select count(*)::int as n from users')).rows[0].n).toBeGreaterThan(0);
      // A Best match search's first page asks the planner how many lists its words match, by
      // EXPLAIN in a function: the role may, and the app's page, read as that role, is served.
      const estimate = await asApp.query(
        `select ticklist_search_estimate(ticklist_search_query(array['packing'], true)) as n`,
      );
      expect(estimate.rows[0].n).toBeGreaterThanOrEqual(1);
      const best = await fetch(`http://127.0.0.1:${port}/api/checklists?q=packing&order=best`);
      expect(best.status).toBe(200);
      // The app's own connections, seen from inside: every one is the app role.
      const roles = await asApp.query(
        `select distinct usename from pg_stat_activity where datname = 'ticklist' and pid <> pg_backend_pid()`,
      );
      expect(roles.rows).toEqual([{ usename: APP_ROLE }]);
      await expect(asApp.query('create table intruder (x int)')).rejects.toThrow(/permission denied/);
      await expect(asApp.query('drop table staff_picks')).rejects.toThrow(/must be owner/);
      await expect(asApp.query(`select pg_read_file('PG_VERSION')`)).rejects.toThrow(/permission denied/);
    } finally {
      await asApp.end();
    }

    const exited = exitOf(child);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'ticklist.lock'))).toBe(false);
  }, 60_000);
});

describe('faults', () => {
  it('keeps running while its database is away: 503 with Retry-After, then 200 within 5 s of its return, and streams hear again', async () => {
    const dbDir = freshDataDir();
    const dbPort = (await freePort()) + 2000;
    let database = await startEmbeddedPostgres(dbDir, silent, { port: dbPort });
    const port = await freePort();
    // SEED_DEMO=1: a database of one's own gets no demo users unless asked (it signs in as one).
    const server = await startServerProcess(
      { DATABASE_URL: database.url, DATA_DIR: freshDataDir(), SEED_DEMO: '1' },
      port,
    );
    const exited = exitOf(server.child);
    let exitCode: number | null | undefined;
    void exited.then((code) => (exitCode = code));
    try {
      const cookie = await signInAsDemoUser(server.baseUrl);
      const stream = await fetch(`${server.baseUrl}/api/notifications/stream`, { headers: { cookie } });
      const events = readEvents(stream.body!);
      await waitUntil(() => events.events.some((event) => event.includes('event: unread')), 5000);

      const unreadEvents = () => events.events.filter((event) => event.includes('event: unread')).length;
      const before = unreadEvents();
      await database.stop();
      const away = await fetch(`${server.baseUrl}/api/checklists`);
      expect(away.status).toBe(503);
      expect(away.headers.get('retry-after')).toBe('5');
      expect(await away.json()).toMatchObject({ code: 'unavailable' });
      expect((await fetch(`${server.baseUrl}/api/ready`)).status).toBe(503);
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
      // Better Auth's own routes say the same, not "Failed to get session" (which reads as signed out).
      const session = await fetch(`${server.baseUrl}/api/auth/get-session`, { headers: { cookie } });
      expect(session.status).toBe(503);
      expect(session.headers.get('retry-after')).toBe('5');

      database = await startEmbeddedPostgres(dbDir, silent, { port: dbPort });
      await waitUntil(async () => (await fetch(`${server.baseUrl}/api/checklists`)).status === 200, 5000);
      expect((await fetch(`${server.baseUrl}/api/ready`)).status).toBe(200);
      // The stream stayed open and hears again: the hub listens anew and sends the count afresh.
      await waitUntil(() => unreadEvents() > before, 20_000);
      expect(events.isDone()).toBe(false);
      await events.cancel();
      expect(exitCode).toBeUndefined();
    } finally {
      await server.stop();
      await database.stop();
    }
  }, 90_000);

  it('restarts its embedded PostgreSQL when it dies, and says so at /api/health meanwhile', async () => {
    const { dataDir, server } = await startOnFreshDataDir();
    try {
      const firstPid = postmasterOf(dataDir).pid;
      process.kill(firstPid, 'SIGKILL');
      await waitUntil(async () => {
        const health = await (await fetch(`${server.baseUrl}/api/health`)).json();
        return health.database === 'restarting';
      }, 5000);
      await waitUntil(async () => (await fetch(`${server.baseUrl}/api/checklists`)).status === 200, 30_000);
      expect(await (await fetch(`${server.baseUrl}/api/health`)).json()).toEqual({ ok: true, database: 'up' });
      expect(postmasterOf(dataDir).pid).not.toBe(firstPid);
      expect(server.output()).toContain('the embedded PostgreSQL stopped unexpectedly; restarting it');
      expect(server.output()).toContain('the embedded PostgreSQL is running again');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 90_000);

  it('after a crash of the app, the next start stops the PostgreSQL it left running and starts normally', async () => {
    const { dataDir, server: crashed } = await startOnFreshDataDir();
    const exited = exitOf(crashed.child);
    // The app's own process (tsx runs it as a child): its pid is in the data directory's lock.
    const appPid = Number.parseInt(readFileSync(path.join(dataDir, 'ticklist.lock'), 'utf8'), 10);
    process.kill(appPid, 'SIGKILL');
    await exited;
    const orphanPid = postmasterOf(dataDir).pid;
    expect(() => process.kill(orphanPid, 0)).not.toThrow(); // still running, holding the data

    const next = await startServerProcess({ DATA_DIR: dataDir }, await freePort());
    try {
      expect(next.output()).toContain('a PostgreSQL left running by a previous Ticklist process');
      expect((await fetch(`${next.baseUrl}/api/checklists`)).status).toBe(200);
      expect(() => process.kill(orphanPid, 0)).toThrow();
    } finally {
      expect(await next.stop()).toBe(0);
    }
  }, 90_000);

  it('on SIGTERM finishes the request in flight, ends streams with a reconnect hint, and exits 0', async () => {
    const { dataDir, server } = await startOnFreshDataDir();
    const cookie = await signInAsDemoUser(server.baseUrl);
    const stream = await fetch(`${server.baseUrl}/api/notifications/stream`, { headers: { cookie } });
    const events = readEvents(stream.body!);
    await waitUntil(() => events.events.length > 0, 5000);

    // A request whose body is still arriving when the signal comes.
    const url = new URL(server.baseUrl);
    const socket = net.connect(Number(url.port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const body = JSON.stringify({ title: 'Half sent' });
    socket.write(
      `POST /api/checklists HTTP/1.1\r\nHost: ${url.host}\r\nOrigin: ${server.baseUrl}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nCookie: ${cookie}\r\n\r\n` +
        body.slice(0, 5),
    );
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const exited = exitOf(server.child);
    server.child.kill('SIGTERM');
    await waitUntil(() => events.isDone(), 5000);
    expect(events.events.at(-1)).toContain('event: reconnect');
    expect(events.events.at(-1)).toContain('retry: 1000');
    expect((await fetch(`${server.baseUrl}/api/ready`).catch(() => null))?.status ?? 503).toBe(503);
    socket.write(body.slice(5));
    await waitUntil(() => answer.includes('\r\n\r\n'), 5000);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /); // answered (the half-filled list is refused), not cut off
    socket.destroy();
    expect(await exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    // Each step of the stop is logged as it ends, so that a stop that hangs says where.
    expect(stopSteps(server.output())).toEqual([
      'stopping',
      'stopping: requests finished',
      'stopping: background work finished',
      'stopped',
    ]);
  }, 90_000);
});
