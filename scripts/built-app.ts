// The built app (dist/server/main.js) started for a measuring script (`npm run lighthouse`,
// `npm run size`): one process on a free loopback port with a fresh embedded database in a
// temporary folder and the demo content, and the public pages a visitor would open on it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export type BuiltApp = {
  baseUrl: string;
  /** Resolves once the app answers `/api/ready`; throws if it does not within `timeoutMs`. */
  waitUntilReady: (timeoutMs: number) => Promise<void>;
  /** Resolves when the process has ended, however it ended. */
  exited: Promise<void>;
  /** Stops the app (its requests finished, its PostgreSQL stopped cleanly) and removes its data. */
  stop: () => Promise<void>;
};

/** Exits with a message when there is no build to start. */
export function requireBuild(): void {
  if (!existsSync(path.join(root, 'dist/server/main.js'))) {
    console.error('No build found: run `npm run build` first.');
    process.exit(1);
  }
}

/** A port nobody listens on now, as the operating system hands one out. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startBuiltApp(name: string): Promise<BuiltApp> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `ticklist-${name}-`));
  // The built app in one process; with no DATABASE_URL it starts an embedded PostgreSQL in DATA_DIR
  // and, on a localhost BASE_URL, seeds the demo content.
  const app = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      WEB_CONCURRENCY: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => app.once('exit', () => resolve()));
  return {
    baseUrl,
    exited,
    waitUntilReady: async (timeoutMs) => {
      const started = Date.now();
      for (;;) {
        const ready = await fetch(`${baseUrl}/api/ready`).then(
          (response) => response.ok,
          () => false,
        );
        if (ready) return;
        if (Date.now() - started > timeoutMs) throw new Error(`The app was not ready within ${timeoutMs / 1000} s.`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    stop: async () => {
      // SIGTERM: the app finishes its requests, then stops its PostgreSQL cleanly.
      if (app.exitCode === null) app.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function getJson<T>(baseUrl: string, pathname: string): Promise<T> {
  const response = await fetch(`${baseUrl}${pathname}`);
  if (!response.ok) throw new Error(`GET ${pathname} responded ${response.status}`);
  return (await response.json()) as T;
}

/**
 * The most liked public list, the first author of a public list whose profile is public, and the
 * list's first tag (a tag's page is Browse with `?tag=`).
 */
export async function findPublicPages(baseUrl: string): Promise<{ checklist: string; profile: string; tag: string }> {
  type Card = { id: string; authorUsername: string | null; tags: string[] };
  const { checklists } = await getJson<{ checklists: Card[] }>(baseUrl, '/api/checklists?order=most-liked');
  const checklist = checklists[0];
  if (!checklist) throw new Error('The demo content has no public checklist.');
  const tag = checklists.flatMap((card) => card.tags)[0];
  if (!tag) throw new Error('The demo content has no tagged public checklist.');
  for (const username of new Set(checklists.map((card) => card.authorUsername))) {
    if (!username) continue;
    const profile = await fetch(`${baseUrl}/api/users/${encodeURIComponent(username)}`);
    // A private profile responds too, with isPrivateView: its page is the shell, not the profile.
    const body = profile.ok ? ((await profile.json()) as { isPrivateView?: boolean }) : null;
    if (body?.isPrivateView === false) {
      return { checklist: `/checklist/${checklist.id}`, profile: `/user/${username}`, tag };
    }
  }
  throw new Error('The demo content has no public profile.');
}
