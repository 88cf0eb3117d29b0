// What a process keeps of recent answers, by key: at most `maxEntries` of them, each for at most
// `keepMs` from when its read began. The entry asked for least recently goes first.

export type RecentEntries<T> = {
  /** The entry kept under `key` if it is younger than `keepMs` at `at`; asking makes it the most recent. */
  get: (key: string, at: number) => { value: T; at: number } | undefined;
  /** Keeps `value` under `key`, read from `at` (the time taken before its read began). */
  keep: (key: string, value: T, at: number) => T;
};

export function createRecentEntries<T>({
  maxEntries,
  keepMs,
}: {
  maxEntries: number;
  keepMs: number;
}): RecentEntries<T> {
  const kept = new Map<string, { value: T; at: number }>();
  const keep = (key: string, entry: { value: T; at: number }) => {
    kept.delete(key);
    kept.set(key, entry);
    for (const oldest of kept.keys()) {
      if (kept.size <= maxEntries) break;
      kept.delete(oldest);
    }
  };
  return {
    get(key, at) {
      const entry = kept.get(key);
      if (!entry) return undefined;
      if (at - entry.at >= keepMs) {
        kept.delete(key);
        return undefined;
      }
      keep(key, entry);
      return entry;
    },
    keep(key, value, at) {
      keep(key, { value, at });
      return value;
    },
  };
}
