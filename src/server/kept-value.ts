// A value every request of a process may share for a few seconds: read once, then answered as read
// until it is `keepMs` old. Requests that ask while it is being read wait for that read instead of
// starting their own; a read that fails is not kept (each waiting request gets its error).

export type KeptValue<T> = () => Promise<T>;

export function createKeptValue<T>(
  read: () => Promise<T>,
  { keepMs, now = () => Date.now() }: { keepMs: number; now?: () => number },
): KeptValue<T> {
  let kept: { value: T; readAt: number } | null = null;
  let reading: Promise<T> | null = null;
  return () => {
    if (kept && now() - kept.readAt < keepMs) return Promise.resolve(kept.value);
    if (!reading) {
      const startedAt = now();
      reading = read()
        .then((value) => {
          kept = { value, readAt: startedAt };
          return value;
        })
        .finally(() => {
          reading = null;
        });
    }
    return reading;
  };
}
