import { Writable } from 'node:stream';

/** pino's numbers for the levels a test looks for. */
export const LOG_LEVEL = { warn: 40, error: 50 } as const;

/** A line the app logged, parsed: pino's fields (`level`, `msg`) and whatever the call added. */
export type LogLine = { level: number; msg?: string } & Record<string, unknown>;

/**
 * A log destination for `createTestApp({ logDestination })` that keeps every line the app writes:
 * parsed, in `lines`, and as written, in `raw` (to look for what must never reach the log).
 */
export function capturedLog() {
  const lines: LogLine[] = [];
  const raw: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      raw.push(String(chunk));
      lines.push(JSON.parse(String(chunk)) as LogLine);
      done();
    },
  });
  return { lines, raw, destination };
}
