import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error: a plain ES module without types, shared with `npm start`
import { buildServer as buildServerInto } from '../../scripts/build.mjs';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  freePort,
  logLines,
  readEvents,
  signInAsDemoUser,
  startServerProcess,
  stopSteps,
  waitUntil,
} from '../setup/server-process';

// Decision 023: WEB_CONCURRENCY=2 runs a primary, which owns the embedded
// PostgreSQL, and two workers that serve HTTP on one port. Which worker responded is read from
// the operating system (who holds the connection's socket), not from anything the app exposes.

const tempDirs: string[] = [];
afterAll(() => tempDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The built server (`node dist/server/main.js`), as `npm start` runs it; inside the checkout so node_modules resolve. */
async function buildServer(): Promise<string> {
  mkdirSync('.tmp', { recursive: true });
  const root = mkdtempSync(path.resolve('.tmp/cluster-'));
  tempDirs.push(root);
  await buildServerInto(path.join(root, 'dist'));
  return root;
}

const freshDataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ticklist-cluster-'));
  chmodSync(dir, 0o755);
  tempDirs.push(dir);
  return dir;
};

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The inode of the server's end of a loopback connection, from /proc/net/tcp and tcp6. */
function serverSocketInode(serverPort: number, clientPort: number): string | undefined {
  const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[1]?.endsWith(`:${hex(serverPort)}`) && fields[2]?.endsWith(`:${hex(clientPort)}`)) return fields[9];
    }
  }
  return undefined;
}

