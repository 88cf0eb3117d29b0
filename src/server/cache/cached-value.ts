// A value every request of a process may share for a few seconds: read once, then served from the
// cache until it is `ttlMs` old. Requests that ask while it is being read wait for that read instead
// of starting their own; a read that fails is not cached (each waiting request gets its error).

export type CachedValue<T> = () => Promise<T>;

export function createCachedValue<T>(
  read: () => Promise<T>,
  { ttlMs, now = () => Date.now() }: { ttlMs: number; now?: () => number },
): CachedValue<T> {
  let cached: { value: T; readAt: number } | null = null;
  let reading: Promise<T> | null = null;
  return () => {
    if (cached && now() - cached.readAt < ttlMs) return Promise.resolve(cached.value);
    if (!reading) {
      const startedAt = now();
      reading = read()
        .then((value) => {
          cached = { value, readAt: startedAt };
          return value;
        })
        .finally(() => {
          reading = null;
        });
    }
    return reading;
  };
}
