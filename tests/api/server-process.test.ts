import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, startEmbeddedPostgres } from '../../src/server/db/embedded-postgres';
import { randomPort, startServerProcess } from '../setup/server-process';

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
    const port = randomPort();
    const { child, output } = await startServerProcess({ DATA_DIR: dataDir }, port);
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