/** Which of `pids` holds the socket with this inode. */
function holderOf(inode: string, pids: number[]): number | undefined {
  return pids.find((pid) =>
    readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`;
      } catch {
        return false; // closed meanwhile
      }
    }),
  );
}

/**
 * Opens `count` keep-alive connections one after another, has each respond to GET /api/health, and
 * returns which of `pids` served each one, with the database state it reported.
 */
async function healthByProcess(port: number, count: number, pids: number[]) {
  const sockets: net.Socket[] = [];
  try {
    const answers: { pid: number; database: string }[] = [];
    for (let index = 0; index < count; index++) {
      const socket = net.connect(port, '127.0.0.1');
      sockets.push(socket);
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(`GET /api/health HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`);
      await waitUntil(() => answer.includes('"ok":true'), 5000);
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      const inode = serverSocketInode(port, socket.localPort!);
      expect(inode).toBeDefined();
      const pid = holderOf(inode!, pids);
      expect(pid).toBeDefined();
      answers.push({ pid: pid!, database: /"database":"(\w+)"/.exec(answer)![1]! });
    }
    return answers;
  } finally {
    sockets.forEach((socket) => socket.destroy());
  }
}

/** The processes among `pids` that served `count` connections. */
const servingProcesses = async (port: number, count: number, pids: number[]) =>
  new Set((await healthByProcess(port, count, pids)).map((answer) => answer.pid));

describe.runIf(process.platform === 'linux')('WEB_CONCURRENCY=2', () => {
  it('two workers respond on one port, a killed worker is replaced while the site responds, and SIGTERM stops everything with exit 0', async () => {
    const built = await buildServer();
    const dataDir = freshDataDir();
    const port = await freePort();
    const server = await startServerProcess({ DATA_DIR: dataDir, WEB_CONCURRENCY: '2' }, port, { built });
    onTestFailed(() => void server.child.kill('SIGTERM'));
    const exited = new Promise<number | null>((resolve) => server.child.on('exit', (code) => resolve(code)));

    // The primary names its workers when all of them listen.
    const [ready] = logLines(server.output(), 'Ticklist is ready');
    const workers = ready!.workers as number[];
    expect(workers).toHaveLength(2);
    expect(new Set(workers).size).toBe(2);
    expect(workers).not.toContain(server.child.pid);
    expect(workers.every(isAlive)).toBe(true);
    // The primary holds the data directory (and its PostgreSQL); the workers only serve.
    expect(Number(readFileSync(path.join(dataDir, 'ticklist.lock'), 'utf8'))).toBe(server.child.pid);
    expect(await servingProcesses(port, 6, workers)).toEqual(new Set(workers));
    expect(await (await fetch(`${server.baseUrl}/api/ready`)).json()).toEqual({ ready: true });
    expect(await (await fetch(`${server.baseUrl}/api/health`)).json()).toEqual({ ok: true, database: 'up' });
    // The demo content was seeded once, by the primary.
    expect(logLines(server.output(), 'demo content seeded')).toHaveLength(1);

    // The embedded PostgreSQL is the primary's: when it dies, every worker's /api/health says so.
    const postmasterPid = () =>
      Number.parseInt(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]!, 10);
    process.kill(postmasterPid(), 'SIGKILL');
    // Each worker's own response: four connections, two to each.
    const databaseStates = async () => {
      const answers = await healthByProcess(port, 4, workers);
      expect(new Set(answers.map((answer) => answer.pid))).toEqual(new Set(workers));
      return new Set(answers.map((answer) => answer.database));
    };
    // Each worker is seen saying so at some point of the restart (which lasts a second or two: on a
    // busy machine one poll of both may straddle its end).
    const sawRestarting = new Set<number>();
    await waitUntil(async () => {
      for (const answer of await healthByProcess(port, 4, workers)) {
        if (answer.database === 'restarting') sawRestarting.add(answer.pid);
      }
      return sawRestarting.size === workers.length;
      // The primary may take seconds to notice the death on a machine as loaded as a CI run's.
    }, 20_000);
    await waitUntil(async () => (await fetch(`${server.baseUrl}/api/checklists`)).status === 200, 30_000);
    expect(await databaseStates()).toEqual(new Set(['up']));

    // One worker killed: the primary logs it, the other worker responds meanwhile, a new one comes.
    const [killed, survivor] = workers as [number, number];
    process.kill(killed, 'SIGKILL');
    await waitUntil(
      () => logLines(server.output(), 'a worker stopped unexpectedly; starting another').length > 0,
      5000,
    );
    const [death] = logLines(server.output(), 'a worker stopped unexpectedly; starting another');
    expect(death).toMatchObject({ pid: killed, signal: 'SIGKILL', afterMs: 500 });
    for (let index = 0; index < 5; index++) expect((await fetch(`${server.baseUrl}/api/checklists`)).status).toBe(200);
    await waitUntil(() => logLines(server.output(), 'a worker is serving').length > 0, 30_000);
    const replacement = logLines(server.output(), 'a worker is serving')[0]!.pid as number;
    expect(workers).not.toContain(replacement);
    expect(isAlive(killed)).toBe(false);
    expect(await servingProcesses(port, 6, [survivor, replacement])).toEqual(new Set([survivor, replacement]));

    // SIGTERM to the primary: the workers drain (a stream ends with the reconnect hint) and exit,
    // then PostgreSQL stops; exit code 0.
    const cookie = await signInAsDemoUser(server.baseUrl);
    const stream = await fetch(`${server.baseUrl}/api/notifications/stream`, { headers: { cookie } });
    const events = readEvents(stream.body!);
    await waitUntil(() => events.events.length > 0, 5000);
    server.child.kill('SIGTERM');
    await waitUntil(() => events.isDone(), 5000);
    expect(events.events.at(-1)).toContain('event: reconnect');
    expect(await exited).toBe(0);
    expect(isAlive(survivor)).toBe(false);
    expect(isAlive(replacement)).toBe(false);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'ticklist.lock'))).toBe(false);
    expect(logLines(server.output(), 'workers still running after the stop timeout; killing them')).toHaveLength(0);
    // The primary logs each step of its stop as it ends, so that a stop that hangs says where.
    expect(stopSteps(server.output())).toEqual([
      'stopping',
      'stopping: workers exited',
      'stopping: background work finished',
      'stopped',
    ]);
  }, 120_000);
});
