// The app processes the soak runs: the built server, each on a port of its own, its log lines
// counted by level, its death noticed, and its stop on SIGTERM judged.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { rssMiB } from '../shared/figures';
import { STOP_TIMEOUT_MS } from './options';
import { bump } from './record';

export type App = {
  index: number;
  baseUrl: string;
  child: ChildProcess;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  isStopping: boolean;
  diedWith?: string;
  logCounts: Map<string, number>;
  errorLines: string[];
};

export function startApp(index: number, port: number, env: Record<string, string>): App {
  const baseUrl = `http://localhost:${port}`;
  // Its own process group, so a Ctrl-C reaches the soak, which then stops the apps in order.
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), BASE_URL: baseUrl, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const app: App = {
    index,
    baseUrl,
    child,
    exit: new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal }))),
    isStopping: false,
    logCounts: new Map(),
    errorLines: [],
  };
  void app.exit.then(({ code, signal }) => {
    if (!app.isStopping) app.diedWith = `exit code ${code}, signal ${signal}`;
  });
  let pending = '';
  const onData = (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      let level = 'out';
      let message = line.slice(0, 120);
      try {
        const entry = JSON.parse(line) as { level?: number; msg?: string };
        level =
          entry.level === 40
            ? 'warn'
            : entry.level === 50
              ? 'error'
              : entry.level === 60
                ? 'fatal'
                : String(entry.level);
        message = entry.msg ?? message;
      } catch {
        // not pino's JSON: a plain line (a crash's stack trace, say)
      }
      bump(app.logCounts, `${level}: ${message}`);
      if (level !== 'warn' && app.errorLines.length < 20) app.errorLines.push(line.slice(0, 2000));
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  return app;
}

export async function waitUntilReady(app: App) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (app.diedWith)
      throw new Error(`app ${app.index + 1} exited at start-up (${app.diedWith}):\n${app.errorLines.join('\n')}`);
    const ready = await fetch(`${app.baseUrl}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await sleep(250);
  }
  throw new Error(`app ${app.index + 1} was not ready within 60 s`);
}

export async function stopApp(app: App): Promise<string | null> {
  if (app.diedWith) return `died during the run (${app.diedWith})`;
  app.isStopping = true;
  app.child.kill('SIGTERM');
  const exit = await Promise.race([app.exit, sleep(STOP_TIMEOUT_MS).then(() => null)]);
  if (!exit) {
    app.child.kill('SIGKILL');
    return `did not stop within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM (killed)`;
  }
  return exit.code === 0 ? null : `stopped with exit code ${exit.code}, signal ${exit.signal}`;
}

/** Every app process of the run. */
export const apps: App[] = [];

/** An app process's RSS in MiB, or NaN when it is gone. */
export const appRssMiB = (app: App) => {
  try {
    return app.child.pid === undefined ? NaN : rssMiB(app.child.pid);
  } catch {
    return NaN;
  }
};

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
