// The bench's command line: `--scale S` sets every size at once (1 = 10k users, 50k lists); a
// size flag given beside it wins. Pure, so it is tested (options.test.ts).

export type BenchSize = { users: number; lists: number; items: number; likes: number };
export type BenchOptions = BenchSize & {
  scale: number;
  /** Seconds each case is measured (and as long again for its bare SQL). */
  seconds: number;
  connections: number;
  /** How many users sign in for the signed-in and write cases. */
  signIns: number;
  /** Seed (timing each phase and checking the counters), then stop without measuring. */
  isSeedOnly: boolean;
  /**
   * null: the app serves in the bench's own process (one process, SQL counted per query). A number:
   * the built server (`dist/server/main.js`, after `npm run build`) with WEB_CONCURRENCY workers.
   */
  workers: number | null;
  /** Only the cases whose name contains this text (e.g. "write:"; "a|b": either), or every case. */
  only: string | null;
  /**
   * Where the database lives, kept after the run: seeded there the first time, reused as it is
   * (with every earlier run's writes) after. null: a throwaway folder, seeded each run.
   */
  dataDir: string | null;
  /** With --workers: where the built server's processes write their V8 CPU profiles (`--cpu-prof`). */
  cpuProfileDir: string | null;
};

/** The size at scale 1: today's default (10k users, 50k lists, 10 items a list, 2 likes a list). */
export const SIZE_PER_SCALE: BenchSize = { users: 10_000, lists: 50_000, items: 500_000, likes: 100_000 };

const FLAGS = ['scale', 'users', 'lists', 'items', 'likes', 'seconds', 'connections', 'sign-ins', 'workers'] as const;
type Flag = (typeof FLAGS)[number];

export function parseBenchArgs(argv: readonly string[]): BenchOptions {
  const given = new Map<Flag, number>();
  const isSeedOnly = argv.includes('--seed-only');
  argv = argv.filter((arg) => arg !== '--seed-only');
  let only: string | null = null;
  const onlyAt = argv.indexOf('--only');
  if (onlyAt >= 0) {
    only = argv[onlyAt + 1] ?? '';
    if (!only) throw new Error('--only needs the text of the cases to measure, e.g. --only "write:"');
    argv = [...argv.slice(0, onlyAt), ...argv.slice(onlyAt + 2)];
  }
  /** A flag that names a folder, taken out of argv. */
  const folderOf = (flag: string, example: string): string | null => {
    const at = argv.indexOf(flag);
    if (at < 0) return null;
    const folder = argv[at + 1] ?? '';
    if (!folder || folder.startsWith('--')) throw new Error(`${flag} needs a folder, e.g. ${flag} ${example}`);
    argv = [...argv.slice(0, at), ...argv.slice(at + 2)];
    return folder;
  };
  const dataDir = folderOf('--data', './data/bench-10');
  const cpuProfileDir = folderOf('--cpu-prof', '/tmp/bench-profiles');
  for (let index = 0; index < argv.length; index += 2) {
    const name = argv[index]!.replace(/^--/, '') as Flag;
    const text = argv[index + 1];
    if (!argv[index]!.startsWith('--') || !FLAGS.includes(name)) {
      throw new Error(
        `Unknown argument ${argv[index]}; expected --seed-only, --only TEXT, --data DIR, --cpu-prof DIR or one of ${FLAGS.map((f) => `--${f} N`).join(', ')}`,
      );
    }
    const value = Number(text);
    if (text === undefined || !Number.isFinite(value) || value <= 0) {
      throw new Error(`--${name} needs a positive number, got ${text ?? 'nothing'}`);
    }
    given.set(name, value);
  }
  const scale = given.get('scale') ?? 1;
  const sized = (key: keyof BenchSize, minimum: number) =>
    Math.max(minimum, Math.round(given.get(key) ?? SIZE_PER_SCALE[key] * scale));
  const users = sized('users', 100);
  const lists = sized('lists', 100);
  const options: BenchOptions = {
    scale,
    users,
    lists,
    // At most 60 items a list (the seed numbers items below 64 within a list).
    items: Math.min(sized('items', lists), lists * 60),
    likes: sized('likes', 1),
    seconds: given.get('seconds') ?? 5,
    connections: Math.round(given.get('connections') ?? 32),
    // Enough users that no write case meets a user's per-minute quota (5 lists a minute) at a few
    // hundred requests a second, and never more than exist.
    signIns: Math.min(users - 10, Math.round(given.get('sign-ins') ?? 400)),
    isSeedOnly,
    workers: given.has('workers') ? Math.round(given.get('workers')!) : null,
    only,
    dataDir,
    cpuProfileDir,
  };
  if (cpuProfileDir && options.workers === null)
    throw new Error('--cpu-prof profiles the built server: give --workers N too');
  return options;
}
