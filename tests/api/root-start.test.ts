import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
// @ts-expect-error: a plain ES module without types, shared with `npm start`
import { buildServer } from '../../scripts/build.mjs';
import { afterAll, describe, expect, it } from 'vitest';
import { isReachableByEveryone, ROOT_PLACE } from '../../src/server/db/postgres-as-root';
import { freePort, startServerProcess } from '../setup/server-process';

describe('isReachableByEveryone', () => {
  it('is false below a mode-700 directory and true where every directory lets others pass', () => {
    const home = mkdtempSync(path.resolve('.reach-'));
    try {
      mkdirSync(path.join(home, 'inner'), { mode: 0o755 });
      expect(isReachableByEveryone(path.join(home, 'inner'))).toBe(false);
      expect(isReachableByEveryone('/usr/bin')).toBe(true);
      expect(isReachableByEveryone(path.join(home, 'missing'))).toBe(false);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

// `git clone` into a private directory as root, then start. PostgreSQL runs as
// the postgres user, who cannot pass the mode-700 directory to the programs or the data.
describe.runIf(process.getuid?.() === 0)('started as root from a mode-700 directory', () => {
  let home: string | undefined;
  let cluster: string | undefined;
  afterAll(() => {
    if (home) rmSync(home, { recursive: true, force: true });
    if (cluster) rmSync(path.dirname(cluster), { recursive: true, force: true });
  });

  it('the built server starts, answers, and starts again on the data it kept', async () => {
    // Inside this checkout, so node_modules can be hard-linked (same file system), not copied.
    home = mkdtempSync(path.resolve('.root-home-'));
    const clone = path.join(home, 'ticklist');
    expect(statSync(home).mode & 0o777).toBe(0o700);
    mkdirSync(clone);
    expect(spawnSync('cp', ['-al', 'node_modules', path.join(clone, 'node_modules')]).status).toBe(0);
    await buildServer(path.join(clone, 'dist'));
    const dataDir = path.join(clone, 'data');

    const first = await startServerProcess({ DATA_DIR: dataDir }, await freePort(), { built: clone });
    try {
      expect((await fetch(`${first.baseUrl}/api/health`)).status).toBe(200);
      expect((await fetch(`${first.baseUrl}/api/checklists`)).status).toBe(200);
      // The cluster lives where the postgres user can reach it, owned by that user; DATA_DIR links to it.
      const link = path.join(dataDir, 'postgres');
      expect(lstatSync(link).isSymbolicLink()).toBe(true);
      cluster = readlinkSync(link);
      expect(cluster.startsWith(`${ROOT_PLACE}/clusters/`)).toBe(true);
      expect(statSync(cluster).uid).not.toBe(0);
      expect(existsSync(path.join(cluster, 'postmaster.pid'))).toBe(true);
    } finally {
      expect(await first.stop()).toBe(0);
    }

    const again = await startServerProcess({ DATA_DIR: dataDir }, await freePort(), { built: clone });
    try {
      expect(again.output()).not.toContain('creating the embedded PostgreSQL cluster');
      expect(again.output()).not.toContain('demo content seeded');
      expect((await fetch(`${again.baseUrl}/api/checklists`)).status).toBe(200);
    } finally {
      expect(await again.stop()).toBe(0);
    }
  }, 120_000);
});
