import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, startEmbeddedPostgres } from '../../src/server/db/embedded-postgres';

const tempDirs: string[] = [];
const freshDataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ticklist-proc-'));
  chmodSync(dir, 0o755);
  tempDirs.push(dir);
  return dir;
};
afterAll(() => tempDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const silent = pino({ level: 'silent' });

/** Starts `src/server/main.ts` and resolves once it logs that it is ready (or rejects when it exits). */
function startServer(dataDir: string, port: number): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(path.resolve('node_modules/.bin/tsx'), ['src/server/main.ts'], {
    // Vitest sets BASE_URL='/' (Vite's own variable) in its environment; the server needs a real one.
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      BASE_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ticklist is ready')) resolve({ child, output: () => output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

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
    // After a clean stop the directory is free again, data kept.
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
});

describe('the server process', () => {
  it('starts on an empty data directory, serves, and stops PostgreSQL cleanly on SIGTERM', async () => {
    const dataDir = freshDataDir();
    const port = 38000 + Math.floor(Math.random() * 1000);
    const { child, output } = await startServer(dataDir, port);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(output()).toContain('demo content seeded');
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'auth-secret'))).toBe(true);

    const exited = exitOf(child);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'ticklist.lock'))).toBe(false);
  }, 60_000);
});
