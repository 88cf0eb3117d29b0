import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { expect } from 'vitest';

export type ServerProcess = {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  stop: () => Promise<number | null>;
};

/**
 * The source server run by Node itself with tsx's loader, not through the `tsx` command: that one
 * is a parent process relaying signals, and when the server does not tell it within 30 ms that it
 * handles SIGTERM (a busy machine), it ends with 143 instead of the server's own exit code.
 */
const SOURCE_SERVER_ARGS = ['--import', 'tsx', 'src/server/main.ts'];

/**
 * How long a server may take to say it is ready, and to exit after SIGTERM, before the step fails
 * with what the server printed: a hang then names its step instead of showing only as the test's
 * own time limit. Both are far above what a loaded machine takes (seconds).
 */
const READY_WITHIN_MS = 80_000;
const EXIT_WITHIN_MS = 30_000;

/**
 * Starts `src/server/main.ts` as its own process (or, given `built`, the built server in that
 * folder: `node dist/server/main.js`) and resolves once it says it is ready; rejects, and kills it,
 * when it is not ready within READY_WITHIN_MS. Its `stop` sends SIGTERM and resolves with the exit
 * code, or rejects (and kills it) when it has not exited within EXIT_WITHIN_MS.
 */
export function startServerProcess(
  env: Record<string, string>,
  port: number,
  options: { built?: string } = {},
): Promise<ServerProcess> {
  const baseUrl = `http://localhost:${port}`;
  const [command, args] = options.built
    ? [process.execPath, ['dist/server/main.js']]
    : [process.execPath, SOURCE_SERVER_ARGS];
  // Vitest sets BASE_URL='/' (Vite's own variable) in its environment; the server needs a real one.
  const child = spawn(command, args, {
    cwd: options.built,
    // One process unless a test asks for a cluster (WEB_CONCURRENCY defaults to the CPUs).
    env: { ...process.env, LOG_LEVEL: 'info', PORT: String(port), BASE_URL: baseUrl, WEB_CONCURRENCY: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, so that a step that fails can end the server with its PostgreSQL.
    detached: true,
  });
  let output = '';
  const killAll = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  };
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const stop = async () => {
    child.kill('SIGTERM');
    return withinTime(exited, EXIT_WITHIN_MS, () => {
      killAll();
      return `the server did not exit within ${EXIT_WITHIN_MS} ms of SIGTERM: ${output}`;
    });
  };
  const ready = new Promise<ServerProcess>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ticklist is ready')) resolve({ child, baseUrl, output: () => output, stop });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return withinTime(ready, READY_WITHIN_MS, () => {
    killAll();
    return `the server was not ready within ${READY_WITHIN_MS} ms: ${output}`;
  });
}

/** `promise`, or a failure saying `failure()` when it has not settled within `ms`. */
function withinTime<T>(promise: Promise<T>, ms: number, failure: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(failure())), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * A port nobody listens on now, as the operating system hands one out (a random pick from a range
 * met a port another test's server or database had taken, once in a clean-clone run).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The server's pino lines with the given message (a line still being written is skipped). */
export const logLines = (output: string, message: string | ((message: string) => boolean)) =>
  output.split('\n').flatMap((line) => {
    try {
      const entry = JSON.parse(line) as Record<string, unknown>;
      const text = String(entry.msg);
      return (typeof message === 'string' ? text === message : message(text)) ? [entry] : [];
    } catch {
      return [];
    }
  });

/**
 * What the process that owns the database (the single process, or a cluster's primary) logged of
 * its stop ("stopping", each step, "stopped"), in order; a worker's lines name the worker.
 */
export const stopSteps = (output: string) =>
  logLines(output, (message) => message.startsWith('stopping') || message === 'stopped')
    .filter((entry) => !('worker' in entry))
    .map((entry) => entry.msg);

/** Runs `src/server/main.ts` with `env` expecting it to stop by itself; resolves with its exit code and output. */
export function runServerProcessToExit(
  env: Record<string, string>,
  port: number,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, SOURCE_SERVER_ARGS, {
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      PORT: String(port),
      BASE_URL: `http://localhost:${port}`,
      WEB_CONCURRENCY: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

/** Reads server-sent events from a fetch() body; resolves each awaited event name in order. */
export function readEvents(body: ReadableStream<Uint8Array>) {
  const reader = body.pipeThrough(new TextDecoderStream() as ReadableWritablePair<string, Uint8Array>).getReader();
  let buffer = '';
  const events: string[] = [];
  let isDone = false;
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) break;
      buffer += value;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        events.push(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    }
    isDone = true;
  })();
  return { events, isDone: () => isDone, cancel: () => reader.cancel().catch(() => undefined) };
}

/** Signs in as a seeded demo user; resolves with the Cookie header to send. */
export async function signInAsDemoUser(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: 'maya_moves@demo.ticklist.local', password: 'ticklist-demo-2026' }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** How long past `waitUntil`'s limit a check begun before it may take to answer. */
const CHECK_GRACE_MS = 10_000;

/**
 * Polls `check` every 100 ms until it holds; resolves with how long that took. Fails after
 * `timeoutMs`, and when a check itself has not answered CHECK_GRACE_MS after that (a request that
 * hangs).
 */
export const waitUntil = async (check: () => Promise<boolean> | boolean, timeoutMs: number) => {
  const started = Date.now();
  const failure = () => `not within ${timeoutMs} ms`;
  while (!(await withinTime(Promise.resolve(check()), started + timeoutMs - Date.now() + CHECK_GRACE_MS, failure))) {
    if (Date.now() - started > timeoutMs) throw new Error(failure());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
};
