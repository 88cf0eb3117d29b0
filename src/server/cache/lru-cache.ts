// A process's cache of recent responses, by key: at most `maxEntries` of them, each fresh for
// `ttlMs` from when its read began. When full, the entry used least recently is evicted first.

export type LruCache<T> = {
  /** The entry under `key` if it is younger than `ttlMs` at `at`; a hit makes it the most recent. */
  get: (key: string, at: number) => { value: T; at: number } | undefined;
  /** Caches `value` under `key`, read from `at` (the time taken before its read began); returns it. */
  set: (key: string, value: T, at: number) => T;
};

export function createLruCache<T>({ maxEntries, ttlMs }: { maxEntries: number; ttlMs: number }): LruCache<T> {
  const entries = new Map<string, { value: T; at: number }>();
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const touch = (key: string, entry: { value: T; at: number }) => {
    entries.delete(key);
    entries.set(key, entry);
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries) break;
      entries.delete(oldest);
    }
  };
  return {
    get(key, at) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (at - entry.at >= ttlMs) {
        entries.delete(key);
        return undefined;
      }
      touch(key, entry);
      return entry;
    },
    set(key, value, at) {
      touch(key, { value, at });
      return value;
    },
  };
}
